import type { Target } from './database';
import { withDatabase } from './database';

export type ClosedMonth = { month: string; closedNow: boolean; seconds: number; invoicesPaid: number; payoutsPaid: number };

/**
 * The money pages (issue 29) need a closed month: last month is closed for good in the bench
 * data (as the scheduler would on the 1st), half its invoices and a tenth of its payouts marked
 * paid, so that the due and the paid lists both hold rows. Done once; a later run finds it done.
 * Run after measureCloseMonth (which times the first close with every close taken out) and
 * before the server opens the data.
 */
export async function closeLastMonth(target: Target): Promise<ClosedMonth> {
  return withDatabase(target, async (db) => {
    const { rows } = await db.query<{ month: string; closed: boolean }>(
      `select (private.current_month() - interval '1 month')::date::text as month,
              exists (select 1 from public.month_closes c where c.month = (private.current_month() - interval '1 month')::date) as closed`,
    );
    const { month, closed } = rows[0];
    let seconds = 0;
    if (!closed) {
      const started = performance.now();
      // The close as the scheduler's runner carries it out (public.run_month_closes).
      await db.query('select private.close_month($1::date, null)', [month]);
      // Paid as mark_invoice_paid and mark_payout_paid record it (their admin check and audit
      // lines aside): the brands of even number, one creator in ten.
      await db.query(
        `insert into public.brand_invoice_payments (brand_id, month, paid_on, reference, paid_by)
         select i.brand_id, i.month, current_date, 'BENCH-' || left(i.brand_id::text, 8), null
           from (select distinct e.brand_id, e.month from public.ledger_entries e where e.month = $1::date) i
          where hashtext(i.brand_id::text) % 2 = 0`,
        [month],
      );
      await db.query(
        `update public.payouts p set paid_on = current_date, reference = 'BENCH-' || left(p.id::text, 8), paid_at = now()
          where p.month = $1::date and p.paid_at is null and hashtext(p.creator_id::text) % 10 = 0`,
        [month],
      );
      await db.exec('vacuum analyze');
      seconds = Math.round((performance.now() - started) / 100) / 10;
    }
    const { rows: paid } = await db.query<{ invoices: string; payouts: string }>(
      `select (select count(*) from public.brand_invoice_payments i where i.month = $1::date) as invoices,
              (select count(*) from public.payouts p where p.month = $1::date and p.paid_at is not null) as payouts`,
      [month],
    );
    return { month, closedNow: !closed, seconds, invoicesPaid: Number(paid[0].invoices), payoutsPaid: Number(paid[0].payouts) };
  });
}

/** What a close writes, taken out inside measureCloseMonth's rolled-back transaction so that it times the first close. */
export const closeWrites = [
  'public.ledger_entries',
  'public.payouts',
  'public.brand_invoice_payments',
  'public.month_closes',
  // Issue 29's sums of the entries, kept by triggers on them.
  'private.statement_sums',
  'private.invoice_sums',
  'private.invoice_line_sums',
];
