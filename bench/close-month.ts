import type { Target } from './database';
import { withDatabase } from './database';
import { closeWrites } from './money';
import { benchId } from './generate';

export type CloseMonthResult = { month: string; seconds: number; askMs: number; briefVideos: number; entries: number; payouts: number };

class RolledBack extends Error {}

/**
 * An admin's "Close month" for last month on the bench data, in its two parts: the request
 * (public.close_month as the bench admin, under authenticated's 8 s statement timeout, as
 * PostgREST runs it), which only queues a run, and the close the scheduler's runner then carries
 * out (private.close_month, as public.run_month_closes calls it, with no timeout). The close is
 * timed on last month's data, the heaviest close there is (the first: every
 * counted view so far goes into it), timed inside a transaction that is then rolled back. The
 * cached data has last month closed for the money pages (bench/money.ts): the transaction first
 * takes every close out (its triggers off, as only the database owner can), so the close timed is
 * always the first. Run while the server is not holding the database (PGlite).
 */
export async function measureCloseMonth(target: Target): Promise<CloseMonthResult> {
  let result: CloseMonthResult | undefined;
  await withDatabase(target, (db) =>
    db
      .transaction(async (tx) => {
        const { rows: present } = await tx.query<{ name: string }>(
          'select t as name from unnest($1::text[]) t where to_regclass(t) is not null',
          [closeWrites],
        );
        await tx.exec(`set local session_replication_role = replica; truncate ${present.map((row) => row.name).join(', ')}; set local session_replication_role = origin`);
        const { rows: months } = await tx.query<{ month: string; videos: string }>(
          `select (private.current_month() - interval '1 month')::date::text as month,
                  (select count(*) from public.tiktok_videos where brand_brief_id is not null) as videos`,
        );
        // The request, as the admin: it answers a queued run.
        await tx.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', json_build_object('sub', ${benchId('admin', 1)}, 'role', 'authenticated')::text, true),
                  set_config('statement_timeout', '8s', true)`,
        );
        const asked = performance.now();
        const { rows: queued } = await tx.query<{ run: { id: number; status: string } }>('select public.close_month($1::date) as run', [months[0].month]);
        const askMs = Math.round((performance.now() - asked) * 10) / 10;
        if (queued[0].run.status !== 'queued') throw new Error(`close_month answered ${queued[0].run.status}, not queued`);
        await tx.query(`select set_config('role', 'none', true), set_config('request.jwt.claims', '', true), set_config('statement_timeout', '0', true)`);
        // The close, as the runner carries it out.
        const started = performance.now();
        const { rows } = await tx.query<{ closed: { entries: number; payouts: number } }>('select private.close_month($1::date, $2) as closed', [months[0].month, null]);
        const seconds = Math.round((performance.now() - started) / 100) / 10;
        result = { month: months[0].month, seconds, askMs, briefVideos: Number(months[0].videos), entries: rows[0].closed.entries, payouts: rows[0].closed.payouts };
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      }),
  );
  return result!;
}
