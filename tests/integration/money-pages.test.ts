/**
 * The money pages (issue 29, items 6 and 10): who reads statements, payouts, invoices and the
 * ledger; the sums the close writes for them (private.statement_sums, invoice_sums,
 * invoice_line_sums), checked against the entries summed as the views did before; and the
 * Earnings page's month so far (private.creator_months), checked against the per-video
 * recount earnings_this_month made before. Past months are closed with back-dated snapshots and
 * reviews (time travel without sleeping).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';
import { addSnapshot, hoursAgo, insertVideo, updateReview } from './helpers/videos';
import { closeMonth, monthInThailand } from './helpers/close-month';

const hour = 3_600_000;
const day = 24 * hour;
const twoMonthsAgo = monthInThailand(-2);
const lastMonth = monthInThailand(-1);
const thisMonth = monthInThailand(0);
/** An instant `days` (and `hours`) into a month. */
const into = (m: { starts: Date }, days: number, hours = 0) => new Date(m.starts.getTime() + days * day + hours * hour);
/**
 * An instant this month, a fraction of the way from its start to now: measurements written now
 * are never dated before the month began (a video added today has no history before it).
 */
const soFar = (fraction: number) => new Date(thisMonth.starts.getTime() + (Date.now() - thisMonth.starts.getTime()) * fraction);

let backend: TestBackend;
let c1: TestUser, c2: TestUser, c3: TestUser, b1: TestUser, b2: TestUser, admin: TestUser;
let brief1: string, brief2: string;
let n = 0;
const ids: Record<string, string> = {};

const usernames = new Map<TestUser, string>();
const db = () => backend.server.db;

async function publish(owner: TestUser, title: string): Promise<string> {
  const { data, error } = await backend.service().from('brand_briefs').insert({ brand_id: owner.id, title, description: 'x', created_at: monthInThailand(-3).starts.toISOString() }).select('id').single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

/** A video of `who` on `brief`, posted and first measured at `at`, approved an hour later. */
async function paidVideo(who: TestUser, brief: string, at: Date, views: number): Promise<string> {
  const id = await insertVideo(backend, { creator: who, n: ++n, brief, author: usernames.get(who), postedAt: at, views, measuredAt: new Date(at.getTime() + hour) });
  await updateReview(backend, id, { submitted_at: at.toISOString(), status: 'approved', decided_at: new Date(at.getTime() + hour).toISOString() });
  return id;
}

async function close(monthKey: string) {
  const { data, error } = await closeMonth(admin.client, monthKey);
  expect(error).toBeNull();
  return data as { entries: number };
}

beforeAll(async () => {
  backend = await startBackend();
  [c1, c2, c3, b1, b2, admin] = await Promise.all([
    createUser(backend, 'creator', { tiktok_username: 'pages.one' }),
    createUser(backend, 'creator', { tiktok_username: 'pages.two' }),
    createUser(backend, 'creator', { tiktok_username: 'pages.three' }),
    createUser(backend, 'brand'),
    createUser(backend, 'brand'),
    createUser(backend, 'admin'),
  ]);
  usernames.set(c1, 'pages.one').set(c2, 'pages.two').set(c3, 'pages.three');
  brief1 = await publish(b1, 'Brief one');
  brief2 = await publish(b2, 'Brief two');
  const service = backend.service();
  for (const [who, brief] of [[c1, brief1], [c2, brief1], [c2, brief2], [c3, brief2]] as const) {
    const { error } = await service.from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: brief });
    if (error) throw new Error(error.message);
  }

  // Two months ago: odd view counts, so that every line rounds.
  ids.c1a = await paidVideo(c1, brief1, into(twoMonthsAgo, 19), 10_001);
  ids.c1b = await paidVideo(c1, brief1, into(twoMonthsAgo, 19, 2), 3_333);
  ids.c2a = await paidVideo(c2, brief1, into(twoMonthsAgo, 20), 777);
  ids.c2b = await paidVideo(c2, brief2, into(twoMonthsAgo, 20, 1), 12_345);
  ids.c3a = await paidVideo(c3, brief2, into(twoMonthsAgo, 21), 250_001);
  await close(twoMonthsAgo.key);

  // Last month: more views, a new video, and a paid one taken out by an admin (a correction).
  await addSnapshot(backend, ids.c1a, { at: into(lastMonth, 3), views: 15_999 });
  await addSnapshot(backend, ids.c3a, { at: into(lastMonth, 4), views: 260_003 });
  ids.c2c = await paidVideo(c2, brief2, into(lastMonth, 5), 4_321);
  expect((await admin.client.rpc('admin_exclude_video', { p_video: ids.c2a, p_reason: 'Bought views' })).error).toBeNull();
  await close(lastMonth.key);
  expect((await admin.client.rpc('mark_invoice_paid', { p_brand_id: b2.id, p_month: twoMonthsAgo.key, p_reference: 'KB-1', p_paid_on: lastMonth.key })).error).toBeNull();
}, 120_000);
afterAll(() => backend?.stop());

describe('who reads what', () => {
  const rows = async (who: TestUser, table: string) => {
    const { data, error } = await who.client.from(table).select('*');
    expect(error).toBeNull();
    return data as Record<string, unknown>[];
  };

  it("a brand that works with a creator reads none of the creator's statements, payouts or ledger lines", async () => {
    // b1 works with c1 and c2, b2 with c2 and c3: their statements and payouts exist.
    expect((await rows(admin, 'creator_statements')).length).toBeGreaterThanOrEqual(5);
    expect((await rows(admin, 'payouts')).length).toBeGreaterThan(0);
    for (const brand of [b1, b2]) {
      expect(await rows(brand, 'creator_statements')).toEqual([]);
      expect(await rows(brand, 'payouts')).toEqual([]);
      expect(await rows(brand, 'ledger_entries')).toEqual([]);
    }
    // Each creator reads their own statements and lines, nobody else's.
    for (const creator of [c1, c2, c3]) {
      const statements = await rows(creator, 'creator_statements');
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.every((row) => row.creator_id === creator.id)).toBe(true);
      expect((await rows(creator, 'ledger_entries')).every((row) => row.creator_id === creator.id)).toBe(true);
    }
  });

  it('a creator reads no invoices or invoice lines; a brand its own; which months closed is for admins', async () => {
    for (const creator of [c1, c2, c3]) {
      expect(await rows(creator, 'brand_invoices')).toEqual([]);
      expect(await rows(creator, 'brand_invoice_lines')).toEqual([]);
      expect(await rows(creator, 'brand_invoice_payments')).toEqual([]);
      expect(await rows(creator, 'month_closes')).toEqual([]);
    }
    for (const brand of [b1, b2]) {
      const invoices = await rows(brand, 'brand_invoices');
      expect(invoices.map((row) => row.month).sort()).toEqual([twoMonthsAgo.key, lastMonth.key]);
      expect(invoices.every((row) => row.brand_id === brand.id)).toBe(true);
      expect((await rows(brand, 'brand_invoice_lines')).every((row) => row.brand_id === brand.id)).toBe(true);
      expect(await rows(brand, 'month_closes')).toEqual([]);
    }
    // An invoice is dated by its month's close, which the brand reads on the invoice itself.
    const closes = await rows(admin, 'month_closes');
    expect(closes).toHaveLength(2);
    const invoices = await rows(b2, 'brand_invoices');
    for (const close of closes) {
      expect(invoices.find((row) => row.month === close.month)).toMatchObject({ issued_at: close.closed_at });
    }
    expect(invoices.find((row) => row.month === twoMonthsAgo.key)).toMatchObject({ status: 'paid', paid_on: lastMonth.key, reference: 'KB-1' });
  });
});

describe('the sums behind statements and invoices', () => {
  // The views as they were before issue 29: every entry summed on every request.
  const reference = {
    creator_statements: `
      select e.creator_id, e.month, sum(e.views)::bigint as views, sum(e.creator_earning_satang)::bigint as gross_satang,
             coalesce(p.wht_satang, 0::bigint) as wht_satang, coalesce(p.net_satang, 0::bigint) as net_satang,
             coalesce(p.gross_satang - sum(e.creator_earning_satang)::bigint, 0::bigint) as carried_in_satang,
             case when p.paid_at is not null then 'paid' when p.id is not null then 'due' else 'carried_over' end as status,
             p.id as payout_id, p.paid_on, p.reference,
             (select min(q.month) from public.payouts q where q.creator_id = e.creator_id and q.month > e.month) as carried_to
        from public.ledger_entries e left join public.payouts p on p.creator_id = e.creator_id and p.month = e.month
       group by e.creator_id, e.month, p.id`,
    brand_invoices: `
      select e.brand_id, e.month, 'VP-' || to_char(e.month::timestamptz, 'YYYYMM') || '-' || upper(right(replace(e.brand_id::text, '-', ''), 8)) as number,
             sum(e.views)::bigint as views, sum(e.brand_charge_satang)::bigint as amount_satang,
             case when i.brand_id is not null then 'paid' else 'due' end as status, i.paid_on, i.reference, c.closed_at as issued_at
        from public.ledger_entries e
        left join public.brand_invoice_payments i on i.brand_id = e.brand_id and i.month = e.month
        left join public.month_closes c on c.month = e.month
       group by e.brand_id, e.month, i.brand_id, i.paid_on, i.reference, c.closed_at`,
    brand_invoice_lines: `
      select e.brand_id, e.month, e.brand_brief_id, b.title, sum(e.views)::bigint as views, e.brand_rate_satang,
             sum(e.brand_charge_satang)::bigint as amount_satang
        from public.ledger_entries e left join public.brand_briefs b on b.id = e.brand_brief_id
       group by e.brand_id, e.month, e.brand_brief_id, b.title, e.brand_rate_satang`,
  };

  it.each(Object.entries(reference))('%s holds exactly what summing ledger_entries gives, corrections included', async (view, sql) => {
    const { rows } = await db().query<{ missing: unknown; extra: unknown; count: number }>(
      `with want as (${sql}), got as (select * from public.${view})
       select (select json_agg(w) from (select * from want except all select * from got) w) as missing,
              (select json_agg(g) from (select * from got except all select * from want) g) as extra,
              (select count(*)::int from got) as count`,
    );
    expect(rows[0]).toMatchObject({ missing: null, extra: null });
    expect(rows[0].count).toBeGreaterThan(0);
  });

  it('includes the correction month: a negative line for the video an admin took out', async () => {
    const { data: entries } = await admin.client.from('ledger_entries').select('views').eq('tiktok_video_id', ids.c2a).order('id');
    expect(entries).toEqual([{ views: 777 }, { views: -777 }]);
    const { data: statement } = await c2.client.from('creator_statements').select('views, gross_satang').eq('month', lastMonth.key).single();
    // Last month for c2: +4,321 views of a new video (2,160 satang), -777 of the excluded one (-388).
    expect(statement).toEqual({ views: 4_321 - 777, gross_satang: 2_160 - 388 });
    const { data: lines } = await b1.client.from('brand_invoice_lines').select('month, views, amount_satang').eq('month', lastMonth.key);
    // b1 last month: c1's video gained 5,998 views; c2's excluded video gave back 777.
    expect(lines).toEqual([{ month: lastMonth.key, views: 5_998 - 777, amount_satang: 5_998 - 777 }]);
  });

  it('each party reads exactly its rows of what an admin reads', async () => {
    const all = async (view: string) => ((await admin.client.from(view).select('*')).data ?? []) as Record<string, unknown>[];
    const own = async (who: TestUser, view: string) => ((await who.client.from(view).select('*')).data ?? []) as Record<string, unknown>[];
    const byKey = (a: Record<string, unknown>, b: Record<string, unknown>) => JSON.stringify(a).localeCompare(JSON.stringify(b));
    const statements = await all('creator_statements');
    for (const creator of [c1, c2, c3]) {
      expect((await own(creator, 'creator_statements')).sort(byKey)).toEqual(statements.filter((row) => row.creator_id === creator.id).sort(byKey));
    }
    for (const view of ['brand_invoices', 'brand_invoice_lines']) {
      const rows = await all(view);
      for (const brand of [b1, b2]) {
        expect((await own(brand, view)).sort(byKey)).toEqual(rows.filter((row) => row.brand_id === brand.id).sort(byKey));
      }
    }
  });
});

describe('the month so far', () => {
  // earnings_this_month as it was before issue 29: every video of the creator recounted at the
  // month's start and now (two private.counted_at), with its measurements before and since.
  const recount = `
    with month as (select private.month_start(private.current_month()) as starts),
    videos as (
      select v.id,
             coalesce((select s.view_count from public.video_snapshots s
                        where s.tiktok_video_id = v.id and s.available and s.source <> 'estimate'
                        order by s.measured_at desc, s.id desc limit 1), 0) as measured_now,
             coalesce((select s.view_count from public.video_snapshots s, month
                        where s.tiktok_video_id = v.id and s.available and s.source <> 'estimate' and s.measured_at < month.starts
                        order by s.measured_at desc, s.id desc limit 1), 0) as measured_before
        from public.tiktok_videos v
       where v.user_id = $1::uuid
    ),
    now_counted as (select * from private.counted_at(now(), $1::uuid)),
    before_counted as (select c.* from month, private.counted_at(month.starts, $1::uuid) c),
    split as (
      select v.id, v.measured_now - v.measured_before as measured,
             coalesce(n.counted, 0) - coalesce(b.counted, 0) as counted,
             coalesce(n.counted, 0) as counted_now, coalesce(b.counted, 0) as counted_before,
             coalesce(n.pending, 0) - coalesce(b.pending, 0) as pending,
             coalesce(f.creator_rate_satang, 0) as rate
        from videos v
        left join now_counted n on n.tiktok_video_id = v.id
        left join before_counted b on b.tiktok_video_id = v.id
        left join public.brand_briefs f on f.id = n.brand_brief_id
    )
    select json_build_object(
      'month', private.current_month(),
      'measuredViews', coalesce(sum(measured), 0),
      'countedViews', coalesce(sum(counted), 0),
      'pendingViews', coalesce(sum(pending), 0),
      'notCountedViews', coalesce(sum(measured - counted - pending), 0),
      -- Rounded cumulatively, as the close writes it: what the counted views are worth now minus
      -- what they were worth when the month began.
      'grossSatang', coalesce(sum(floor(counted_now * rate / 1000.0) - floor(counted_before * rate / 1000.0)), 0)
    ) as month
      from split`;
  const recounted = async (who: TestUser) => (await db().query<{ month: Record<string, unknown> }>(recount, [who.id])).rows[0].month;
  const thisMonthOf = async (who: TestUser) => {
    const { data, error } = await who.client.rpc('earnings_this_month');
    expect(error).toBeNull();
    return data as Record<string, number | string>;
  };

  beforeAll(async () => {
    // Posted late last month, counted 1,111 views when this month began: still in its 30 days.
    ids.c1recent = await paidVideo(c1, brief1, into(lastMonth, 25), 1_111);
    // The videos were added just now with back-dated histories: as far as the month's
    // bookkeeping knows, they are new this month. Rebuilt as if the month had begun with them.
    await db().query('select private.rebuild_months()');
  });

  // One story: the month's moves below are the creators' own, and cannot be taken back.
  it("is nothing while a creator's videos did not move this month, then gives, to the satang, what recounting every video of the creator gives", async () => {
    for (const who of [c1, c2, c3]) {
      expect(await thisMonthOf(who)).toEqual({ month: thisMonth.key, measuredViews: 0, countedViews: 0, pendingViews: 0, notCountedViews: 0, grossSatang: 0 });
      expect(await recounted(who)).toEqual(await thisMonthOf(who));
    }

    // This month: c1's video of last month gains counted views (an odd gain); one past its 30 days
    // gains views that do not count; a new one awaits review; one was submitted four days ago and
    // never answered (the clock approved it, nobody wrote it down); an uncounted one (no campaign)
    // gains views; and another is approved now.
    await addSnapshot(backend, ids.c1recent, { at: soFar(0.5), views: 4_444 });
    await addSnapshot(backend, ids.c1a, { at: soFar(0.9), views: 17_001 });
    ids.c1new = await insertVideo(backend, { creator: c1, n: ++n, brief: brief1, author: 'pages.one', postedAt: hoursAgo(30), views: 5_555 });
    ids.c1late = await insertVideo(backend, { creator: c1, n: ++n, brief: brief1, author: 'pages.one', postedAt: hoursAgo(100), views: 2_223, measuredAt: soFar(0.95) });
    await updateReview(backend, ids.c1late, { submitted_at: hoursAgo(96).toISOString() });
    ids.c1free = await insertVideo(backend, { creator: c1, n: ++n, author: 'pages.one', postedAt: soFar(0.1), views: 901, measuredAt: soFar(0.2) });
    await addSnapshot(backend, ids.c1free, { at: soFar(0.9), views: 1_903 });
    ids.c1approved = await insertVideo(backend, { creator: c1, n: ++n, brief: brief1, author: 'pages.one', postedAt: hoursAgo(20), views: 3_001 });
    await updateReview(backend, ids.c1approved, { status: 'approved', decided_at: new Date().toISOString() });
    // c3's video, past its 30 days, gains views that do not count; one of c3's is removed (it
    // leaves the figures).
    await addSnapshot(backend, ids.c3a, { at: soFar(0.9), views: 260_003 + 7_777 });
    ids.c3gone = await insertVideo(backend, { creator: c3, n: ++n, brief: brief2, author: 'pages.three', postedAt: hoursAgo(10), views: 999 });
    expect((await backend.service().from('tiktok_videos').delete().eq('id', ids.c3gone)).error).toBeNull();

    for (const who of [c1, c2, c3]) expect(await thisMonthOf(who)).toEqual(await recounted(who));
    const mine = await thisMonthOf(c1);
    // Counted: c1recent 1,111 → 4,444 (2,222 − 555 = 1,667 satang: its worth now minus its worth
    // when the month began), c1approved 3,001 (1,500),
    // c1late 2,223 (1,111). Not counted: c1a's 1,002 after its 30 days, c1free's 1,903.
    expect(mine).toEqual({
      month: thisMonth.key,
      measuredViews: 3_333 + 1_002 + 5_555 + 2_223 + 1_903 + 3_001,
      countedViews: 3_333 + 3_001 + 2_223,
      pendingViews: 5_555,
      notCountedViews: 1_002 + 1_903,
      grossSatang: 1_667 + 1_500 + 1_111,
    });
    expect(await thisMonthOf(c3)).toMatchObject({ measuredViews: 7_777, countedViews: 0, notCountedViews: 7_777, grossSatang: 0 });

    // Written down by the clock (settle_reviews), the late approval reads the same.
    await db().query('select public.settle_reviews()');
    expect(await thisMonthOf(c1)).toEqual(mine);

    // Rebuilt from scratch, the month's figures are the same.
    await db().query('select private.rebuild_months()');
    for (const who of [c1, c2, c3]) expect(await thisMonthOf(who)).toEqual(await recounted(who));
  });

  it("shows an admin's exclusion this month as this month's correction, as the next close will write it", async () => {
    const before = await thisMonthOf(c3);
    expect((await admin.client.rpc('admin_exclude_video', { p_video: ids.c3a, p_reason: 'Bought views' })).error).toBeNull();
    try {
      const after = await thisMonthOf(c3);
      // The month began with 260,003 counted (last month's close paid them, 130,001 satang): -260,003
      // this month, taking back exactly what was paid, as the next close line will: -130,001 satang.
      // What the video measured this month is unchanged, and none of it counts now.
      expect(before).toMatchObject({ countedViews: 0, grossSatang: 0 });
      expect(after).toMatchObject({ countedViews: -260_003, grossSatang: -130_001, measuredViews: before.measuredViews, notCountedViews: Number(before.notCountedViews) + 260_003 });
    } finally {
      // Reinstated, c3's month is as it was.
      expect((await admin.client.rpc('admin_reinstate_video', { p_video: ids.c3a, p_reason: 'Checked' })).error).toBeNull();
    }
    expect(await thisMonthOf(c3)).toEqual(before);
  });
});
