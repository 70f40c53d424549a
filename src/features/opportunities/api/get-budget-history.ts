import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

const satang = z.number().int();

/** What brief_budget_history() answers (supabase/migrations/…_budgets.sql), every amount in satang. */
const budgetHistorySchema = z.object({
  budgetSatang: satang,
  /** Counted views × the brief's brand rate. */
  spentSatang: satang,
  /** Counted and pending-review views: pending ones hold their place in the budget. */
  committedSatang: satang,
  remainingSatang: satang,
  budgetReached: z.boolean(),
  last7DaysSatang: satang,
  /** Days left at the last 7 days' pace; null when nothing was spent in them. */
  runwayDays: z.number().int().nullable(),
  /** The last 30 days (Thailand), oldest first: the spend the budget admitted each day. */
  days: z.array(z.object({ day: z.string(), satang })),
});

export type BudgetHistory = z.infer<typeof budgetHistorySchema>;

/** One brief's spend against its budget, for its brand (or an admin). */
export async function getBudgetHistory(briefId: string): Promise<BudgetHistory> {
  const { data, error } = await supabase().rpc('brief_budget_history', { p_brief: briefId });
  if (error) throw toAppError(error, 'metrics_load_failed');
  const parsed = budgetHistorySchema.safeParse(data);
  if (!parsed.success) throw new AppError('metrics_load_failed', parsed.error.message);
  return parsed.data;
}

export const budgetHistoryQueryOptions = (briefId: string) =>
  queryOptions({ queryKey: opportunityKeys.budget(briefId), queryFn: () => getBudgetHistory(briefId) });

export const useBudgetHistory = (briefId: string) => useQuery(budgetHistoryQueryOptions(briefId));
