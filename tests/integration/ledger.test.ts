/**
 * The view ledger (issue 10, docs/money.md): every rule that decides whether a video's views
 * count for money, through supabase-js as each party, with time moved by writing snapshots
 * and review timestamps as the service role rather than by sleeping.
 */
import { readFileSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, proveHandle, type TestUser } from './helpers/users';
import { addSnapshot, approve, daysAgo, hoursAgo, insertVideo, updateReview, videoIdPostedAt, type VideoFixture } from './helpers/videos';

let backend: TestBackend;
let service: SupabaseClient;
let creator: TestUser, otherCreator: TestUser, brand: TestUser, otherBrand: TestUser, admin: TestUser;
let brief: string, pastDeadlineBrief: string, oldBrief: string;
let n = 0;

const isoDate = (at: Date) => at.toISOString().slice(0, 10);

async function publish(owner: TestUser, publishedAt: Date, deadline: string | null = null): Promise<string> {
  const { data, error } = await service
    .from('brand_briefs')
    .insert({ brand_id: owner.id, title: 'Ledger brief', description: 'x', deadline, created_at: publishedAt.toISOString() })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

async function join(who: TestUser, briefId: string) {
  const { error } = await service.from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: briefId });
  if (error) throw new Error(error.message);
}

const video = (fixture: Partial<VideoFixture> & Pick<VideoFixture, 'postedAt' | 'views'>) => insertVideo(backend, { creator, n: ++n, brief, ...fixture });


async function ledgerOf(id: string) {
  const { data, error } = await service.from('video_ledger').select('*').eq('id', id).single();
  if (error) throw new Error(error.message);
  return data;
}

const review = (who: TestUser, id: string, decision: string, reason?: string, note?: string) =>
  who.client.rpc('review_video', { p_video: id, p_decision: decision, p_reason: reason, p_note: note });

beforeAll(async () => {
  backend = await startBackend();
  service = backend.service();
  [creator, otherCreator, brand, otherBrand, admin] = await Promise.all([
    createUser(backend, 'creator', { tiktok_username: 'Ledger.Creator' }),
    createUser(backend, 'creator', { tiktok_username: 'someone.else' }),
    createUser(backend, 'brand'),
    createUser(backend, 'brand'),
    createUser(backend, 'admin'),
  ]);
  brief = await publish(brand, daysAgo(10));
  // Due yesterday: allowed on insert (a day of slack for time zones), and already over.
  pastDeadlineBrief = await publish(brand, daysAgo(10), isoDate(daysAgo(1)));
  oldBrief = await publish(brand, daysAgo(45));
  for (const id of [brief, pastDeadlineBrief, oldBrief]) await join(creator, id);
  await join(otherCreator, brief);
}, 60_000);
afterAll(() => backend?.stop());

describe('rule 1: every measurement is kept', () => {
  it('the add writes the first snapshot, and the video shows the latest measurement', async () => {
    const id = await video({ postedAt: hoursAgo(30), views: 100, measuredAt: hoursAgo(20) });
    const latest = hoursAgo(10);
    await addSnapshot(backend, id, { at: latest, views: 400 });
    await addSnapshot(backend, id, { at: hoursAgo(15), views: 250 }); // late-arriving, older measurement
    const { data: snapshots } = await creator.client.from('video_snapshots').select('view_count, source').eq('tiktok_video_id', id).order('measured_at');
    expect(snapshots).toEqual([
      { view_count: 100, source: 'sandbox' },
      { view_count: 250, source: 'sandbox' },
      { view_count: 400, source: 'sandbox' },
    ]);
    const { data: row } = await service.from('tiktok_videos').select('view_count, metrics_source, metrics_updated_at').eq('id', id).single();
    expect(row).toMatchObject({ view_count: 400, metrics_source: 'sandbox' });
    expect(new Date(row!.metrics_updated_at!).getTime()).toBe(latest.getTime());
  });

  it('measurements are never changed, not even by the service role, and only the service writes them', async () => {
    const id = await video({ postedAt: hoursAgo(5), views: 10 });
    const changed = await service.from('video_snapshots').update({ view_count: 999 }).eq('tiktok_video_id', id).select();
    expect(changed.error).not.toBeNull();
    const written = await creator.client.from('video_snapshots').insert({ tiktok_video_id: id, view_count: 1, like_count: 0, comment_count: 0, share_count: 0, source: 'page' });
    expect(written.error?.code).toBe('42501');
    const { data } = await service.from('video_snapshots').select('view_count').eq('tiktok_video_id', id);
    expect(data).toEqual([{ view_count: 10 }]);
  });
});

describe('rule 3: the posting time comes from the id', () => {
  it('posted_at is the top 32 bits of the id', async () => {
    // A whole second inside the brief's dates, whatever the day the test runs (a fixed date once
    // fell before the brief, published 10 days before the run, and failed from that day on).
    const postedAt = new Date(Math.floor(hoursAgo(5).getTime() / 1000) * 1000);
    const id = await video({ postedAt, views: 1 });
    expect(new Date((await ledgerOf(id)).posted_at).toISOString()).toBe(postedAt.toISOString());
  });
});

describe('rule 4: only campaign work by the creator’s own account, inside the brief’s dates', () => {
  it('a video linked to nothing earns nothing and is not reviewed', async () => {
    const id = await video({ postedAt: hoursAgo(5), views: 5000, brief: undefined });
    expect(await ledgerOf(id)).toMatchObject({ review_status: 'none', counted_views: 0, pending_views: 0, excluded_reason: 'no_campaign' });
  });

  it('a pitch (a brand without a brief) is reviewed but never counts', async () => {
    const id = await video({ postedAt: hoursAgo(5), views: 5000, brief: undefined, brand: brand.id });
    expect(await ledgerOf(id)).toMatchObject({ review_status: 'pending', excluded_reason: 'pitch' });
    expect((await review(brand, id, 'approve')).error).toBeNull();
    expect(await ledgerOf(id)).toMatchObject({ review_status: 'approved', counted_views: 0, excluded_reason: 'pitch' });
  });

  it('posted before the brief was published: refused when linked; one linked before the date moved counts nothing, even approved', async () => {
    await expect(video({ postedAt: daysAgo(11), views: 5000 })).rejects.toThrow(/posted before the campaign opened/);
    const moved = await publish(brand, daysAgo(10));
    await join(creator, moved);
    const id = await video({ brief: moved, postedAt: daysAgo(9), views: 5000 });
    await approve(backend, id);
    expect((await service.from('brand_briefs').update({ created_at: daysAgo(8).toISOString() }).eq('id', moved)).error).toBeNull();
    expect(await ledgerOf(id)).toMatchObject({ review_status: 'approved', counted_views: 0, excluded_reason: 'posted_before_brief' });
  });

  it('posted on the deadline day (Thai time) counts; posted after it does not', async () => {
    const deadline = isoDate(daysAgo(1));
    const onTheDay = await video({ brief: pastDeadlineBrief, postedAt: new Date(`${deadline}T16:59:00Z`), views: 700 }); // 23:59 in Bangkok
    // 00:00 the next day: refused when linked, and never queued for the brand.
    await expect(video({ brief: pastDeadlineBrief, postedAt: new Date(`${deadline}T17:00:00Z`), views: 900 })).rejects.toThrow(/after the campaign's deadline/);
    await approve(backend, onTheDay);
    expect(await ledgerOf(onTheDay)).toMatchObject({ counted_views: 700, excluded_reason: null });
  });

  it('posted from another TikTok account: not_owner; the creator’s own account matches in any letter case', async () => {
    const someoneElse = await video({ postedAt: hoursAgo(5), views: 800, author: 'someone.else' });
    const own = await video({ postedAt: hoursAgo(5), views: 600, author: 'ledger.CREATOR' });
    await approve(backend, someoneElse);
    await approve(backend, own);
    expect(await ledgerOf(someoneElse)).toMatchObject({ counted_views: 0, excluded_reason: 'not_owner' });
    expect(await ledgerOf(own)).toMatchObject({ counted_views: 600, excluded_reason: null });
  });

  it('a creator with no TikTok username in their profile owns no video yet, and one not proven counts nothing until proven', async () => {
    const nameless = await createUser(backend, 'creator');
    await join(nameless, brief);
    const id = await insertVideo(backend, { creator: nameless, n: ++n, brief, postedAt: hoursAgo(5), views: 50, author: 'nameless.creator' });
    expect(await ledgerOf(id)).toMatchObject({ excluded_reason: 'not_owner' });
    await nameless.client.from('profiles').update({ tiktok_username: 'nameless.creator' }).eq('id', nameless.id);
    expect(await ledgerOf(id)).toMatchObject({ counted_views: 0, excluded_reason: 'unverified_account' });
    expect(await proveHandle(backend, nameless.id)).toBe(true);
    await approve(backend, id);
    expect(await ledgerOf(id)).toMatchObject({ counted_views: 50, excluded_reason: null });
  });

  it('a handle another creator proved cannot be declared', async () => {
    const squatter = await createUser(backend, 'creator');
    const { error } = await squatter.client.from('profiles').update({ tiktok_username: 'LEDGER.creator' }).eq('id', squatter.id);
    expect(error?.code).toBe('tiktok_handle_taken');
    const { data } = await service.from('profiles').select('tiktok_username').eq('id', squatter.id).single();
    expect(data!.tiktok_username).toBeNull();
  });
});

describe('rule 5: the brand reviews what is submitted to it', () => {
  it('a pending video counts nothing; its views show as pending', async () => {
    const id = await video({ postedAt: hoursAgo(5), views: 1200 });
    const { data } = await creator.client.from('video_ledger').select('review_status, counted_views, pending_views, excluded_reason, auto_approve_at').eq('id', id).single();
    expect(data).toMatchObject({ review_status: 'pending', counted_views: 0, pending_views: 1200, excluded_reason: 'pending_review' });
    expect(new Date(data!.auto_approve_at!).getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000);
  });

  it('the brand approves: the views count, and the creator sees it', async () => {
    const id = await video({ postedAt: hoursAgo(5), views: 2000 });
    const { data, error } = await review(brand, id, 'approve');
    expect(error).toBeNull();
    expect(data).toMatchObject({ id, review_status: 'approved', counted_views: 2000 });
    expect((await creator.client.from('video_ledger').select('review_status, counted_views').eq('id', id).single()).data).toEqual({ review_status: 'approved', counted_views: 2000 });
    // An approval cannot be withdrawn, and the video stays with its brief.
    expect((await review(brand, id, 'reject', 'quality')).error).toMatchObject({ code: 'review_closed' });
    const moved = await creator.client.from('tiktok_videos').update({ brand_id: null, brand_brief_id: oldBrief }).eq('id', id).select();
    expect(moved.error).toMatchObject({ code: 'video_link_locked' });
    expect(moved.status).toBe(409);
  });

  it('the brand rejects with a reason: final for that brief, even if the video is removed and added again', async () => {
    const fixture = { creator, n: ++n, brief, postedAt: hoursAgo(6), views: 3000 };
    const id = await insertVideo(backend, fixture);
    const { error } = await review(brand, id, 'reject', 'missing_disclosure', '  Please add #ad  ');
    expect(error).toBeNull();
    const { data } = await creator.client.from('video_ledger').select('review_status, review_reason, review_note, counted_views, excluded_reason').eq('id', id).single();
    expect(data).toEqual({ review_status: 'rejected', review_reason: 'missing_disclosure', review_note: 'Please add #ad', counted_views: 0, excluded_reason: 'rejected' });
    expect((await creator.client.from('tiktok_videos').delete().eq('id', id).select()).data).toHaveLength(1);
    const again = await insertVideo(backend, fixture);
    expect(await ledgerOf(again)).toMatchObject({ review_status: 'rejected', excluded_reason: 'rejected' });
  });

  it('a review with no answer is approved automatically after 72 hours', async () => {
    const id = await video({ postedAt: hoursAgo(80), views: 4000 });
    await updateReview(backend, id, { submitted_at: hoursAgo(71.9).toISOString() });
    expect(await ledgerOf(id)).toMatchObject({ review_status: 'pending', counted_views: 0 });
    await updateReview(backend, id, { submitted_at: hoursAgo(72.1).toISOString() });
    expect(await ledgerOf(id)).toMatchObject({ review_status: 'approved', counted_views: 4000, excluded_reason: null });
    expect((await review(brand, id, 'reject', 'quality')).error).toMatchObject({ code: 'review_closed', message: 'This video has already been reviewed' });
  });

  it('the 72 hours run only while the brand can see the video: unlinked and linked again, the clock restarts', async () => {
    const id = await video({ postedAt: hoursAgo(80), views: 900 });
    const { video_id: tiktokId } = await ledgerOf(id);
    await creator.client.from('tiktok_videos').update({ brand_id: null, brand_brief_id: null }).eq('id', id);
    // Submitted 73 hours ago, most of which it spent unlinked.
    await service.from('video_reviews').update({ submitted_at: hoursAgo(73).toISOString() }).eq('creator_id', creator.id).eq('video_id', tiktokId).eq('brand_brief_id', brief);
    const relinked = await creator.client.from('tiktok_videos').update({ brand_brief_id: brief }).eq('id', id).select();
    expect(relinked.error).toBeNull();
    const entry = await ledgerOf(id);
    expect(entry).toMatchObject({ review_status: 'pending', excluded_reason: 'pending_review' });
    expect(new Date(entry.review_submitted_at!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await review(brand, id, 'reject', 'off_brief')).error).toBeNull();
  });

  it('an approved video is not moved by removing it and adding it again to another opportunity', async () => {
    const fixture = { creator, n: ++n, brief, postedAt: hoursAgo(6), views: 3100 };
    const id = await insertVideo(backend, fixture);
    expect((await review(brand, id, 'approve')).error).toBeNull();
    await creator.client.from('tiktok_videos').delete().eq('id', id);
    const elsewhere = await service.from('tiktok_videos').insert({
      user_id: creator.id, video_id: videoIdPostedAt(fixture.postedAt, fixture.n), share_url: 'https://www.tiktok.com/@ledger.creator/video/1', brand_brief_id: oldBrief, metrics_source: 'sandbox',
    });
    expect(elsewhere.error).toMatchObject({ code: 'video_link_locked' });
    // Back to its own opportunity, it is approved as before.
    expect(await ledgerOf(await insertVideo(backend, fixture))).toMatchObject({ review_status: 'approved', counted_views: 3100 });
  });

  it('once videos were submitted, the brand may move the deadline later but not earlier', async () => {
    const dated = await publish(brand, daysAgo(3), isoDate(daysAgo(-20)));
    await join(creator, dated);
    await video({ brief: dated, postedAt: hoursAgo(5), views: 10 });
    const earlier = await brand.client.from('brand_briefs').update({ deadline: isoDate(daysAgo(-1)) }).eq('id', dated).select();
    expect(earlier.error).toMatchObject({ code: 'deadline_locked' });
    expect(earlier.status).toBe(409);
    expect((await brand.client.from('brand_briefs').update({ deadline: isoDate(daysAgo(-30)) }).eq('id', dated).select()).error).toBeNull();
    expect((await brand.client.from('brand_briefs').update({ deadline: null }).eq('id', dated).select()).error).toBeNull();
  });

  it('refuses bad decisions with a code, and changes nothing', async () => {
    const id = await video({ postedAt: hoursAgo(5), views: 10 });
    const cases: [TestUser, string, string | undefined, string | undefined, string, number][] = [
      [brand, 'maybe', undefined, undefined, 'review_decision_invalid', 400],
      [brand, 'reject', undefined, undefined, 'review_reason_required', 400],
      [brand, 'reject', 'too_long_video', undefined, 'review_reason_invalid', 400],
      [brand, 'reject', 'other', '   ', 'review_note_required', 400],
      [brand, 'reject', 'other', 'x'.repeat(1001), 'review_note_too_long', 400],
      [otherBrand, 'approve', undefined, undefined, 'video_not_found', 404],
      [creator, 'approve', undefined, undefined, 'video_not_found', 404],
      [admin, 'approve', undefined, undefined, 'video_not_found', 404],
    ];
    for (const [who, decision, reason, note, code, status] of cases) {
      const answer = await review(who, id, decision, reason, note);
      expect(answer.error?.code, `${decision} ${reason}`).toBe(code);
      expect(answer.status).toBe(status);
    }
    const anonymous = await backend.client().rpc('review_video', { p_video: id, p_decision: 'approve' });
    expect(anonymous.status).toBe(401);
    expect(await ledgerOf(id)).toMatchObject({ review_status: 'pending', review_reason: null });
    expect((await review(brand, id, 'reject', 'other', 'Wrong product shown')).data).toMatchObject({ review_status: 'rejected', review_reason: 'other', review_note: 'Wrong product shown' });
  });
});

describe('rule 6: a 30-day counting window, then frozen', () => {
  it('counts the last measurement inside the window; later ones are history', async () => {
    const postedAt = daysAgo(40);
    const id = await video({ brief: oldBrief, postedAt, views: 1000, measuredAt: daysAgo(39) });
    await approve(backend, id);
    await addSnapshot(backend, id, { at: daysAgo(30), views: 1500 });
    await addSnapshot(backend, id, { at: daysAgo(11), views: 2000 }); // day 29
    await addSnapshot(backend, id, { at: daysAgo(5), views: 5000 }); // day 35
    const entry = await ledgerOf(id);
    expect(entry).toMatchObject({ measured_views: 5000, counted_views: 2000, frozen: true, excluded_reason: null });
    expect(new Date(entry.window_ends_at!).getTime() - new Date(entry.posted_at!).getTime()).toBe(30 * 86_400_000);
  });

  it('a video still inside its window is not frozen and follows its measurements', async () => {
    const id = await video({ postedAt: daysAgo(3), views: 100, measuredAt: daysAgo(2) });
    await approve(backend, id);
    await addSnapshot(backend, id, { at: hoursAgo(1), views: 900 });
    expect(await ledgerOf(id)).toMatchObject({ counted_views: 900, frozen: false });
  });
});

describe('rule 7: only measurements count; gone videos keep what they earned', () => {
  it('an estimate never counts, until a real measurement arrives', async () => {
    const id = await video({ postedAt: hoursAgo(20), views: 7777, source: 'estimate', measuredAt: hoursAgo(19) });
    await approve(backend, id);
    expect(await ledgerOf(id)).toMatchObject({ measured_views: null, counted_views: 0, excluded_reason: 'estimated' });
    // An estimate is not a check of TikTok: the video is due for a real one at once.
    expect((await service.from('tiktok_videos').select('checked_at').eq('id', id).single()).data).toEqual({ checked_at: null });
    await addSnapshot(backend, id, { at: hoursAgo(1), views: 321, source: 'page' });
    expect(await ledgerOf(id)).toMatchObject({ measured_views: 321, counted_views: 321, excluded_reason: null });
  });

  it('unavailable after two consecutive failed checks; the views measured while live stay counted', async () => {
    const id = await video({ postedAt: daysAgo(2), views: 1000, measuredAt: hoursAgo(30) });
    await approve(backend, id);
    await addSnapshot(backend, id, { at: hoursAgo(20), available: false });
    expect(await ledgerOf(id)).toMatchObject({ availability: 'live', counted_views: 1000 });
    await addSnapshot(backend, id, { at: hoursAgo(14), views: 1500 }); // back again: the count restarts
    await addSnapshot(backend, id, { at: hoursAgo(8), available: false });
    expect(await ledgerOf(id)).toMatchObject({ availability: 'live' });
    await addSnapshot(backend, id, { at: hoursAgo(2), available: false });
    expect(await ledgerOf(id)).toMatchObject({ availability: 'unavailable', measured_views: 1500, counted_views: 1500, excluded_reason: null });
    const { data } = await creator.client.from('video_listings').select('availability, view_count').eq('id', id).single();
    expect(data).toEqual({ availability: 'unavailable', view_count: 1500 });
  });
});

describe('rule 8: one source of truth for every baht', () => {
  let moneyCreator: TestUser, moneyBrand: TestUser;
  const moneyQuery = (() => {
    const doc = readFileSync(new URL('../../docs/money.md', import.meta.url), 'utf8');
    return /<!-- money-query:start -->\s*```sql\n([\s\S]*?)```\s*<!-- money-query:end -->/.exec(doc)![1];
  })();
  const audit = async (who: string | null) =>
    (await backend.server.db.query<{ counted_views: string; pending_views: string; creator_earnings_baht: string; brand_pay_baht: string }>(moneyQuery, [who])).rows[0];

  beforeAll(async () => {
    [moneyCreator, moneyBrand] = await Promise.all([createUser(backend, 'creator', { tiktok_username: 'money.maker' }), createUser(backend, 'brand')]);
    const moneyBrief = await publish(moneyBrand, daysAgo(10));
    await join(moneyCreator, moneyBrief);
    const add = (views: number, extra: Partial<VideoFixture> = {}) =>
      insertVideo(backend, { creator: moneyCreator, n: ++n, brief: moneyBrief, postedAt: daysAgo(2), views, author: 'money.maker', ...extra });
    await approve(backend, await add(12_345));
    await add(1_000); // pending
    await approve(backend, await add(777, { author: 'someone.else' })); // another account's
    const rejected = await add(500);
    await moneyBrand.client.rpc('review_video', { p_video: rejected, p_decision: 'reject', p_reason: 'brand_safety' });
    await approve(backend, await add(300, { source: 'estimate' }));
  });

  it('the creator’s and the brand’s figures come from the ledger, split into counted, pending and not counted', async () => {
    const { data: mine } = await moneyCreator.client.rpc('creator_metrics');
    expect(mine).toMatchObject({
      totalViews: 14_922,
      countedViews: 12_345,
      pendingViews: 1_000,
      notCountedViews: 1_577,
      estEarnings: 61.72, // to the satang: floor(12,345 × 500 / 1000) = floor(6,172.5) satang
      pendingReviews: 1,
    });
    const { data: theirs } = await moneyBrand.client.rpc('brand_metrics');
    expect(theirs).toMatchObject({ totalViews: 14_922, countedViews: 12_345, pendingViews: 1_000, estPay: 123.45, pendingReviews: 1, totalCreators: 1 });
  });

  it('creator earnings + platform margin = brand pay on the same views', async () => {
    const earnings = (await moneyCreator.client.rpc('creator_metrics')).data.estEarnings as number;
    const pay = (await moneyBrand.client.rpc('brand_metrics')).data.estPay as number;
    const margin = Math.round((pay - earnings) * 100) / 100;
    expect(earnings + margin).toBeCloseTo(pay, 10);
    // The margin is the rate difference on the counted views, plus what rounding creator earnings down left over.
    expect(margin).toBeGreaterThanOrEqual((12_345 * 5) / 1000);
    expect(margin).toBeLessThan((12_345 * 5) / 1000 + 1);
  });

  it('the one query in docs/money.md reproduces every figure from the snapshots', async () => {
    for (const user of [moneyCreator, creator, otherCreator]) {
      const { data } = await service.rpc('creator_metrics', { creator: user.id });
      const row = await audit(user.id);
      expect([Number(row.counted_views), Number(row.pending_views), Number(row.creator_earnings_baht)]).toEqual([data.countedViews, data.pendingViews, data.estEarnings]);
    }
    for (const user of [moneyBrand, brand, otherBrand]) {
      const { data } = await service.rpc('brand_metrics', { brand: user.id });
      const row = await audit(user.id);
      expect([Number(row.counted_views), Number(row.brand_pay_baht)]).toEqual([data.countedViews, data.estPay]);
    }
    const { data: platform } = await admin.client.rpc('admin_metrics');
    const all = await audit(null);
    expect([Number(all.counted_views), Number(all.brand_pay_baht), Number(all.creator_earnings_baht)]).toEqual([platform.countedViews, platform.estPay, platform.estEarnings]);
  });
});

describe('rules 9 and 10: an admin\'s exclusion and a suspension, in the one query too', () => {
  it('leave out an excluded video and what was measured during a suspension, in the metrics and in docs/money.md\'s query alike', async () => {
    const doc = readFileSync(new URL('../../docs/money.md', import.meta.url), 'utf8');
    const query = /<!-- money-query:start -->\s*```sql\n([\s\S]*?)```\s*<!-- money-query:end -->/.exec(doc)![1];
    const [suspended, payer] = await Promise.all([createUser(backend, 'creator', { tiktok_username: 'paused.one' }), createUser(backend, 'brand')]);
    const payerBrief = await publish(payer, daysAgo(10));
    await join(suspended, payerBrief);
    const add = (views: number) => insertVideo(backend, { creator: suspended, n: ++n, brief: payerBrief, postedAt: daysAgo(2), views, author: 'paused.one', measuredAt: hoursAgo(20) });
    const kept = await add(4_000);
    const excluded = await add(9_000);
    await approve(backend, kept);
    await approve(backend, excluded);
    expect((await admin.client.rpc('admin_exclude_video', { p_video: excluded, p_reason: 'Bought views' })).error).toBeNull();
    expect((await admin.client.rpc('admin_set_suspended', { p_user_id: suspended.id, p_suspended: true, p_reason: 'Under review' })).error).toBeNull();
    await addSnapshot(backend, kept, { at: new Date(), views: 7_000 });

    const figures = (await service.rpc('creator_metrics', { creator: suspended.id })).data;
    expect(figures).toMatchObject({ countedViews: 4_000, estEarnings: 20 });
    for (const who of [suspended.id, payer.id, null]) {
      const row = (await backend.server.db.query<{ counted_views: string; brand_pay_baht: string; creator_earnings_baht: string }>(query, [who])).rows[0];
      if (who === suspended.id) {
        expect([Number(row.counted_views), Number(row.creator_earnings_baht)]).toEqual([figures.countedViews, figures.estEarnings]);
        continue;
      }
      const metrics = who === payer.id ? (await service.rpc('brand_metrics', { brand: payer.id })).data : (await admin.client.rpc('admin_metrics')).data;
      expect([Number(row.counted_views), Number(row.brand_pay_baht)], String(who)).toEqual([metrics.countedViews, metrics.estPay]);
    }
    expect((await admin.client.rpc('admin_set_suspended', { p_user_id: suspended.id, p_suspended: false, p_reason: 'Cleared' })).error).toBeNull();
    expect((await service.rpc('creator_metrics', { creator: suspended.id })).data.countedViews).toBe(7_000);
  });
});

describe('who reads the ledger', () => {
  it('the creator, the brand it is linked to and admins; nobody else', async () => {
    const id = await video({ postedAt: hoursAgo(5), views: 42 });
    const sees = async (client: SupabaseClient) => (await client.from('video_ledger').select('id').eq('id', id)).data?.length ?? 0;
    expect(await sees(creator.client)).toBe(1);
    expect(await sees(brand.client)).toBe(1);
    expect(await sees(admin.client)).toBe(1);
    expect(await sees(otherCreator.client)).toBe(0);
    expect(await sees(otherBrand.client)).toBe(0);
    const anonymous = await backend.client().from('video_ledger').select('id');
    expect(anonymous.error?.code).toBe('42501');
  });
});
