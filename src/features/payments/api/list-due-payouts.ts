import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableRow } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { pageArgs, toKeysetPage, type KeysetPage, type PageAt } from '@/lib/paging';
import { supabase } from '@/lib/supabase';
import { paymentsKeys, paymentsPageSize } from './keys';
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

/**
 * Payouts not paid yet (paid_at is null), oldest month first, with each creator's name and
 * payout details: admin_payouts_page (keyset, src/lib/paging.ts; counted up to 10,000).
 */
export async function listDuePayouts(at: PageAt): Promise<KeysetPage<DuePayout> & { rows: DuePayout[] }> {
  const { data, error } = await supabase().rpc('admin_payouts_page', { p_paid: false, ...pageArgs(at), p_limit: paymentsPageSize });
  if (error) throw toAppError(error, 'internal_error');
  const page = toKeysetPage(data, paymentsPageSize, (row) => row.id);
  const creators = uniqueIds(page.data.map((row) => row.creator_id));
  const [names, accounts] = await Promise.all([getNames(creators), getPayoutAccounts(creators)]);
  const rows = page.data.map(({ paid_on: _paidOn, reference: _reference, ...row }) => ({ ...row, creatorName: names.get(row.creator_id) ?? null, account: accounts.get(row.creator_id) ?? null }));
  return { ...page, data: rows, rows };
}

export const duePayoutsQueryOptions = (at: PageAt) =>
  queryOptions({ queryKey: paymentsKeys.duePayouts(at), queryFn: () => listDuePayouts(at), placeholderData: keepPreviousData });

export const useDuePayouts = (at: PageAt) => useQuery(duePayoutsQueryOptions(at));
