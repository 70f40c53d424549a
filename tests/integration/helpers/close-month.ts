import type { SupabaseClient } from '@supabase/supabase-js';
import type { CloseRun } from '../../../server/functions/scheduled';

export type CloseOutcome = { data: CloseRun | null; error: { code: string; message: string } | null };

/**
 * What an admin's "Close month" comes to: asks (close_month answers a queued run, or refuses at
 * once), then follows the run, as the page does, until the server's runner has carried it out.
 * A refusal, immediate or the run's, is the error; a finished run is the data.
 */
export async function closeMonth(client: SupabaseClient, month: string, timeoutMs = 120_000): Promise<CloseOutcome> {
  const asked = await client.rpc('close_month', { p_month: month });
  if (asked.error) return { data: null, error: { code: asked.error.code, message: asked.error.message } };
  let run = asked.data as CloseRun;
  const deadline = Date.now() + timeoutMs;
  while (run.status === 'queued' || run.status === 'running') {
    if (Date.now() > deadline) throw new Error(`the close of ${month} was still ${run.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { data, error } = await client.rpc('month_close_run', { p_id: run.id });
    if (error) throw new Error(`following the close of ${month}: ${error.message}`);
    run = data as CloseRun;
  }
  return run.status === 'failed' ? { data: run, error: { code: run.error_code ?? 'internal_error', message: `the close of ${month} failed` } } : { data: run, error: null };
}

const hour = 3_600_000;

/** Thailand time (UTC+7): the month `offset` months from now, as its first day (`key`, YYYY-MM-01), and the instant it began. */
export function monthInThailand(offset: number) {
  const now = new Date(Date.now() + 7 * hour);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return { key: first.toISOString().slice(0, 10), starts: new Date(first.getTime() - 7 * hour) };
}
