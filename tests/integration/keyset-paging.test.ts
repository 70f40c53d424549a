/**
 * Issue 33, item 10: deep pages stay fast. Every long list is paged by keyset (src/lib/paging.ts,
 * supabase/migrations/*_keyset_paging.sql): from the row the person paged from, or from either
 * end, never by reading and throwing away the rows before it. Here, against the real backend:
 * each list's pages, walked by Next from its first page and by Previous from its last, give
 * every row once in the list's order, also while rows arrive between two page loads; the last
 * page by its number is the list's tail; nobody's rows come into another's list, whatever row
 * they page from; and the last page reads no more rows than the first (the statistics of the
 * rows read, and EXPLAIN's buffers, never the time).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUsers } from '@/features/admin/api/list-users';
import { listVideos } from '@/features/admin/api/list-videos';
import { getAuditPage } from '@/features/admin/api/audit-log';
import { getNotifications } from '@/features/notifications/api/get-notifications';
import { listAdminInvoices } from '@/features/payments/api/list-admin-invoices';
import { listDuePayouts } from '@/features/payments/api/list-due-payouts';
import { listPaidPayouts } from '@/features/payments/api/list-paid-payouts';
import { getVideos } from '@/features/videos/api/get-videos';
import { firstPage, lastPage, type KeysetPage, type PageAt } from '@/lib/paging';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs, refusal } from './helpers/spa';
import { createUser, type TestUser } from './helpers/users';

let backend: TestBackend;
let creator: TestUser, other: TestUser, brand: TestUser, admin: TestUser;
let brief: string;

/** Videos of the creator (four to each created_at: ties the id orders), every third for the brief. */
const creatorVideos = 1_200;
/** Notifications of the creator, five to each created_at. */
const creatorNotifications = 230;

const sql = <Row extends Record<string, unknown>>(text: string, params: unknown[] = []) => backend.server.db.query<Row>(text, params).then((result) => result.rows);

/**
 * Inserts `count` videos of `who`. In bulk (`bulk`), as the bench writes its data: with the
 * triggers off, then the tallies and running totals rebuilt whole (private.rebuild_totals), which
 * is what the triggers would have left; one at a time, through every trigger.
 */
async function addVideos(who: string, count: number, options: { from: number; at: string; brief?: string; label: string; bulk?: boolean }) {
  const insert = (run: (text: string, params: unknown[]) => Promise<unknown>) =>
    run(
      `insert into public.tiktok_videos (user_id, video_id, share_url, author_username, brand_id, brand_brief_id, view_count, like_count, metrics_source, title, created_at)
     select $1, (((extract(epoch from now())::bigint - 86400) << 32) + $2 + i)::text,
            'https://www.tiktok.com/@paging/video/' || i, 'paging.author',
            case when $3::uuid is not null and i % 3 = 0 then b.brand_id end, case when i % 3 = 0 then $3::uuid end,
            100 + i, 10, 'sandbox', $5 || ' ' || i, $4::timestamptz + (i / 4) * interval '1 minute'
       from generate_series(1, $6) i
       left join public.brand_briefs b on b.id = $3::uuid`,
      [who, options.from, options.brief ?? null, options.at, options.label, count],
    );
  if (!options.bulk) return void (await insert(sql));
  await backend.server.db.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    await insert((text, params) => tx.query(text, params));
  });
  await sql('select private.rebuild_totals()');
}

async function addNotifications(who: string, count: number, at: string) {
  await sql(
    `insert into public.notifications (recipient_id, type, params, created_at)
     select $1, 'brief_closed', jsonb_build_object('brief', gen_random_uuid(), 'brief_title', 'Paging ' || i), $2::timestamptz + (i / 5) * interval '1 minute'
       from generate_series(1, $3) i`,
    [who, at, count],
  );
}

/** Every page of a list, by Next from the first page (`between` runs before each next page). */
async function walkForward<T>(read: (at: PageAt) => Promise<KeysetPage<T>>, between: () => Promise<void> = async () => undefined) {
  const rows: T[] = [];
  let at: PageAt = firstPage;
  for (let n = 1; n < 1_000; n += 1) {
    const page = await read(at);
    rows.push(...page.data);
    if (n === 1) expect(page.hasPrevious).toBe(false);
    if (!page.hasNext) return rows;
    await between();
    at = { n: n + 1, after: page.lastKey };
  }
  throw new Error('walkForward: no end');
}

/** Every page of a list, by Previous from the last page, in the list's order. */
async function walkBackward<T>(read: (at: PageAt) => Promise<KeysetPage<T>>) {
  const pages: T[][] = [];
  let at: PageAt = lastPage;
  for (let n = 1; n < 1_000; n += 1) {
    const page = await read(at);
    pages.unshift(page.data);
    if (n === 1) expect(page.hasNext).toBe(false);
    if (!page.hasPrevious) return pages.flat();
    at = { n: n + 1, fromEnd: true, before: page.firstKey };
  }
  throw new Error('walkBackward: no start');
}

const ids = <T extends { id: string | number }>(rows: T[]) => rows.map((row) => String(row.id));

/** The `key` column of a query's rows (named so: an ORDER BY of `id` would sort an `id::text as id` as text). */
const keys = async (text: string, params: unknown[] = []) => (await sql<{ key: string }>(text, params)).map((row) => row.key);

beforeAll(async () => {
  backend = await startBackend();
  [creator, other, brand, admin] = await Promise.all([
    createUser(backend, 'creator'),
    createUser(backend, 'creator'),
    createUser(backend, 'brand'),
    createUser(backend, 'admin'),
  ]);
  const [row] = await sql<{ id: string }>(
    "insert into public.brand_briefs (brand_id, title, description, created_at) values ($1, 'Paging brief', 'x', now() - interval '60 days') returning id",
    [brand.id],
  );
  brief = row.id;
  await sql('insert into public.creator_brand_connections (creator_id, brand_brief_id) values ($1, $3), ($2, $3)', [creator.id, other.id, brief]);
  await addVideos(creator.id, creatorVideos, { from: 0, at: '2026-01-01T00:00:00Z', brief, label: 'Paging video', bulk: true });
  await addVideos(other.id, 20, { from: 100_000, at: '2026-01-01T00:00:00Z', brief, label: 'Other video', bulk: true });
  await addNotifications(creator.id, creatorNotifications, '2026-01-01T00:00:00Z');
  await addNotifications(other.id, 15, '2026-01-01T00:00:00Z');
  await backend.server.db.exec('vacuum analyze public.tiktok_videos, public.notifications');
}, 240_000);
afterAll(() => backend?.stop());

describe('notifications', () => {
  const expected = async (who: string) =>
    (await sql<{ key: string }>('select n.id::text as key from public.notifications n where n.recipient_id = $1 order by n.created_at desc, n.id desc', [who])).map((row) => row.key);

  it('Next from the last row of each page gives every notification once, newest first, while new ones arrive between pages', async () => {
    const before = await expected(creator.id);
    await actAs(backend, creator);
    const walked = await walkForward(getNotifications, async () => {
      // Newer notifications for the reader (they go on page 1) and someone else's.
      await sql("insert into public.notifications (recipient_id, type, params) values ($1, 'brief_closed', '{}'), ($2, 'brief_closed', '{}')", [creator.id, other.id]);
    });
    expect(ids(walked)).toEqual(before);
  });

  it('the last page is the oldest, read backwards; Previous walks back to the newest without a gap', async () => {
    const all = await expected(creator.id);
    await actAs(backend, creator);
    const last = await getNotifications(lastPage);
    expect(last).toMatchObject({ exact: true, hasNext: false, hasPrevious: true, totalCount: all.length });
    // The last page holds what is left after the whole pages: its rows are the tail.
    expect(ids(last.data)).toEqual(all.slice(all.length - (all.length % 20 || 20)));
    expect(ids(await walkBackward(getNotifications))).toEqual(all);
    // A page number with no row to page from is read from the nearer end.
    const pages = Math.ceil(all.length / 20);
    expect(ids((await getNotifications({ n: pages - 1 })).data)).toEqual(all.slice((pages - 2) * 20, (pages - 1) * 20));
    expect(ids((await getNotifications({ n: 2 })).data)).toEqual(all.slice(20, 40));
    // Past the end: nothing, and rows before it.
    expect(await getNotifications({ n: pages + 5 })).toMatchObject({ data: [], hasPrevious: true, hasNext: false });
  });

  it("never shows someone else's: their row as the cursor reads as the page number, and a cursor that is no id is refused", async () => {
    const [theirs] = await expected(other.id);
    const mine = await expected(creator.id);
    await actAs(backend, creator);
    const page = await getNotifications({ n: 3, after: theirs });
    expect(ids(page.data)).toEqual(mine.slice(40, 60));
    const client = (await actAs(backend, creator)) as SupabaseClient;
    expect((await client.rpc('notifications_page', { p_after: "1' or 1=1" })).error?.code).toBe('page_cursor_invalid');
    expect((await client.rpc('notifications_page', { p_after: '1', p_before: '2' })).error?.code).toBe('page_cursor_invalid');
    expect((await client.rpc('notifications_page', { p_after: 'not-a-number' })).error?.code).toBe('page_cursor_invalid');
    // Signed out: no page at all.
    expect((await backend.client().rpc('notifications_page', {})).error).not.toBeNull();
  });
});

describe('My Videos (video_listing_page)', () => {
  const order = async (where: string, params: unknown[]) =>
    (await sql<{ key: string }>(`select v.id::text as key from public.tiktok_videos v where ${where} order by v.created_at desc, v.id`, params)).map((row) => row.key);

  it('walks every video once by Next and by Previous, in the order of video_listings, with the total from the running totals', async () => {
    const all = await order('v.user_id = $1', [creator.id]);
    await actAs(backend, creator);
    const read = (at: PageAt) => getVideos({ ownerId: creator.id, owner: 'creator', page: at, pageSize: 50 });
    const first = await read(firstPage);
    expect(first).toMatchObject({ totalCount: all.length, exact: true, totalPages: Math.ceil(all.length / 50) });
    const listings = (await creator.client.from('video_listings').select('*').eq('user_id', creator.id).order('created_at', { ascending: false }).order('id').limit(50)).data;
    expect(first.data).toEqual(listings);
    expect(ids(await walkForward(read))).toEqual(all);
    expect(ids(await walkBackward(read))).toEqual(all);
    // The last page by its number: the tail, read from the end.
    const last = await read({ n: Math.ceil(all.length / 50) });
    expect(ids(last.data)).toEqual(all.slice(-50));
    expect(last).toMatchObject({ hasNext: false, hasPrevious: true });
  });

  it('gives no duplicate and no gap while videos are added between page loads', async () => {
    const before = await order('v.user_id = $1', [other.id]);
    await actAs(backend, other);
    let added = 0;
    const walked = await walkForward(
      (at) => getVideos({ ownerId: other.id, owner: 'creator', page: at, pageSize: 3 }),
      async () => {
        added += 1;
        await addVideos(other.id, 1, { from: 200_000 + added * 10, at: new Date().toISOString(), label: 'Newer' });
      },
    );
    expect(added).toBeGreaterThan(3);
    expect(ids(walked)).toEqual(before);
  });

  it("keeps to the filter: campaign videos, one brief's (counted up to the cap), the brand's, one creator's for the brand", async () => {
    await actAs(backend, creator);
    const linked = await order('v.user_id = $1 and v.brand_brief_id is not null', [creator.id]);
    const campaign = (at: PageAt) => getVideos({ ownerId: creator.id, owner: 'creator', page: at, pageSize: 40, campaignOnly: true });
    expect((await campaign(firstPage)).totalCount).toBe(linked.length);
    expect(ids(await walkForward(campaign))).toEqual(linked);

    await actAs(backend, brand);
    const sent = await order('v.brand_id = $1', [brand.id]);
    const theirs = (at: PageAt) => getVideos({ ownerId: brand.id, owner: 'brand', page: at, pageSize: 40 });
    expect((await theirs(firstPage)).totalCount).toBe(sent.length);
    expect(ids(await walkBackward(theirs))).toEqual(sent);
    const ofBrief = (at: PageAt) => getVideos({ ownerId: brand.id, owner: 'brand', page: at, pageSize: 40, briefId: brief });
    expect(await ofBrief(firstPage)).toMatchObject({ totalCount: sent.length, exact: true });
    expect(ids(await walkForward(ofBrief))).toEqual(sent);
    const ofCreator = (at: PageAt) => getVideos({ ownerId: brand.id, owner: 'brand', page: at, pageSize: 40, creatorId: other.id });
    const otherSent = await order('v.brand_id = $1 and v.user_id = $2', [brand.id, other.id]);
    expect((await ofCreator(firstPage)).totalCount).toBe(otherSent.length);
    expect(ids(await walkBackward(ofCreator))).toEqual(otherSent);
  });

  it("never shows another creator's videos: their video as the cursor reads as the page number", async () => {
    const [theirs] = await order('v.user_id = $1', [other.id]);
    const mine = await order('v.user_id = $1', [creator.id]);
    await actAs(backend, creator);
    const page = await getVideos({ ownerId: creator.id, owner: 'creator', page: { n: 2, after: theirs }, pageSize: 10 });
    expect(ids(page.data)).toEqual(mine.slice(10, 20));
    // Asking for the other creator's list: nothing, whatever the cursor.
    const theirList = await getVideos({ ownerId: other.id, owner: 'creator', page: { n: 1, fromEnd: true }, pageSize: 10 });
    expect(theirList).toMatchObject({ data: [], totalCount: 0 });
    expect((await refusal(() => getVideos({ ownerId: creator.id, owner: 'creator', page: { n: 2, after: 'x y' }, pageSize: 10 }))).code).toBe('page_cursor_invalid');
  });
});

describe('the admin console and payments', () => {
  beforeAll(async () => {
    // An audit log of 27 entries, payouts (23 due, 12 paid) and invoices (14 due, 9 paid), written as close_month and the admins' actions write them.
    await sql(
      `insert into public.admin_audit_log (admin_id, action, target_type, target_id, reason, created_at)
       select $1, 'suspend_user', 'user', $2, 'paging ' || i, now() - (i / 3) * interval '1 hour' from generate_series(1, 27) i`,
      [admin.id, other.id],
    );
    await sql("insert into public.month_closes (month, entries, payouts) values ('2025-06-01', 0, 35)");
    await sql(
      `insert into public.payouts (creator_id, month, gross_satang, wht_satang, net_satang, wht_rate_bp, paid_on, reference, paid_by, paid_at, created_at)
       select gen_random_uuid(), '2025-06-01', 100000 + i, 0, 100000 + i, 300,
              case when i > 23 then date '2025-07-05' end, case when i > 23 then 'REF-' || i end, case when i > 23 then $1::uuid end,
              case when i > 23 then timestamptz '2025-07-05 10:00+07' + (i / 4) * interval '1 minute' end,
              timestamptz '2025-07-01 00:00+07' + (i / 3) * interval '1 second'
         from generate_series(1, 35) i`,
      [admin.id],
    );
    await sql(
      `insert into private.invoice_sums (brand_id, month, views, amount_satang, status, paid_on, reference, issued_at)
       select gen_random_uuid(), date '2025-01-01' + ((i % 4) * interval '1 month'), 1000 * i, 100 * i,
              case when i > 14 then 'paid' else 'due' end, case when i > 14 then date '2025-07-01' + (i % 2) end, case when i > 14 then 'INV-' || i end, now()
         from generate_series(1, 23) i`,
    );
  });

  it('users: every page by Next and by Previous, the last by its number; a search too', async () => {
    const everyone = await keys('select p.id::text as key from public.profiles p order by p.created_at desc, p.id');
    await actAs(backend, admin);
    const read = (at: PageAt) => listUsers({ search: '', type: 'all', page: at });
    expect((await read(firstPage)).totalCount).toBe(everyone.length);
    expect(ids(await walkForward(read))).toEqual(everyone);
    expect(ids(await walkBackward(read))).toEqual(everyone);
    const creators = await keys("select p.id::text as key from public.profiles p where p.user_type = 'creator' order by p.created_at desc, p.id");
    expect(ids(await walkBackward((at) => listUsers({ search: '', type: 'creator', page: at })))).toEqual(creators);
    // A search: its matches read whole (their count is the total), paged from the row paged from.
    const lasts = await keys("select p.id::text as key from public.profiles p where p.last_name = 'Last' order by p.created_at desc, p.id");
    const search = (at: PageAt) => listUsers({ search: 'last', type: 'all', page: at });
    expect(ids(await walkForward(search))).toEqual(lasts);
    expect(ids(await walkBackward(search))).toEqual(lasts);
  });

  it('videos: the newest first to the oldest by either end, and a search', async () => {
    const every = await keys('select v.id::text as key from public.tiktok_videos v order by v.created_at desc, v.id');
    await actAs(backend, admin);
    const read = (at: PageAt) => listVideos({ search: '', signal: 'all', sort: 'newest', page: at });
    const last = await read(lastPage);
    expect(last).toMatchObject({ totalCount: every.length, exact: true, hasNext: false });
    expect(ids(last.data)).toEqual(every.slice(every.length - (every.length % 10 || 10)));
    const secondToLast = await read({ n: 2, fromEnd: true, before: last.firstKey });
    expect(ids(secondToLast.data)).toEqual(every.slice(every.length - (every.length % 10 || 10) - 10, every.length - (every.length % 10 || 10)));
    const found = await keys("select v.id::text as key from public.tiktok_videos v where v.title like 'Other video%' order by v.created_at desc, v.id");
    expect(ids(await walkBackward((at) => listVideos({ search: 'other video', signal: 'all', sort: 'newest', page: at })))).toEqual(found);
  });

  it('the audit log, payouts and invoices page by keyset from either end, to admins only', async () => {
    await actAs(backend, admin);
    const audit = await keys('select l.id::text as key from public.admin_audit_log l order by l.created_at desc, l.id desc');
    expect(ids(await walkForward(getAuditPage))).toEqual(audit);
    expect(ids(await walkBackward(getAuditPage))).toEqual(audit);

    const due = await keys('select o.id::text as key from public.payouts o where o.paid_at is null order by o.month, o.created_at, o.id');
    expect(due).toHaveLength(23);
    expect(ids(await walkForward(listDuePayouts))).toEqual(due);
    expect(ids(await walkBackward(listDuePayouts))).toEqual(due);
    const paid = await keys('select o.id::text as key from public.payouts o where o.paid_at is not null order by o.paid_at desc, o.id');
    expect(ids(await walkForward(listPaidPayouts))).toEqual(paid);
    expect(ids(await walkBackward(listPaidPayouts))).toEqual(paid);

    const invoiceKey = (row: { month: string; brandId: string }) => `${row.month}_${row.brandId}`;
    const invoices = async (where: string, orderBy: string) =>
      (await sql<{ key: string }>(`select to_char(month, 'YYYY-MM-DD') || '_' || brand_id as key from private.invoice_sums where ${where} order by ${orderBy}`)).map((row) => row.key);
    const dueInvoices = await invoices("status = 'due'", 'month, brand_id');
    const paidInvoices = await invoices("status = 'paid'", 'paid_on desc, month desc, brand_id');
    expect((await walkForward((at) => listAdminInvoices('due', at))).map(invoiceKey)).toEqual(dueInvoices);
    expect((await walkBackward((at) => listAdminInvoices('due', at))).map(invoiceKey)).toEqual(dueInvoices);
    expect((await walkForward((at) => listAdminInvoices('paid', at))).map(invoiceKey)).toEqual(paidInvoices);
    expect((await walkBackward((at) => listAdminInvoices('paid', at))).map(invoiceKey)).toEqual(paidInvoices);

    for (const who of [creator, brand]) {
      for (const [name, args] of [
        ['admin_payouts_page', { p_paid: true }],
        ['admin_invoices_page', { p_status: 'due' }],
        ['admin_audit_page', {}],
      ] as const) {
        const { data, error } = await who.client.rpc(name, args);
        expect(data, name).toBeNull();
        expect(error?.code, name).toBe('admin_only');
      }
    }
    expect((await admin.client.rpc('admin_invoices_page', { p_after: '2025-01-01_nope' })).error?.code).toBe('page_cursor_invalid');
    expect((await admin.client.rpc('admin_invoices_page', { p_status: 'lost' })).error?.code).toBe('invoice_status_invalid');
  });
});

describe('a deep page reads no row it skips', () => {
  type Reads = { rows: number; blocks: number };

  /**
   * As many buffers as the first page's, give or take: an index-only scan visits the heap or not
   * as the visibility map stands, which autovacuum changes while other suites write to the same
   * PostgreSQL server (a full run once read 125 against the first page's 120). The rows are the
   * measure of what a page skips (at this size OFFSET's extra rows fit in a few buffers); the
   * buffers only catch a page that reads much more than the first, a scan of a table say.
   */
  const nearly = (blocks: number) => Math.ceil(blocks * 1.2) + 4;

  /**
   * Rows read in the tables and indexes of `tables` (the statistics' tuples returned and fetched
   * in this transaction) while `call` runs as `who`, and the buffers EXPLAIN (ANALYZE, BUFFERS)
   * counts for it, once warm.
   */
  async function reads(who: string, tables: string[], call: string, params: unknown[]): Promise<Reads> {
    return backend.server.db.transaction(async (tx) => {
      await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: who, role: 'authenticated' })]);
      const counted = `select coalesce(sum(pg_stat_get_xact_tuples_returned(c.oid) + pg_stat_get_xact_tuples_fetched(c.oid)), 0)::bigint as n
                         from pg_class c
                        where c.oid = any($1::regclass[]) or c.oid in (select i.indexrelid from pg_index i where i.indrelid = any($1::regclass[]))`;
      // Warm: the function's plans are made, its catalog reads done.
      await tx.query(call, params);
      const [{ n: before }] = (await tx.query<{ n: string }>(counted, [tables])).rows;
      await tx.query(call, params);
      const [{ n: after }] = (await tx.query<{ n: string }>(counted, [tables])).rows;
      const plan = Object.values((await tx.query<Record<string, unknown>>(`explain (analyze, buffers, format json) ${call}`, params)).rows[0])[0];
      const top = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, number> }[];
      return { rows: Number(after) - Number(before), blocks: (top[0].Plan['Shared Hit Blocks'] ?? 0) + (top[0].Plan['Shared Read Blocks'] ?? 0) };
    });
  }

  it('My Videos: the last page, and a page deep in the list reached by Next, read as few rows as the first', async () => {
    const listing = "select public.video_listing_page($1, 'creator', $2, 10, false, true, null, null, $3, $4, null)";
    const [middle] = await keys('select v.id::text as key from public.tiktok_videos v where v.user_id = $1 order by v.created_at desc, v.id offset 599 limit 1', [creator.id]);
    const first = await reads(creator.id, ['public.tiktok_videos'], listing, [creator.id, 1, false, null]);
    const last = await reads(creator.id, ['public.tiktok_videos'], listing, [creator.id, 1, true, null]);
    const deep = await reads(creator.id, ['public.tiktok_videos'], listing, [creator.id, 61, false, middle]);
    // What OFFSET paging read for the last page: every video before it.
    const offset = await reads(creator.id, ['public.tiktok_videos'], 'select array(select id from public.tiktok_videos where user_id = $1 order by created_at desc, id offset $2 limit 11)', [creator.id, creatorVideos - 10]);
    expect(first.rows).toBeGreaterThan(0);
    expect(last.rows).toBeLessThanOrEqual(first.rows + 2);
    // The deep page also reads the row it pages from (its key), and passes the rows that share
    // that row's created_at and come before it (three at most here): a handful, not 600.
    expect(deep.rows).toBeLessThanOrEqual(first.rows + 6);
    expect(offset.rows).toBeGreaterThan(creatorVideos - 10);
    expect(last.blocks).toBeLessThanOrEqual(nearly(first.blocks));
    expect(deep.blocks).toBeLessThanOrEqual(nearly(first.blocks));
  });

  it('notifications and the admin lists: the last page reads as few rows as the first, the count aside', async () => {
    const notifications = 'select public.notifications_page($1, 20, $2, null, null)';
    const first = await reads(creator.id, ['public.notifications'], notifications, [1, false]);
    const last = await reads(creator.id, ['public.notifications'], notifications, [1, true]);
    expect(last.rows).toBeLessThanOrEqual(first.rows + 2);
    // The count of a list with no counter reads up to 10,000 rows on every page alike; OFFSET
    // paging read every row before the last page on top of it.
    const offset = await reads(creator.id, ['public.notifications'], 'select array(select id from public.notifications where recipient_id = $1 order by created_at desc, id desc offset 220 limit 21)', [creator.id]);
    expect(offset.rows).toBeGreaterThan(220);

    const videos = "select public.admin_list_videos('', null, 'newest', $1, 10, $2, null, null)";
    const firstVideos = await reads(admin.id, ['public.tiktok_videos'], videos, [1, false]);
    const lastVideos = await reads(admin.id, ['public.tiktok_videos'], videos, [1, true]);
    expect(lastVideos.rows).toBeLessThanOrEqual(firstVideos.rows + 2);
    expect(lastVideos.blocks).toBeLessThanOrEqual(nearly(firstVideos.blocks));
    const users = "select public.admin_list_users('', null, $1, 10, $2, null, null)";
    const firstUsers = await reads(admin.id, ['public.profiles'], users, [1, false]);
    const lastUsers = await reads(admin.id, ['public.profiles'], users, [1, true]);
    expect(lastUsers.rows).toBeLessThanOrEqual(firstUsers.rows + 2);
  });
});
