import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableRow } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { pageArgs, toKeysetPage, type KeysetPage, type PageAt } from '@/lib/paging';
import { supabase } from '@/lib/supabase';
import { paymentsKeys, paymentsPageSize } from './keys';
import { getNames, uniqueIds } from './names';

export type PaidPayout = Pick<TableRow<'payouts'>, 'id' | 'creator_id' | 'month' | 'net_satang' | 'wht_satang'> & {
  paid_on: string;
  reference: string;
  creatorName: string | null;
};

/** Payouts marked paid, most recently recorded first: admin_payouts_page (keyset, src/lib/paging.ts; counted up to 10,000). */
export async function listPaidPayouts(at: PageAt): Promise<KeysetPage<PaidPayout> & { rows: PaidPayout[] }> {
  const { data, error } = await supabase().rpc('admin_payouts_page', { p_paid: true, ...pageArgs(at), p_limit: paymentsPageSize });
  if (error) throw toAppError(error, 'internal_error');
  const page = toKeysetPage(data, paymentsPageSize, (row) => row.id);
  const names = await getNames(uniqueIds(page.data.map((row) => row.creator_id)));
  // A paid payout always has its day and reference (payouts' check).
  const rows = page.data.map(({ id, creator_id, month, net_satang, wht_satang, paid_on, reference }) => ({
    id,
    creator_id,
    month,
    net_satang,
    wht_satang,
    paid_on: paid_on ?? '',
    reference: reference ?? '',
    creatorName: names.get(creator_id) ?? null,
  }));
  return { ...page, data: rows, rows };
}

export const paidPayoutsQueryOptions = (at: PageAt) =>
  queryOptions({ queryKey: paymentsKeys.paidPayouts(at), queryFn: () => listPaidPayouts(at), placeholderData: keepPreviousData });

export const usePaidPayouts = (at: PageAt) => useQuery(paidPayoutsQueryOptions(at));
