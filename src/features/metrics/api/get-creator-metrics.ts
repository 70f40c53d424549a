import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorMetrics } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { metricsKeys } from './keys';
import { metricsCacheMs, readCachedMetrics, writeCachedMetrics } from './metrics-cache';

/** The creator_metrics SQL function (spec §3/§9), cached per user for 5 minutes. */
export async function getCreatorMetrics(userId: string): Promise<CreatorMetrics> {
  const { data, error } = await supabase().rpc('creator_metrics', { creator: userId });
  if (error) throw toAppError(error, 'metrics_load_failed');
  writeCachedMetrics(userId, data);
  return data;
}

export const creatorMetricsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: metricsKeys.creator(userId),
    queryFn: () => getCreatorMetrics(userId!),
    enabled: Boolean(userId),
    staleTime: metricsCacheMs,
    initialData: () => (userId ? readCachedMetrics(userId) : undefined),
    initialDataUpdatedAt: () => (userId ? readCachedMetrics(userId)?.updatedAt : undefined),
  });

export const useCreatorMetrics = (userId: string | undefined) => useQuery(creatorMetricsQueryOptions(userId));
