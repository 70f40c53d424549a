import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandMetrics } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { metricsKeys } from './keys';

/** The brand_metrics SQL function: totals over the videos tied to the brand (spec §3/§9). */
export async function getBrandMetrics(brandId: string): Promise<BrandMetrics> {
  const { data, error } = await supabase().rpc('brand_metrics', { brand: brandId });
  if (error) throw toAppError(error, 'metrics_load_failed');
  return data;
}

export const brandMetricsQueryOptions = (brandId: string | undefined) =>
  queryOptions({ queryKey: metricsKeys.brand(brandId), queryFn: () => getBrandMetrics(brandId!), enabled: Boolean(brandId) });

export const useBrandMetrics = (brandId: string | undefined) => useQuery(brandMetricsQueryOptions(brandId));
