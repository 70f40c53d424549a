import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { metricsKeys } from './keys';

export type PayRates = { brandPer1000: number; creatorPer1000: number };

/** pay_rates(): the one place the rates live (baht per 1,000 counted views). */
export async function getPayRates(): Promise<PayRates> {
  const { data, error } = await supabase().rpc('pay_rates').single();
  if (error) throw toAppError(error, 'pay_rates_load_failed');
  return { brandPer1000: data.brand_per_1000, creatorPer1000: data.creator_per_1000 };
}

export const payRatesQueryOptions = () => queryOptions({ queryKey: metricsKeys.payRates(), queryFn: getPayRates, staleTime: Infinity });

export const usePayRates = () => useQuery(payRatesQueryOptions());
