/**
 * Brands and opportunities (issue: publish, browse, join; brand dashboard), through the SPA's
 * own fetchers. Raw supabase-js calls remain only for crafted requests no fetcher sends
 * (another brand's id, a status that does not exist), which the database must refuse.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrandMetrics } from '@/features/metrics/api/get-brand-metrics';
import { createOpportunity } from '@/features/opportunities/api/create-opportunity';
import { getBrandCreators } from '@/features/opportunities/api/get-brand-creators';
import {
  flattenOpportunityPages,
  getOpportunities,
  getOpportunity,
  getOpportunityPage,
  opportunityPageSize,
  opportunityPagesQueryOptions,
  type OpportunityListFilter,
} from '@/features/opportunities/api/get-opportunities';
import { joinOpportunity } from '@/features/opportunities/api/join-opportunity';
import { getOwnBriefs, saveBriefText } from '@/features/opportunities/api/save-brief';
import { updateOpportunityStatus } from '@/features/opportunities/api/update-opportunity-status';
import { startBackend, type TestBackend } from './helpers/backend';
import { approve, daysAgo, hoursAgo, insertVideo } from './helpers/videos';
import { actAs, lastStatus, refusal } from './helpers/spa';
import { createUser, proveHandle, type TestUser } from './helpers/users';

let backend: TestBackend;
let service: SupabaseClient;
let brand: TestUser, otherBrand: TestUser, creator: TestUser, otherCreator: TestUser, admin: TestUser;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  backend = await startBackend();
  service = backend.service();
  [brand, otherBrand, creator, otherCreator, admin] = await Promise.all([
    createUser(backend, 'brand'),
    createUser(backend, 'brand'),
    createUser(backend, 'creator'),
    createUser(backend, 'creator'),
    createUser(backend, 'admin'),
  ]);
}, 60_000);
afterAll(() => backend?.stop());

/** The Create Opportunity form's call, as `as`. */
async function publish(as: TestUser, title: string) {
  await actAs(backend, as);
  return createOpportunity({ title, description: `About ${title}`, reward: '฿1,000 – ฿2,000', tags: 'Food', deadline: inDays(10) });
}

/** A brand moving its brief, as the brief card's status menu does. */
async function setStatus(as: TestUser, briefId: string, status: 'open' | 'matched' | 'closed') {
  await actAs(backend, as);
  return updateOpportunityStatus({ briefId, status });
}

/** A brief as creators see it listed (brief_listings), read by its id: the list itself is paged. */
const listingOf = (briefId: string) => getOpportunity(briefId);

const joins = '/rest/v1/creator_brand_connections';

describe('a brand and its briefs', () => {
  it('creates, lists and moves its briefs through open, matched, closed and back', async () => {
    // A brand of its own, whose list holds this brief alone.
    const brand = await createUser(backend, 'brand');
    const brief = await publish(brand, 'Rice bowl launch');
    expect(brief).toMatchObject({ brand_id: brand.id, status: 'open', industry: ['Food'], deadline: inDays(10) });
    const listed = await getOpportunities({ brandId: brand.id });
    expect(listed.map(({ title, brand_name, status }) => ({ title, brand_name, status }))).toEqual([{ title: 'Rice bowl launch', brand_name: expect.any(String), status: 'open' }]);
    for (const status of ['matched', 'closed', 'open'] as const) {
      expect(await setStatus(brand, brief.id, status)).toEqual({ id: brief.id, status });
    }
    // Creators see the change.
    await setStatus(brand, brief.id, 'closed');
    await actAs(backend, creator);
    expect(await listingOf(brief.id)).toMatchObject({ status: 'closed' });
    expect((await getOpportunities({ status: 'open' })).map((row) => row.id)).not.toContain(brief.id);
  });

  it('cannot change or publish for another brand, and refuses statuses that do not exist', async () => {
    const theirs = await publish(otherBrand, 'Not yours');
    expect((await refusal(() => setStatus(brand, theirs.id, 'closed'))).code).toBe('not_allowed');
    // Crafted: no fetcher sends these. The row of another brand is not there to change.
    const { data } = await brand.client.from('brand_briefs').update({ status: 'closed', title: 'Mine now' }).eq('id', theirs.id).select();
    expect(data).toEqual([]);
    expect((await service.from('brand_briefs').select('status, title').eq('id', theirs.id).single()).data).toEqual({ status: 'open', title: 'Not yours' });
    expect((await brand.client.from('brand_briefs').insert({ brand_id: otherBrand.id, title: 'x', description: 'y' })).error).toBeTruthy();
    const mine = await publish(brand, 'Status check');
    expect((await brand.client.from('brand_briefs').update({ status: 'paused' }).eq('id', mine.id)).error?.code).toBe('23514');
    expect((await service.from('brand_briefs').select('status').eq('id', mine.id).single()).data).toEqual({ status: 'open' });
  });

  it('a creator or an admin cannot publish a brief', async () => {
    for (const user of [creator, admin]) {
      const before = (await service.from('brand_briefs').select('id', { count: 'exact', head: true })).count;
      const error = await refusal(() => publish(user, 'x'));
      expect(error.code).toBe('only_brands_publish');
      expect((await service.from('brand_briefs').select('id', { count: 'exact', head: true })).count).toBe(before);
    }
  });
});

describe('joining', () => {
  it('a creator joins an open brief once; a brand and an admin cannot join', async () => {
    const brief = await publish(brand, 'Join me');
    await actAs(backend, creator);
    await joinOpportunity({ briefId: brief.id, isCreator: true });
    const twice = await refusal(() => joinOpportunity({ briefId: brief.id, isCreator: true }));
    expect(twice).toMatchObject({ code: 'already_joined' });
    expect(lastStatus(joins)).toBe(409);
    for (const user of [otherBrand, admin]) {
      await actAs(backend, user);
      // The SPA spares the round trip for a user it knows is not a creator...
      expect((await refusal(() => joinOpportunity({ briefId: brief.id, isCreator: false }))).code).toBe('only_creators_can_join');
      // ...and the database refuses the same, whatever the SPA believed.
      expect(await refusal(() => joinOpportunity({ briefId: brief.id, isCreator: true }))).toMatchObject({ code: 'only_creators_can_join', detail: 'Only creators can join opportunities' });
    }
    expect((await service.from('creator_brand_connections').select('creator_id').eq('brand_brief_id', brief.id)).data).toEqual([{ creator_id: creator.id }]);
    await actAs(backend, otherCreator);
    expect(await listingOf(brief.id)).toMatchObject({ joined_count: 1 });
  });

  it('nobody joins a matched or closed brief', async () => {
    for (const status of ['matched', 'closed'] as const) {
      const brief = await publish(brand, `A ${status} brief`);
      await setStatus(brand, brief.id, status);
      await actAs(backend, otherCreator);
      expect(await refusal(() => joinOpportunity({ briefId: brief.id, isCreator: true }))).toMatchObject({ code: 'opportunity_not_open', detail: 'This opportunity is no longer open' });
      expect(lastStatus(joins)).toBe(409);
      expect((await service.from('creator_brand_connections').select('id').eq('brand_brief_id', brief.id)).data).toEqual([]);
    }
  });

  it('the brand sees who joined its briefs, and no one else’s', async () => {
    const [brand, creator] = await Promise.all([createUser(backend, 'brand'), createUser(backend, 'creator')]);
    const brief = await publish(brand, 'Join me');
    await actAs(backend, creator);
    await joinOpportunity({ briefId: brief.id, isCreator: true });
    await actAs(backend, brand);
    expect(await getBrandCreators(brand.id)).toEqual({ creators: [{ id: creator.id, name: 'First Last', tiktokUsername: null, followerCount: null, verified: false, briefs: ['Join me'], videos: 0, countedViews: 0, spendSatang: 0 }], hasMore: false });
    await actAs(backend, otherBrand);
    expect(await getBrandCreators(brand.id)).toEqual({ creators: [], hasMore: false });
    // Crafted: unfiltered, the other brand still sees no connection.
    expect((await otherBrand.client.from('creator_brand_connections').select('id')).data).toEqual([]);
  });
});

describe('Save Brief', () => {
  it('writes the brief text of the opportunity the brand picked, and only that one', async () => {
    const fresh = await createUser(backend, 'brand');
    const first = await publish(fresh, 'First');
    const second = await publish(fresh, 'Second');
    const theirs = await publish(otherBrand, 'Their first');
    await actAs(backend, fresh);
    expect((await getOwnBriefs(fresh.id)).map((brief) => brief.id).sort()).toEqual([first.id, second.id].sort());
    await saveBriefText({ briefId: second.id, text: 'Our brand in one paragraph' });
    // Another brand's brief: the update finds no row of the caller's, and says so.
    expect((await refusal(() => saveBriefText({ briefId: theirs.id, text: 'hijacked' }))).code).toBe('not_allowed');
    const rows = (await service.from('brand_briefs').select('id, brief').in('id', [first.id, second.id, theirs.id])).data!;
    const byId = Object.fromEntries(rows.map((row) => [row.id, row.brief]));
    expect(byId).toEqual({ [first.id]: null, [second.id]: 'Our brand in one paragraph', [theirs.id]: null });
  });
});

describe('brand metrics', () => {
  it('count only the videos of its briefs that their creators joined, at ฿10 per 1,000 views; a pitch counts nothing', async () => {
    // Its own creators: the test gives them TikTok usernames.
    const [fresh, creator, otherCreator] = await Promise.all([createUser(backend, 'brand'), createUser(backend, 'creator'), createUser(backend, 'creator')]);
    const brief = await publish(fresh, 'Metric brief');
    await actAs(backend, creator);
    await joinOpportunity({ briefId: brief.id, isCreator: true });
    // Published yesterday, so that today's videos fall inside its dates.
    await service.from('brand_briefs').update({ created_at: daysAgo(1).toISOString() }).eq('id', brief.id);
    const own = (user: TestUser) => ({ creator: user, author: `opp.${user.id.slice(0, 8)}`, postedAt: hoursAgo(2) });
    for (const user of [creator, otherCreator]) {
      await service.from('profiles').update({ tiktok_username: own(user).author }).eq('id', user.id);
      await proveHandle(backend, user.id);
    }
    const videos = [
      { ...own(creator), n: 501, views: 2500, brief: brief.id },
      { ...own(otherCreator), n: 502, views: 1234, brand: fresh.id },
      { ...own(otherCreator), n: 503, views: 99_999, brand: otherBrand.id },
    ];
    for (const video of videos) await approve(backend, await insertVideo(backend, video));
    // The 1,234-view video sent to the brand without a brief is a pitch.
    await actAs(backend, fresh);
    expect(await getBrandMetrics(fresh.id)).toMatchObject({ totalViews: 2500, totalCreators: 1, totalVideos: 1, estPay: 25, pitchVideos: 1 });
  });
});

/** More briefs than the API answers in one response (1,000 rows). */
const bulkBriefs = 1_150;

/**
 * Every brief the Opportunities page can reach under a filter: its own infinite query (20 a
 * page, each Show more the next page) run until it says there is no next page.
 */
async function everyPage(filter: OpportunityListFilter) {
  const data = await new QueryClient().fetchInfiniteQuery({ ...opportunityPagesQueryOptions(filter), pages: 1_000 });
  return { ...flattenOpportunityPages(data), sizes: data.pages.map((page) => page.briefs.length) };
}

describe('the Opportunities page past the API’s 1,000-row cap (issue 11)', () => {
  let bulk: TestUser;
  /** The bulk brand's briefs in the list's order: newest first, then by id. */
  let expected: { id: string; status: string }[];

  beforeAll(async () => {
    bulk = await createUser(backend, 'brand', { first_name: 'Bulk Briefs Co' });
    const start = Date.now() - 86_400_000;
    // Two briefs share each moment, so the order between them, and across page ends, is the id's.
    const rows = Array.from({ length: bulkBriefs }, (_, index) => ({
      brand_id: bulk.id,
      title: `Bulk brief ${String(index + 1).padStart(4, '0')}`,
      description: 'Paging test',
      status: index % 4 === 3 ? 'closed' : 'open',
      created_at: new Date(start + Math.floor(index / 2) * 1_000).toISOString(),
    }));
    const inserted: { id: string; status: string; created_at: string }[] = [];
    for (let from = 0; from < rows.length; from += 500) {
      const { data, error } = await service.from('brand_briefs').insert(rows.slice(from, from + 500)).select('id, status, created_at');
      expect(error).toBeNull();
      inserted.push(...data!);
    }
    // The market holds more than the bulk brand's briefs.
    expect((await service.from('brand_briefs').insert({ brand_id: otherBrand.id, title: 'Another brand’s brief', description: 'Not bulk' })).error).toBeNull();
    expected = inserted
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map(({ id, status }) => ({ id, status }));
    await actAs(backend, creator);
  }, 120_000);

  it('reaches every brief of a brand, 20 a page, newest first, where one request stops at 1,000', async () => {
    // What the page used to send: every brief at once, silently cut at 1,000.
    expect(await getOpportunities({ brandId: bulk.id })).toHaveLength(1_000);

    const { briefs, totalCount, sizes } = await everyPage({ status: 'all', brandId: bulk.id });
    expect(totalCount).toBe(bulkBriefs);
    expect(sizes.slice(0, -1).every((size) => size === opportunityPageSize)).toBe(true);
    expect(sizes).toHaveLength(Math.ceil(bulkBriefs / opportunityPageSize));
    // All of them, each once, in the list's order (ids compared as PostgreSQL orders uuids: their hex text).
    expect(briefs.map(({ id, status }) => ({ id, status }))).toEqual(expected);
  });

  it('pages a status filter on the server too, and the whole market with no filter', async () => {
    const closed = await everyPage({ status: 'closed', brandId: bulk.id });
    const closedIds = expected.filter((brief) => brief.status === 'closed').map((brief) => brief.id);
    expect(closedIds).toHaveLength(287);
    expect(closed.totalCount).toBe(closedIds.length);
    expect(closed.briefs.map((brief) => brief.id)).toEqual(closedIds);

    const everything = await everyPage({ status: 'all' });
    const { count } = await service.from('brand_briefs').select('id', { count: 'exact', head: true });
    expect(count).toBeGreaterThan(bulkBriefs);
    expect(everything.totalCount).toBe(count);
    expect(new Set(everything.briefs.map((brief) => brief.id)).size).toBe(count);
    const times = everything.briefs.map((brief) => Date.parse(brief.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers a page past the end (briefs that left the filter meanwhile) with no briefs and the count, not an error', async () => {
    expect(await getOpportunityPage({ brandId: bulk.id }, { offset: bulkBriefs })).toEqual({ briefs: [], totalCount: bulkBriefs });
    expect(await getOpportunityPage({ status: 'closed', brandId: bulk.id }, { offset: 300 })).toEqual({ briefs: [], totalCount: 287 });
    expect((await getOpportunityPage({ brandId: bulk.id }, { offset: 1_100 })).briefs.map((brief) => brief.id)).toEqual(expected.slice(1_100, 1_120).map((brief) => brief.id));
  });
});
