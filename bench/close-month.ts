import type { Target } from './database';
import { withDatabase } from './database';
import { closeWrites } from './money';

export type CloseMonthResult = { month: string; seconds: number; briefVideos: number; entries: number; payouts: number };

class RolledBack extends Error {}

/**
 * close_month() for last month on the bench data, the heaviest close there is (the first: every
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
        const started = performance.now();
        const { rows } = await tx.query<{ closed: { entries: number; payouts: number } }>('select public.close_month($1::date) as closed', [months[0].month]);
        const seconds = Math.round((performance.now() - started) / 100) / 10;
        result = { month: months[0].month, seconds, briefVideos: Number(months[0].videos), entries: rows[0].closed.entries, payouts: rows[0].closed.payouts };
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      }),
  );
  return result!;
}
