import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableRow } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { pageRange, paged, paymentsKeys, type Paged } from './keys';
import { getNames, uniqueIds } from './names';

export type PaidPayout = Pick<TableRow<'payouts'>, 'id' | 'creator_id' | 'month' | 'net_satang' | 'wht_satang'> & {
  paid_on: string;
  reference: string;
  creatorName: string | null;
};

/** Payouts marked paid, most recently recorded first. */
export async function listPaidPayouts(page: number): Promise<Paged<PaidPayout>> {
  const [from, to] = pageRange(page);
  const { data, error, count } = await supabase()
    .from('payouts')
    .select('id, creator_id, month, net_satang, wht_satang, paid_on, reference', { count: 'exact' })
    .not('paid_at', 'is', null)
    .order('paid_at', { ascending: false })
    .order('id')
    .range(from, to);
  if (error) throw toAppError(error, 'internal_error');
  const names = await getNames(uniqueIds(data.map((row) => row.creator_id)));
  // A paid payout always has its day and reference (payouts' check).
  const rows = data.map((row) => ({ ...row, paid_on: row.paid_on ?? '', reference: row.reference ?? '', creatorName: names.get(row.creator_id) ?? null }));
  return paged(rows, count);
}

export const paidPayoutsQueryOptions = (page: number) =>
  queryOptions({ queryKey: paymentsKeys.paidPayouts(page), queryFn: () => listPaidPayouts(page), placeholderData: keepPreviousData });

export const usePaidPayouts = (page: number) => useQuery(paidPayoutsQueryOptions(page));
