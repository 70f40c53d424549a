import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { earningsKeys } from './keys';

export type PayoutBank = { code: string; name_en: string; name_th: string };

/** payout_banks: the Thai banks a creator can be paid at. */
export async function getPayoutBanks(): Promise<PayoutBank[]> {
  const { data, error } = await supabase().from('payout_banks').select('code, name_en, name_th');
  if (error) throw toAppError(error, 'internal_error');
  // A view's columns are nullable in the generated types; the list is literal values.
  return data.flatMap(({ code, name_en, name_th }) => (code && name_en && name_th ? [{ code, name_en, name_th }] : []));
}

export const payoutBanksQueryOptions = () => queryOptions({ queryKey: earningsKeys.payoutBanks(), queryFn: getPayoutBanks, staleTime: Infinity });

export const usePayoutBanks = () => useQuery(payoutBanksQueryOptions());
