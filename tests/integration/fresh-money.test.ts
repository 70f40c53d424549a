/**
 * Fresh money (issue 29, item 8): the change stamps of public.my_changes() move, at commit, for
 * exactly the people an event concerns: a review (the brand's, and the 72-hour clock's as the
 * ledger reads it, then as settle_reviews writes it), an admin's exclusion and reinstatement, a
 * budget, a month close, a payout and an invoice marked paid; a notification moves its
 * recipient's news stamp only; a refused action moves nothing. The stamps are written once per
 * transaction at commit, so writers touching the same people in opposite orders never deadlock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';
import { addSnapshot, hoursAgo, insertVideo, updateReview } from './helpers/videos';
import { closeMonth } from './helpers/close-month';

type Changes = { money: number; money_at: string | null; auto_approved_at: string | null; news: number; unread: number; now: string };
type Name = 'creator' | 'otherCreator' | 'brand' | 'otherBrand' | 'admin';

let backend: TestBackend;
let people: Record<Name, TestUser>;
let n = 0;

async function changesOf(who: TestUser): Promise<Changes> {
  const { data, error } = await who.client.rpc('my_changes');
  if (error) throw new Error(`my_changes: ${error.message}`);
  return data as Changes;
}

async function everyone(): Promise<Record<Name, Changes>> {
  const names = Object.keys(people) as Name[];
  const all = await Promise.all(names.map((name) => changesOf(people[name])));
  return Object.fromEntries(names.map((name, index) => [name, all[index]])) as Record<Name, Changes>;
}

/** Runs `act`, and answers whose money stamp and whose news stamp moved (names in order). */
async function whoMoved(act: () => Promise<unknown>): Promise<{ money: Name[]; news: Name[] }> {
  const before = await everyone();
  await act();
  const after = await everyone();
  const moved = (field: 'money' | 'news') => (Object.keys(after) as Name[]).filter((name) => after[name][field] !== before[name][field]).sort();
  return { money: moved('money'), news: moved('news') };
}

const ok = async (call: PromiseLike<{ error: { message: string } | null }>) => {
  const { error } = await call;
  if (error) throw new Error(error.message);
};

async function newBrief(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await backend
    .service()
    .from('brand_briefs')
    .insert({ brand_id: people.brand.id, title, description: `About ${title}`, created_at: '2026-08-01T00:00:00Z', ...extra })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  await ok(backend.service().from('creator_brand_connections').insert({ creator_id: people.creator.id, brand_brief_id: data.id }));
  return data.id as string;
}

/** A measured video of the creator in `brief`, waiting for the brand's review. */
const pendingVideo = (brief: string, views = 10_000, postedAt = hoursAgo(2)) =>
  insertVideo(backend, { creator: people.creator, n: ++n, postedAt, views, likes: views / 10, comments: views / 50, brief, brand: people.brand.id, author: 'fresh.creator' });

beforeAll(async () => {
  backend = await startBackend();
  const [creator, otherCreator, brand, otherBrand, admin] = await Promise.all([
    createUser(backend, 'creator', { tiktok_username: 'fresh.creator' }),
    createUser(backend, 'creator', { tiktok_username: 'other.creator' }),
    createUser(backend, 'brand'),
    createUser(backend, 'brand'),
    createUser(backend, 'admin'),
  ]);
  people = { creator, otherCreator, brand, otherBrand, admin };
}, 60_000);
afterAll(() => backend?.stop());

describe('my_changes', () => {
  it("answers the caller's own stamps and unread count, and nothing to a visitor", async () => {
    const mine = await changesOf(people.creator);
    expect(Object.keys(mine).sort()).toEqual(['auto_approved_at', 'money', 'money_at', 'news', 'now', 'unread']);
    expect(mine).toMatchObject({ money: expect.any(Number), news: expect.any(Number), now: expect.any(String) });
    expect(mine.unread).toBe((await people.creator.client.rpc('unread_notification_count')).data);
    expect((await backend.client().rpc('my_changes')).error).not.toBeNull();
  });
});

describe('the stamps move for exactly the people concerned', () => {
  it('when the brand approves a video: the creator, the brand and the admins; the creator hears of it', async () => {
    const video = await pendingVideo(await newBrief('Approve'));
    const moved = await whoMoved(() => ok(people.brand.client.rpc('review_video', { p_video: video, p_decision: 'approve' })));
    expect(moved).toEqual({ money: ['admin', 'brand', 'creator'], news: ['creator'] });
    const { data } = await people.creator.client.rpc('creator_metrics', { creator: people.creator.id });
    expect((data as { countedViews: number }).countedViews).toBeGreaterThanOrEqual(10_000);
  });

  it('when the brand rejects a video', async () => {
    const video = await pendingVideo(await newBrief('Reject'));
    const reject = () => ok(people.brand.client.rpc('review_video', { p_video: video, p_decision: 'reject', p_reason: 'quality' }));
    expect(await whoMoved(reject)).toEqual({ money: ['admin', 'brand', 'creator'], news: ['creator'] });
  });

  it('when a refused action changes nothing: nothing moves', async () => {
    const video = await pendingVideo(await newBrief('Refused'));
    const moved = await whoMoved(async () => {
      // Another brand's review, and a rejection without a reason: both refused.
      expect((await people.otherBrand.client.rpc('review_video', { p_video: video, p_decision: 'approve' })).error).not.toBeNull();
      expect((await people.brand.client.rpc('review_video', { p_video: video, p_decision: 'reject' })).error).not.toBeNull();
    });
    expect(moved).toEqual({ money: [], news: [] });
  });

  it('when the 72-hour clock approves a review as the ledger reads it (no write), and again when settle_reviews writes it', async () => {
    const video = await pendingVideo(await newBrief('Clock'));
    // Submitted so that the clock runs out in a moment (moving it is a write: the stamps move now).
    const runsOutAt = Date.now() + 1_500;
    await updateReview(backend, video, { submitted_at: new Date(runsOutAt - 72 * 3_600_000).toISOString() });
    const before = await everyone();
    expect(before.creator.auto_approved_at === null || Date.parse(before.creator.auto_approved_at) < runsOutAt - 1).toBe(true);

    // The moment passes: the ledger reads it approved, and my_changes says so to the creator, the brand and the admins.
    await expect.poll(async () => (await changesOf(people.creator)).auto_approved_at, { timeout: 10_000, interval: 250 }).not.toBe(before.creator.auto_approved_at);
    const after = await everyone();
    for (const name of ['creator', 'brand', 'admin'] as const) {
      expect(Date.parse(after[name].auto_approved_at!), name).toBe(Date.parse(new Date(runsOutAt - 72 * 3_600_000).toISOString()) + 72 * 3_600_000);
    }
    for (const name of ['otherCreator', 'otherBrand'] as const) expect(after[name].auto_approved_at, name).toBe(before[name].auto_approved_at);
    const { data: ledger } = await people.creator.client.from('video_ledger').select('review_status').eq('id', video).single();
    expect(ledger?.review_status).toBe('approved');

    // settle_reviews writes the approval down: the stamps move, and the creator hears of it.
    const settled = await whoMoved(() => ok(backend.service().rpc('settle_reviews')));
    expect(settled).toEqual({ money: ['admin', 'brand', 'creator'], news: ['creator'] });
    expect((await changesOf(people.brand)).auto_approved_at).toBeNull();
  });

  it("when an admin excludes a video, and reinstates it: the creator, the brand and the admins; the creator hears of the exclusion", async () => {
    const video = await pendingVideo(await newBrief('Exclude'));
    const exclude = () => ok(people.admin.client.rpc('admin_exclude_video', { p_video: video, p_reason: 'Bought views' }));
    expect(await whoMoved(exclude)).toEqual({ money: ['admin', 'brand', 'creator'], news: ['creator'] });
    const reinstate = () => ok(people.admin.client.rpc('admin_reinstate_video', { p_video: video, p_reason: 'Checked: real views' }));
    expect(await whoMoved(reinstate)).toEqual({ money: ['admin', 'brand', 'creator'], news: [] });
  });

  it('when a measurement moves counted views, but not when a join only notifies', async () => {
    const brief = await newBrief('Measured');
    const video = await pendingVideo(brief, 1_000);
    expect(await whoMoved(() => addSnapshot(backend, video, { at: new Date(), views: 2_000 }))).toMatchObject({ money: ['admin', 'brand', 'creator'] });

    const join = () => ok(people.otherCreator.client.from('creator_brand_connections').insert({ creator_id: people.otherCreator.id, brand_brief_id: brief }));
    expect(await whoMoved(join)).toEqual({ money: [], news: ['brand'] });
  });

  it("when the brand changes a budget: the brand's and the admins' figures", async () => {
    const brief = await newBrief('Budget');
    const raise = () => ok(people.brand.client.from('brand_briefs').update({ budget_satang: 5_000_000 }).eq('id', brief));
    expect(await whoMoved(raise)).toEqual({ money: ['admin', 'brand'], news: [] });
  });

  it('when a month closes, a payout is marked paid and an invoice is marked paid', async () => {
    // A video posted, measured and approved in September: 40,000 counted views, 200 baht for the creator.
    const brief = await newBrief('September');
    const video = await insertVideo(backend, {
      creator: people.creator,
      n: ++n,
      postedAt: new Date('2026-09-05T03:00:00Z'),
      views: 40_000,
      measuredAt: new Date('2026-09-05T09:00:00Z'),
      brief,
      brand: people.brand.id,
      author: 'fresh.creator',
    });
    await updateReview(backend, video, { submitted_at: '2026-09-05T04:00:00Z', status: 'approved', decided_at: '2026-09-06T00:00:00Z' });

    // The statement and the invoice: the creator and the brand (and their notifications), and the admins (payouts due).
    const close = () => ok(closeMonth(people.admin.client, '2026-09-01'));
    expect(await whoMoved(close)).toEqual({ money: ['admin', 'brand', 'creator'], news: ['admin', 'brand', 'creator'] });

    await ok(people.creator.client.rpc('save_payout_account', { p_method: 'promptpay', p_promptpay_id: '0812345678' }));
    const { data: payout } = await people.admin.client.from('payouts').select('id').eq('creator_id', people.creator.id).eq('month', '2026-09-01').single();
    const payPayout = () => ok(people.admin.client.rpc('mark_payout_paid', { p_payout_id: payout!.id, p_reference: 'KB-1', p_paid_on: '2026-10-05' }));
    expect(await whoMoved(payPayout)).toEqual({ money: ['admin', 'creator'], news: ['creator'] });

    const payInvoice = () => ok(people.admin.client.rpc('mark_invoice_paid', { p_brand_id: people.brand.id, p_month: '2026-09-01', p_reference: 'INV-1', p_paid_on: '2026-10-06' }));
    expect(await whoMoved(payInvoice)).toEqual({ money: ['admin', 'brand'], news: [] });
  });

  it('when a notification is marked read elsewhere: the unread count says so', async () => {
    const video = await pendingVideo(await newBrief('Read elsewhere'));
    await ok(people.brand.client.rpc('review_video', { p_video: video, p_decision: 'approve' }));
    const before = await changesOf(people.creator);
    expect(before.unread).toBeGreaterThan(0);
    await ok(people.creator.client.rpc('mark_notifications_read', { p_ids: null }));
    const after = await changesOf(people.creator);
    expect(after.unread).toBe(0);
    expect(after.money).toBe(before.money);
  });
});

describe('writing the stamps', () => {
  it('keeps nothing of a transaction once it committed, and says when the money last moved', async () => {
    const { rows } = await backend.server.db.query<{ touches: number; flushes: number }>(
      'select (select count(*)::integer from private.money_touches) as touches, (select count(*)::integer from private.money_flushes) as flushes',
    );
    expect(rows[0]).toEqual({ touches: 0, flushes: 0 });
    const mine = await changesOf(people.creator);
    expect(Date.parse(mine.money_at!)).toBeLessThanOrEqual(Date.parse(mine.now) + 1_000);
  });

  it.runIf(engine === 'postgres')('never deadlocks two writers that touch the same people in opposite orders (PostgreSQL only: PGlite runs one statement at a time)', async () => {
    const db = backend.server.db;
    const [a, b] = [people.otherCreator.id, people.otherBrand.id];
    const before = await everyone();
    // Each transaction touches one person, waits for the other to touch the other person, then the other.
    let firstTouched!: () => void, secondTouched!: () => void;
    const first = new Promise<void>((resolve) => (firstTouched = resolve));
    const second = new Promise<void>((resolve) => (secondTouched = resolve));
    const touch = (person: string) => `select private.touch_money(array['${person}'::uuid])`;
    await Promise.all([
      db.transaction(async (tx) => {
        await tx.query(touch(a));
        firstTouched();
        await second;
        await tx.query(touch(b));
      }),
      db.transaction(async (tx) => {
        await first;
        await tx.query(touch(b));
        secondTouched();
        await tx.query(touch(a));
      }),
    ]);
    const after = await everyone();
    expect(after.otherCreator.money).not.toBe(before.otherCreator.money);
    expect(after.otherBrand.money).not.toBe(before.otherBrand.money);
    expect(after.creator.money).toBe(before.creator.money);
  });
});
