import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { earningsKeys } from './keys';

// The generated types know earnings_this_month() only as Json: its shape is checked here.
const thisMonthSchema = z.object({
  month: z.string(),
  measuredViews: z.number(),
  countedViews: z.number(),
  pendingViews: z.number(),
  notCountedViews: z.number(),
  grossSatang: z.number(),
});

/** The signed-in creator's month so far (Thailand time): views split as the ledger splits them, and the gross they accrue. */
export type ThisMonth = z.output<typeof thisMonthSchema>;

export async function getThisMonth(): Promise<ThisMonth> {
  const { data, error } = await supabase().rpc('earnings_this_month');
  if (error) throw toAppError(error, 'metrics_load_failed');
  const parsed = thisMonthSchema.safeParse(data);
  if (!parsed.success) throw new AppError('metrics_load_failed', 'earnings_this_month answered an unexpected shape');
  return parsed.data;
}

export const thisMonthQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: earningsKeys.thisMonth(userId), queryFn: getThisMonth, enabled: Boolean(userId) });

export const useThisMonth = (userId: string | undefined) => useQuery(thisMonthQueryOptions(userId));
