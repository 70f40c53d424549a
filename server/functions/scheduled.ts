import type { EmailSummary } from '../../supabase/functions/_shared/send-emails';
import type { RefreshSummary } from '../../supabase/functions/_shared/tiktok-refresh';
import type { LedgerRules, PayRules } from '../config';
import type { Queryable } from '../db/types';

/**
 * Scheduled work, locally (DESIGN.md §2.12): on hosted Supabase pg_cron calls tiktok-refresh and
 * send-emails and the ledger rules are set in SQL; here the server does all of it itself.
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

/**
 * Writes the configured withholding-tax rate, payer and tax position (VAT registration and rate,
 * branch, the brands' withholding rate) into public.pay_rules, only when they differ.
 */
export async function writePayRules(db: Queryable, rules: PayRules): Promise<boolean> {
  const { affectedRows } = await db.query(
    `update public.pay_rules
        set wht_rate_bp = $1, payer_name = $2, payer_tax_id = $3, payer_address = $4,
            vat_registered = $5, vat_rate_bp = $6, company_branch = $7, brand_wht_rate_bp = $8, updated_at = now()
      where id
        and (wht_rate_bp, payer_name, payer_tax_id, payer_address, vat_registered, vat_rate_bp, company_branch, brand_wht_rate_bp)
            is distinct from ($1::integer, $2::text, $3::text, $4::text, $5::boolean, $6::integer, $7::text, $8::integer)`,
    [rules.whtRateBp, rules.payerName, rules.payerTaxId, rules.payerAddress, rules.vatRegistered, rules.vatRateBp, rules.companyBranch, rules.brandWhtRateBp],
  );
  return affectedRows > 0;
}

/**
 * Calls a scheduled function as pg_cron does on hosted Supabase (docs/deploy.md): a POST to
 * /functions/v1/<name> with the secret key as `apikey` and bearer token, through `send` (the
 * server's own app, in-process). Answers its JSON.
 */
export async function callAsScheduler<T>(name: string, send: (request: Request) => Response | Promise<Response>, baseUrl: string, secretKey: string): Promise<T> {
  const response = await send(
    new Request(`${baseUrl}/functions/v1/${name}`, {
      method: 'POST',
      headers: { apikey: secretKey, Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    }),
  );
  const answer = (await response.json().catch(() => null)) as (T & { code?: string }) | null;
  if (!response.ok || !answer) throw new Error(`${name} answered ${response.status}${answer?.code ? ` (${answer.code})` : ''}`);
  return answer;
}

/** tiktok-refresh, as the scheduler calls it. */
export const callRefresh = (send: (request: Request) => Response | Promise<Response>, baseUrl: string, secretKey: string) =>
  callAsScheduler<RefreshSummary>('tiktok-refresh', send, baseUrl, secretKey);

/** send-emails, as the scheduler calls it. */
export const callSendEmails = (send: (request: Request) => Response | Promise<Response>, baseUrl: string, secretKey: string) =>
  callAsScheduler<EmailSummary>('send-emails', send, baseUrl, secretKey);

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

/** The server's e-mail timer: send-emails every `intervalSec` seconds, logging what it did. */
export function startEmailTimer(intervalSec: number, sendNow: () => Promise<EmailSummary>): Timer {
  return startTimer(
    intervalSec * 1000,
    async () => {
      const { sent, failed } = await sendNow();
      if (sent + failed > 0) console.log(`[send-emails] ${sent} sent, ${failed} kept for the next run`);
    },
    'send-emails',
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

/** A month close as public.close_month answers it and public.month_close_runs keeps it. */
export type CloseRun = {
  id: number;
  month: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  entries: number | null;
  payouts: number | null;
  already_closed: boolean | null;
  error_code: string | null;
  /** When the month was closed (by this run or an earlier close); null until then. */
  closed_at: string | null;
};

/**
 * Carries out the month closes asked for (public.run_month_closes), as pg_cron does on hosted
 * Supabase, outside any API request: each run is committed as it starts and as it ends, so the
 * admin's page sees it running. Answers the runs it finished.
 */
export async function runMonthCloses(db: Queryable): Promise<CloseRun[]> {
  const { rows } = await db.query<{ last: number | null }>(
    `select max(id) as last from public.month_close_runs
      where status = 'queued' or (status = 'running' and not exists (select 1 from pg_stat_activity a where a.pid = runner_pid))`,
  );
  if (rows[0].last === null) return [];
  const { rows: before } = await db.query<{ last: number | null }>(`select max(id) as last from public.month_close_runs where status in ('done', 'failed')`);
  await db.query('call public.run_month_closes()');
  const { rows: finished } = await db.query<{ run: CloseRun }>(
    `select private.close_run_answer(r) as run from public.month_close_runs r
      where r.status in ('done', 'failed') and r.id > coalesce($1::bigint, 0) order by r.id`,
    [before[0].last],
  );
  for (const { run } of finished) {
    console.log(
      run.status === 'done'
        ? `[close-month] ${run.month}: ${run.entries} ledger entries, ${run.payouts} payouts${run.already_closed ? ' (closed already)' : ''}`
        : `[close-month] ${run.month} failed: ${run.error_code}`,
    );
  }
  return finished.map((row) => row.run);
}

/** How often the local server looks for month closes to carry out (pg_cron: every 5 seconds). */
export const closeRunIntervalMs = 1000;

/** The server's runner of month closes (public.run_month_closes). */
export function startCloseRunner(db: Queryable, intervalMs = closeRunIntervalMs): Timer {
  return startTimer(intervalMs, async () => void (await runMonthCloses(db)), 'close-month');
}

/**
 * Closes last month when it is over and not closed yet, as the scheduler does: asks
 * (public.close_due_months), then carries the run out. Answers the finished run, or null when
 * there was nothing to close.
 */
export async function closeDueMonths(db: Queryable): Promise<CloseRun | null> {
  const { rows } = await db.query<{ run: CloseRun | null }>('select public.close_due_months() as run');
  const asked = rows[0].run;
  if (!asked) return null;
  await runMonthCloses(db);
  // The server's own runner may have taken it first (another connection): it is followed to its end.
  for (;;) {
    const { rows: now } = await db.query<{ run: CloseRun }>('select private.close_run_answer(r) as run from public.month_close_runs r where r.id = $1', [asked.id]);
    if (now[0].run.status === 'done' || now[0].run.status === 'failed') return now[0].run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
