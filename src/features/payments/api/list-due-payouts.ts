import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableRow } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { pageRange, paged, paymentsKeys, type Paged } from './keys';
import { getNames, uniqueIds } from './names';

/** Where a creator is paid: a PromptPay ID, or a Thai bank account (payout_accounts' checks hold one or the other). */
export type PayoutAccount =
  | { method: 'promptpay'; promptpayId: string }
  | { method: 'bank'; bankCode: string; accountNumber: string; accountName: string };

export type DuePayout = Pick<TableRow<'payouts'>, 'id' | 'creator_id' | 'month' | 'gross_satang' | 'wht_satang' | 'net_satang' | 'wht_rate_bp'> & {
  creatorName: string | null;
  /** null: the creator has not given their payout details yet, so they cannot be paid. */
  account: PayoutAccount | null;
};

function toAccount(row: Pick<TableRow<'payout_accounts'>, 'method' | 'promptpay_id' | 'bank_code' | 'account_number' | 'account_name'>): PayoutAccount | null {
  if (row.method === 'promptpay' && row.promptpay_id) return { method: 'promptpay', promptpayId: row.promptpay_id };
  if (row.method === 'bank' && row.bank_code && row.account_number) return { method: 'bank', bankCode: row.bank_code, accountNumber: row.account_number, accountName: row.account_name ?? '' };
  return null;
}

/** The payout details of these creators (payout_accounts: admins read everyone's), by creator. */
async function getPayoutAccounts(creatorIds: string[]): Promise<Map<string, PayoutAccount>> {
  const accounts = new Map<string, PayoutAccount>();
  if (creatorIds.length === 0) return accounts;
  const { data, error } = await supabase()
    .from('payout_accounts')
    .select('creator_id, method, promptpay_id, bank_code, account_number, account_name')
    .in('creator_id', creatorIds);
  if (error) throw toAppError(error, 'internal_error');
  for (const row of data) {
    const account = toAccount(row);
    if (account) accounts.set(row.creator_id, account);
  }
  return accounts;
}

/** Payouts not paid yet (paid_at is null), oldest month first, with each creator's name and payout details. */
export async function listDuePayouts(page: number): Promise<Paged<DuePayout>> {
  const [from, to] = pageRange(page);
  const { data, error, count } = await supabase()
    .from('payouts')
    .select('id, creator_id, month, gross_satang, wht_satang, net_satang, wht_rate_bp', { count: 'exact' })
    .is('paid_at', null)
    .order('month')
    .order('created_at')
    .order('id')
    .range(from, to);
  if (error) throw toAppError(error, 'internal_error');
  const creators = uniqueIds(data.map((row) => row.creator_id));
  const [names, accounts] = await Promise.all([getNames(creators), getPayoutAccounts(creators)]);
  const rows = data.map((row) => ({ ...row, creatorName: names.get(row.creator_id) ?? null, account: accounts.get(row.creator_id) ?? null }));
  return paged(rows, count);
}

export const duePayoutsQueryOptions = (page: number) =>
  queryOptions({ queryKey: paymentsKeys.duePayouts(page), queryFn: () => listDuePayouts(page), placeholderData: keepPreviousData });

export const useDuePayouts = (page: number) => useQuery(duePayoutsQueryOptions(page));
