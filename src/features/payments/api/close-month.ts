import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { paymentsKeys } from './keys';

/** The month to close, as its first day. */
export const closeMonthSchema = z.object({ month: z.string().regex(/^\d{4}-\d{2}-01$/, 'errors:month_required') });
export type CloseMonthInput = z.output<typeof closeMonthSchema>;

/** What close_month() answers: the month's counts, and whether an earlier call (or the scheduler) closed it already. */
const closeMonthAnswer = z.object({
  month: z.string(),
  closed_at: z.string(),
  entries: z.number(),
  payouts: z.number(),
  already_closed: z.boolean(),
});
export type CloseMonthResult = z.output<typeof closeMonthAnswer>;

/** close_month(): writes the month's ledger entries and payouts, once; a closed month answers what its close did. */
export async function closeMonth(input: CloseMonthInput): Promise<CloseMonthResult> {
  const { month } = parseOrThrow(closeMonthSchema.safeParse(input));
  const { data, error } = await supabase().rpc('close_month', { p_month: month });
  if (error) throw toAppError(error, 'internal_error');
  const answer = closeMonthAnswer.safeParse(data);
  if (!answer.success) throw new AppError('internal_error', 'close_month answered an unexpected shape');
  return answer.data;
}

/** A close adds entries, payouts and invoices: every admin payments list changes. The section shows refusals itself. */
export function useCloseMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeMonth,
    meta: { inlineError: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentsKeys.admin() }),
  });
}
