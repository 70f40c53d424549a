import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { paymentsKeys } from './keys';

/** The month to close, as its first day. */
export const closeMonthSchema = z.object({ month: z.string().regex(/^\d{4}-\d{2}-01$/, 'errors:month_required') });
export type CloseMonthInput = z.output<typeof closeMonthSchema>;

/**
 * A month's close as close_month() answers it and month_close_run() follows it: queued, running
 * (outside any request: the scheduler carries it out), then done with its counts (already_closed:
 * an earlier close did it) or failed with the refusal's code.
 */
const closeRun = z.object({
  id: z.number(),
  month: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  requested_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  entries: z.number().nullable(),
  payouts: z.number().nullable(),
  already_closed: z.boolean().nullable(),
  error_code: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type CloseRun = z.output<typeof closeRun>;

export const isFinished = (run: CloseRun) => run.status === 'done' || run.status === 'failed';

function parseRun(data: unknown, from: string): CloseRun {
  const answer = closeRun.safeParse(data);
  if (!answer.success) throw new AppError('internal_error', `${from} answered an unexpected shape`);
  return answer.data;
}

/** close_month(): asks for the month's close; refused at once when it cannot close, else the run. */
export async function closeMonth(input: CloseMonthInput): Promise<CloseRun> {
  const { month } = parseOrThrow(closeMonthSchema.safeParse(input));
  const { data, error } = await supabase().rpc('close_month', { p_month: month });
  if (error) throw toAppError(error, 'internal_error');
  return parseRun(data, 'close_month');
}

/** month_close_run(): a run by id, or (no id) the one queued or running, null when none. */
export async function getCloseRun(id: number | null): Promise<CloseRun | null> {
  const { data, error } = await supabase().rpc('month_close_run', id === null ? {} : { p_id: id });
  if (error) throw toAppError(error, 'internal_error');
  return data === null ? null : parseRun(data, 'month_close_run');
}

/** How often a close the page follows is asked about while it waits or runs. */
const followEveryMs = 1000;

/**
 * The close the page follows: the run this page asked for, else one already queued or running
 * when the page opened. Asked about every second until it ends; then every payments list is
 * reloaded (a close adds entries, payouts and invoices).
 */
export function useCloseRun(asked: CloseRun | undefined) {
  const queryClient = useQueryClient();
  const id = asked?.id ?? null;
  return useQuery({
    queryKey: paymentsKeys.closeRun(id),
    queryFn: async () => {
      const run = await getCloseRun(id);
      if (run && isFinished(run)) void queryClient.invalidateQueries({ queryKey: paymentsKeys.admin() });
      return run;
    },
    initialData: asked,
    refetchInterval: (query) => (query.state.data && !isFinished(query.state.data) ? followEveryMs : false),
    // An unfinished run the mutation answered is asked about at once; a finished one needs no question.
    staleTime: (query) => (query.state.data && isFinished(query.state.data) ? Infinity : 0),
  });
}

/** The section shows refusals itself. */
export function useCloseMonth() {
  return useMutation({ mutationFn: closeMonth, meta: { inlineError: true } });
}
