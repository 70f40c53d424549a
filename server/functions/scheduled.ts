import type { RefreshSummary } from '../../supabase/functions/_shared/tiktok-refresh';
import type { LedgerRules, PayRules } from '../config';
import type { Queryable } from '../db/types';

/**
 * Scheduled work, locally (DESIGN.md §2.12): on hosted Supabase pg_cron calls tiktok-refresh
 * and the ledger rules are set in SQL; here the server does both itself.
 */

/**
 * Writes the configured rules into public.ledger_rules, only when they differ: a restart with
 * the same settings changes nothing (and does not recount every video's window).
 * Answers whether the row changed.
 */
export async function writeLedgerRules(db: Queryable, rules: LedgerRules): Promise<boolean> {
  const { affectedRows } = await db.query(
    `update public.ledger_rules
        set count_window_days = $1, review_auto_approve_hours = $2, refresh_early_hours = $3, refresh_early_days = $4, refresh_late_hours = $5
      where id
        and (count_window_days, review_auto_approve_hours, refresh_early_hours, refresh_early_days, refresh_late_hours)
            is distinct from ($1::integer, $2::integer, $3::integer, $4::integer, $5::integer)`,
    [rules.countWindowDays, rules.reviewAutoApproveHours, rules.refreshEarlyHours, rules.refreshEarlyDays, rules.refreshLateHours],
  );
  return affectedRows > 0;
}

/** Writes the configured withholding-tax rate and payer into public.pay_rules, only when they differ. */
export async function writePayRules(db: Queryable, rules: PayRules): Promise<boolean> {
  const { affectedRows } = await db.query(
    `update public.pay_rules
        set wht_rate_bp = $1, payer_name = $2, payer_tax_id = $3, payer_address = $4, updated_at = now()
      where id and (wht_rate_bp, payer_name, payer_tax_id, payer_address) is distinct from ($1::integer, $2::text, $3::text, $4::text)`,
    [rules.whtRateBp, rules.payerName, rules.payerTaxId, rules.payerAddress],
  );
  return affectedRows > 0;
}

/**
 * Calls tiktok-refresh as pg_cron does on hosted Supabase (docs/deploy.md): a POST to
 * /functions/v1/tiktok-refresh with the secret key as `apikey` and bearer token, through `send`
 * (the server's own app, in-process).
 */
export async function callRefresh(send: (request: Request) => Response | Promise<Response>, baseUrl: string, secretKey: string): Promise<RefreshSummary> {
  const response = await send(
    new Request(`${baseUrl}/functions/v1/tiktok-refresh`, {
      method: 'POST',
      headers: { apikey: secretKey, Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    }),
  );
  const answer = (await response.json().catch(() => null)) as (RefreshSummary & { code?: string }) | null;
  if (!response.ok || !answer) throw new Error(`tiktok-refresh answered ${response.status}${answer?.code ? ` (${answer.code})` : ''}`);
  return answer;
}

export type Timer = { stop(): void };

/**
 * Runs `run` every `intervalMs`, the first time one interval after the start. The next run is
 * scheduled when the previous one ends, so runs never overlap; the timer does not keep the
 * process alive. A failing run is logged and the next one comes as usual.
 */
export function startTimer(intervalMs: number, run: () => Promise<void>, label = 'timer'): Timer {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        await run();
      } catch (error) {
        console.error(`[${label}] run failed:`, (error as Error).message);
      }
      schedule();
    }, intervalMs);
    timer.unref?.();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** The server's refresh timer: tiktok-refresh every `intervalMin` minutes, logging what it did. */
export function startRefreshTimer(intervalMin: number, refreshNow: () => Promise<RefreshSummary>): Timer {
  return startTimer(
    intervalMin * 60_000,
    async () => {
      const summary = await refreshNow();
      const { refreshed, unavailable, failed } = summary;
      if (refreshed + unavailable + failed > 0) console.log(`[tiktok-refresh] ${refreshed} refreshed, ${unavailable} unavailable, ${failed} failed`);
    },
    'tiktok-refresh',
  );
}

/** How often the server writes down the clock's approvals (public.settle_reviews). */
export const settleIntervalMin = 15;

/**
 * Writes down the reviews the clock approved (public.settle_reviews), as pg_cron does on hosted
 * Supabase: the figures are right without it; it keeps the totals' last-moment correction small.
 * And closes last month once it is over (public.close_due_months: on the 1st, Thailand time), and
 * writes the notifications a clock raises (public.notify_due: deadlines near, reviews about to
 * approve themselves, TikTok connections about to lapse).
 */
export function startSettleTimer(db: Queryable): Timer {
  return startTimer(
    settleIntervalMin * 60_000,
    async () => {
      const { rows } = await db.query<{ settled: number }>('select public.settle_reviews() as settled');
      if (rows[0].settled > 0) console.log(`[settle-reviews] ${rows[0].settled} reviews approved by the clock`);
      await closeDueMonths(db);
      await db.query('select public.notify_due()');
    },
    'settle-reviews',
  );
}

/** Closes last month when it is over and not closed yet (public.close_due_months), logging what it wrote. */
export async function closeDueMonths(db: Queryable): Promise<{ month: string; entries: number; payouts: number } | null> {
  const { rows } = await db.query<{ closed: { month: string; entries: number; payouts: number } | null }>('select public.close_due_months() as closed');
  const closed = rows[0].closed;
  if (closed) console.log(`[close-month] ${closed.month}: ${closed.entries} ledger entries, ${closed.payouts} payouts`);
  return closed;
}
