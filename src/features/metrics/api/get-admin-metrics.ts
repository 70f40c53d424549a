import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMetrics } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { metricsKeys } from './keys';

/** The admin_metrics SQL function: the platform's figures over the ledger's counted views (spec §3/§9). */
export async function getAdminMetrics(): Promise<AdminMetrics> {
  const { data, error } = await supabase().rpc('admin_metrics');
  if (error) throw toAppError(error, 'metrics_load_failed');
  return data;
}

export const adminMetricsQueryOptions = () => queryOptions({ queryKey: metricsKeys.platform(), queryFn: getAdminMetrics });

export const useAdminMetrics = (enabled = true) => useQuery({ ...adminMetricsQueryOptions(), enabled });
