import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { earningsKeys } from './keys';

const columns = 'wht_rate_bp, wht_threshold_satang, payout_minimum_satang, payer_name, payer_tax_id, payer_address';

/** pay_rules: withholding tax, the minimum payout and the payer; texts quote the numbers from here. */
export async function getPayRules() {
  const { data, error } = await supabase().from('pay_rules').select(columns).single();
  if (error) throw toAppError(error, 'pay_rates_load_failed');
  return data;
}

export type PayRules = Awaited<ReturnType<typeof getPayRules>>;

export const payRulesQueryOptions = () => queryOptions({ queryKey: earningsKeys.payRules(), queryFn: getPayRules, staleTime: Infinity });

export const usePayRules = () => useQuery(payRulesQueryOptions());
