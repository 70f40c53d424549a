import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { earningsKeys } from './keys';

/** Closed months a page of the list shows. */
export const statementsPageSize = 12;

const columns = 'month, views, gross_satang, wht_satang, net_satang, carried_in_satang, status, payout_id, paid_on, reference, carried_to';

// A view's columns are all nullable in the generated types; the SQL fills every one but the payout's.
const statementSchema = z.object({
  month: z.string(),
  views: z.number(),
  gross_satang: z.number(),
  wht_satang: z.number(),
  net_satang: z.number(),
  carried_in_satang: z.number(),
  status: z.enum(['due', 'paid', 'carried_over']),
  payout_id: z.string().nullable(),
  paid_on: z.string().nullable(),
  reference: z.string().nullable(),
  carried_to: z.string().nullable(),
});

/** A row of creator_statements: a closed month of the creator's. */
export type Statement = z.output<typeof statementSchema>;
export type StatementStatus = Statement['status'];

function parseStatements(rows: unknown): Statement[] {
  const parsed = z.array(statementSchema).safeParse(rows);
  if (!parsed.success) throw new AppError('metrics_load_failed', 'creator_statements answered an unexpected shape');
  return parsed.data;
}

export type StatementsPage = { rows: Statement[]; totalCount: number };

/** A page of the creator's closed months, newest first. */
export async function listStatements(userId: string, page: number): Promise<StatementsPage> {
  const from = page * statementsPageSize;
  const { data, error, count } = await supabase()
    .from('creator_statements')
    .select(columns, { count: 'exact' })
    .eq('creator_id', userId)
    .order('month', { ascending: false })
    .range(from, from + statementsPageSize - 1);
  if (error) throw toAppError(error, 'metrics_load_failed');
  return { rows: parseStatements(data), totalCount: count ?? 0 };
}

/** Every closed month, newest first, for the CSV file (a month a row: a few dozen at most). */
export async function listAllStatements(userId: string): Promise<Statement[]> {
  const { data, error } = await supabase().from('creator_statements').select(columns).eq('creator_id', userId).order('month', { ascending: false });
  if (error) throw toAppError(error, 'metrics_load_failed');
  return parseStatements(data);
}

export const statementsQueryOptions = (userId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: earningsKeys.statements(userId),
    queryFn: ({ pageParam }) => listStatements(userId!, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * statementsPageSize < last.totalCount ? pages.length : undefined),
    enabled: Boolean(userId),
  });

export const useStatements = (userId: string | undefined) => useInfiniteQuery(statementsQueryOptions(userId));

/** Every statement, read afresh each time the file is asked for. */
export const allStatementsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: earningsKeys.allStatements(userId), queryFn: () => listAllStatements(userId), staleTime: 0 });
