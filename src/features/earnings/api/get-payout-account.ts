import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { earningsKeys } from './keys';

const columns = 'method, promptpay_id, bank_code, account_number, account_name, legal_name, address, tax_id, tax_consent_at, updated_at';

/** Where the creator is paid and their tax details (payout_accounts: the owner and admins only), or null before they save any. */
export async function getPayoutAccount(userId: string) {
  const { data, error } = await supabase().from('payout_accounts').select(columns).eq('creator_id', userId).maybeSingle();
  if (error) throw toAppError(error, 'internal_error');
  return data;
}

export type PayoutAccount = NonNullable<Awaited<ReturnType<typeof getPayoutAccount>>>;

export const payoutAccountQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: earningsKeys.payoutAccount(userId), queryFn: () => getPayoutAccount(userId!), enabled: Boolean(userId) });

export const usePayoutAccount = (userId: string | undefined) => useQuery(payoutAccountQueryOptions(userId));
