import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { paymentsKeys } from './keys';

export type PayoutBank = { code: string; name_en: string; name_th: string };

/** payout_banks: the Thai banks a creator can be paid at, by code. */
export async function getPayoutBanks(): Promise<Map<string, PayoutBank>> {
  const { data, error } = await supabase().from('payout_banks').select('code, name_en, name_th');
  if (error) throw toAppError(error, 'internal_error');
  return new Map(data.flatMap((bank) => (bank.code ? [[bank.code, { code: bank.code, name_en: bank.name_en ?? bank.code, name_th: bank.name_th ?? bank.code }] as const] : [])));
}

export const payoutBanksQueryOptions = () => queryOptions({ queryKey: paymentsKeys.banks(), queryFn: getPayoutBanks, staleTime: Infinity });

export const usePayoutBanks = () => useQuery(payoutBanksQueryOptions());
