import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableRow } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { pageRange, paged, paymentsKeys, type Paged } from './keys';

export type MonthClose = TableRow<'month_closes'>;

export const monthClosesPageSize = 12;

/** month_closes: the closed months, newest first; closed_by is null when the scheduler closed it. */
export async function listMonthCloses(page: number): Promise<Paged<MonthClose>> {
  const [from, to] = pageRange(page, monthClosesPageSize);
  const { data, error, count } = await supabase()
    .from('month_closes')
    .select('month, closed_at, closed_by, entries, payouts', { count: 'exact' })
    .order('month', { ascending: false })
    .range(from, to);
  if (error) throw toAppError(error, 'internal_error');
  return paged(data, count, monthClosesPageSize);
}

export const monthClosesQueryOptions = (page: number) =>
  queryOptions({ queryKey: paymentsKeys.monthCloses(page), queryFn: () => listMonthCloses(page), placeholderData: keepPreviousData });

export const useMonthCloses = (page: number) => useQuery(monthClosesQueryOptions(page));
