/**
 * The dashboards' totals are kept as running sums (issue 11: private.video_totals and
 * private.platform_totals, maintained by triggers). Whatever happens to a video, its review,
 * its creator's username or its brief, the metrics must equal the same figures added up over
 * video_ledger row by row, the definition of docs/money.md.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, proveHandle, type TestUser } from './helpers/users';
import { getPendingReviews } from '@/features/reviews/api/get-reviews';
import { actAs } from './helpers/spa';
import { addSnapshot, daysAgo, hoursAgo, insertVideo, updateReview, type VideoFixture } from './helpers/videos';

let backend: TestBackend;
let service: SupabaseClient;
let creator: TestUser, otherCreator: TestUser, brand: TestUser, admin: TestUser;
let brief: string;
let n = 0;

type LedgerRow = {
  user_id: string;
  brand_id: string | null;
  brand_brief_id: string | null;
  review_status: string;
  availability: string;
  counted_views: number;
  pending_views: number;
  view_count: number;
  is_estimated: boolean;
};

async function ledger(): Promise<LedgerRow[]> {
  const { data, error } = await service
    .from('video_listings')
    .select('user_id, brand_id, brand_brief_id, review_status, availability, counted_views, pending_views, view_count, is_estimated')
    .order('id');
  if (error) throw new Error(error.message);
  return data;
}

const sum = (rows: LedgerRow[], pick: (row: LedgerRow) => number) => rows.reduce((total, row) => total + pick(row), 0);

/** The figures every dashboard shows, added up from the ledger's rows (video_listings carries video_ledger's columns). */
function expected(rows: LedgerRow[]) {
  const counted = sum(rows, (row) => row.counted_views);
  const pending = sum(rows, (row) => row.pending_views);
  const views = sum(rows, (row) => row.view_count);
  return {
    totalVideos: rows.length,
    totalViews: views,
    countedViews: counted,
    pendingViews: pending,
    notCountedViews: Math.max(views - counted - pending, 0),
    pendingReviews: rows.filter((row) => row.review_status === 'pending').length,
    estimatedVideos: rows.filter((row) => row.is_estimated).length,
  };
}

async function expectTotalsToMatchTheLedger() {
  const rows = await ledger();
  const mine = rows.filter((row) => row.user_id === creator.id);
  const { data: creatorFigures } = await creator.client.rpc('creator_metrics');
  expect(creatorFigures).toMatchObject({
    ...expected(mine),
    totalBrands: new Set(mine.map((row) => row.brand_id).filter(Boolean)).size,
    unavailableVideos: mine.filter((row) => row.availability === 'unavailable').length,
  });

  const theirs = rows.filter((row) => row.brand_id === brand.id);
  const briefed = theirs.filter((row) => row.brand_brief_id !== null);
  const { data: brandFigures } = await brand.client.rpc('brand_metrics');
  expect(brandFigures).toMatchObject({
    ...expected(briefed),
    pendingReviews: theirs.filter((row) => row.review_status === 'pending').length,
    totalCreators: new Set(briefed.map((row) => row.user_id)).size,
    pitchVideos: theirs.length - briefed.length,
  });

  const { data: platform } = await admin.client.rpc('admin_metrics');
  const { totalVideos, totalViews, countedViews, pendingViews, pendingReviews, estimatedVideos } = expected(rows);
  expect(platform).toMatchObject({ totalVideos, totalViews, countedViews, pendingViews, pendingReviews, estimatedVideos });
}

const video = (fixture: Partial<VideoFixture> & Pick<VideoFixture, 'postedAt' | 'views'>) => insertVideo(backend, { creator, n: ++n, brief, ...fixture });

beforeAll(async () => {
  backend = await startBackend();
  service = backend.service();
  [creator, otherCreator, brand, admin] = await Promise.all([
    createUser(backend, 'creator', { tiktok_username: 'ledger.creator' }),
    createUser(backend, 'creator', { tiktok_username: 'other.creator' }),
    createUser(backend, 'brand'),
    createUser(backend, 'admin'),
  ]);
  const { data, error } = await service
    .from('brand_briefs')
    .insert({ brand_id: brand.id, title: 'Totals brief', description: 'x', created_at: daysAgo(10).toISOString() })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  brief = data.id as string;
  for (const who of [creator, otherCreator]) {
    const { error: joinError } = await service.from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: brief });
    if (joinError) throw new Error(joinError.message);
  }
}, 60_000);
afterAll(() => backend?.stop());

describe('running totals', () => {
  // One story, step by step (each step starts from the one before): a test of its own for each
  // step would pass only in order.
  it('follow every change to a video, its review, its creator and its brief', async () => {
    const ids: Record<string, string> = {};

    // Videos as they are added: counted, pending, pitches, estimates, other accounts, unlinked.
    ids.approved = await video({ postedAt: daysAgo(3), views: 5_000, measuredAt: daysAgo(2) });
    ids.pending = await video({ postedAt: daysAgo(2), views: 700, measuredAt: daysAgo(1) });
    ids.rejected = await video({ postedAt: daysAgo(2), views: 300 });
    ids.estimate = await video({ postedAt: daysAgo(1), views: 999, source: 'estimate' });
    ids.notOwner = await video({ postedAt: daysAgo(1), views: 40, author: 'someone.else' });
    ids.pitch = await video({ postedAt: daysAgo(1), views: 80, brief: undefined, brand: brand.id });
    ids.unlinked = await video({ postedAt: daysAgo(1), views: 12, brief: undefined });
    ids.other = await insertVideo(backend, { creator: otherCreator, n: ++n, brief, postedAt: daysAgo(4), views: 2_000, author: 'other.creator' });
    await expectTotalsToMatchTheLedger();
    // Follow new measurements and a video going unavailable.
    await addSnapshot(backend, ids.approved, { at: hoursAgo(20), views: 9_000 });
    await addSnapshot(backend, ids.pending, { at: hoursAgo(2), available: false });
    await addSnapshot(backend, ids.pending, { at: hoursAgo(1), available: false });
    await expectTotalsToMatchTheLedger();
    // Follow the brand's answers.
    expect((await brand.client.rpc('review_video', { p_video: ids.approved, p_decision: 'approve' })).error).toBeNull();
    expect((await brand.client.rpc('review_video', { p_video: ids.rejected, p_decision: 'reject', p_reason: 'quality' })).error).toBeNull();
    await expectTotalsToMatchTheLedger();
    // Count a review left unanswered for 72 hours at once, and settle_reviews() writes it down without changing a figure.
    await updateReview(backend, ids.other, { submitted_at: hoursAgo(73).toISOString() });
    await expectTotalsToMatchTheLedger();
    const { data: before } = await admin.client.rpc('admin_metrics');

    for (const who of [creator, brand, admin]) {
      expect((await who.client.rpc('settle_reviews')).error).toMatchObject({ code: '42501' });
      expect((await who.client.rpc('recent_measurements')).error).toMatchObject({ code: '42501' });
    }
    // Every review pending for over 72 hours is written down: this one, and any another test of this file left.
    const { count: lapsed } = await service.from('video_reviews').select('id', { count: 'exact', head: true }).eq('status', 'pending').lt('submitted_at', hoursAgo(72).toISOString());
    expect(lapsed).toBeGreaterThanOrEqual(1);
    const { data: settled, error } = await service.rpc('settle_reviews');
    expect(error).toBeNull();
    expect(settled).toBe(lapsed);
    const { data: row } = await service.from('video_reviews').select('status, decided_by').eq('creator_id', otherCreator.id).single();
    expect(row).toEqual({ status: 'approved', decided_by: null });
    expect((await admin.client.rpc('admin_metrics')).data).toEqual(before);
    await expectTotalsToMatchTheLedger();
    // Follow the creator's TikTok username and the brief's publication date.
    expect((await creator.client.from('profiles').update({ tiktok_username: 'someone.else' }).eq('id', creator.id)).error).toBeNull();
    await expectTotalsToMatchTheLedger();
    expect((await creator.client.from('profiles').update({ tiktok_username: 'ledger.creator' }).eq('id', creator.id)).error).toBeNull();
    // A new handle starts unproven (docs/money.md rule 4): the totals follow, and again once it is proven.
    await expectTotalsToMatchTheLedger();
    expect(await proveHandle(backend, creator.id)).toBe(true);
    expect((await service.from('brand_briefs').update({ created_at: daysAgo(2.5).toISOString() }).eq('id', brief)).error).toBeNull();
    await expectTotalsToMatchTheLedger();
    // Follow videos unlinked and removed.
    expect((await creator.client.from('tiktok_videos').update({ brand_id: null, brand_brief_id: null }).eq('id', ids.pending)).error).toBeNull();
    expect((await creator.client.from('tiktok_videos').delete().eq('id', ids.estimate)).error).toBeNull();
    await expectTotalsToMatchTheLedger();
  });
});

describe('review_queue', () => {
  it("lists exactly the brand's videos whose review is pending in the ledger, oldest submission first, to the brand and each video's creator only", async () => {
    const waiting = await video({ postedAt: daysAgo(1), views: 10 });
    const lapsed = await video({ postedAt: daysAgo(1), views: 10 });
    await updateReview(backend, lapsed, { submitted_at: hoursAgo(80).toISOString() });
    await updateReview(backend, waiting, { submitted_at: hoursAgo(5).toISOString() });
    const { data: ledgerRows } = await brand.client.from('video_listings').select('id, review_submitted_at').eq('brand_id', brand.id).eq('review_status', 'pending');
    const expectedIds = [...ledgerRows!].sort((a, b) => a.review_submitted_at!.localeCompare(b.review_submitted_at!)).map((row) => row.id);
    expect(expectedIds).toContain(waiting);
    expect(expectedIds).not.toContain(lapsed);

    const { data, count, error } = await brand.client.from('review_queue').select('id, review_status, queued_at', { count: 'exact' }).eq('brand_id', brand.id).order('queued_at').order('id');
    expect(error).toBeNull();
    expect(data!.map((row) => row.id)).toEqual(expectedIds);
    expect(data!.every((row) => row.review_status === 'pending')).toBe(true);
    expect(count).toBe(expectedIds.length);
    expect((await creator.client.from('review_queue').select('id').eq('brand_id', brand.id).order('queued_at').order('id')).data!.map((row) => row.id)).toEqual(expectedIds);
    expect((await otherCreator.client.from('review_queue').select('id')).data).toEqual([]);
    expect((await backend.client().from('review_queue').select('id')).error).not.toBeNull();
  });

  it('review_queue_page() gives the brand the same rows, page by page, with the total; the SPA reads it; a video taken back from the brand leaves the list', async () => {
    const waiting = [await video({ postedAt: daysAgo(1), views: 10 }), await video({ postedAt: daysAgo(1), views: 20 }), await video({ postedAt: daysAgo(1), views: 30 })];
    await updateReview(backend, waiting[0], { submitted_at: hoursAgo(4).toISOString() });
    await updateReview(backend, waiting[1], { submitted_at: hoursAgo(3).toISOString() });
    await updateReview(backend, waiting[2], { submitted_at: hoursAgo(2).toISOString() });
    const { data: queue } = await brand.client.from('review_queue').select('*').eq('brand_id', brand.id).order('queued_at').order('id');
    expect(queue!.length).toBeGreaterThanOrEqual(3);

    const { data: whole, error } = await brand.client.rpc('review_queue_page', { p_limit: 100 });
    expect(error).toBeNull();
    expect(whole.total).toBe(queue!.length);
    expect(whole.rows).toEqual(queue);
    // "Show more": the rows after the one shown last (keyset).
    const { data: second } = await brand.client.rpc('review_queue_page', { p_limit: 1, p_after_at: queue![0].queued_at, p_after: queue![0].id });
    expect(second).toEqual({ total: queue!.length, exact: true, has_previous: true, has_next: queue!.length > 2, rows: [queue![1]] });

    await actAs(backend, brand);
    expect(await getPendingReviews()).toEqual({ data: queue!.slice(0, 10), totalCount: queue!.length, exact: true, hasMore: queue!.length > 10 });

    // Taken back (unlinked by its creator): no longer the brand's to answer.
    expect((await creator.client.from('tiktok_videos').update({ brand_id: null, brand_brief_id: null }).eq('id', waiting[1])).error).toBeNull();
    const { data: after } = await brand.client.rpc('review_queue_page', { p_limit: 100 });
    expect(after.total).toBe(queue!.length - 1);
    expect(after.rows.map((row: { id: string }) => row.id)).not.toContain(waiting[1]);

    // Only the caller's own queue; nobody signed in gets nothing.
    expect((await creator.client.rpc('review_queue_page', {})).data).toEqual({ total: 0, exact: true, has_previous: false, has_next: false, rows: [] });
    expect((await backend.client().rpc('review_queue_page', {})).error).not.toBeNull();
  });
});
