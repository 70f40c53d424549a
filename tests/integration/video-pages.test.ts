/**
 * The video lists (My Videos and the dashboards' latest videos) come from video_listing_page()
 * (issue 11): the same rows, in the same order, as video_listings read page by page, for
 * exactly the videos the caller may see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLatestVideos, getVideos } from '@/features/videos/api/get-videos';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs, refusal } from './helpers/spa';
import { createUser, type TestUser } from './helpers/users';
import { daysAgo, insertVideo } from './helpers/videos';

let backend: TestBackend;
let creator: TestUser, otherCreator: TestUser, brand: TestUser;
let brief: string;

/** The listing rows of these ids as video_listings gives them to the service, newest first. */
async function listed(filter: { column: 'user_id' | 'brand_id'; id: string; campaignOnly?: boolean }) {
  let query = backend.service().from('video_listings').select('*').eq(filter.column, filter.id);
  if (filter.campaignOnly) query = query.not('brand_brief_id', 'is', null);
  const { data, error } = await query.order('created_at', { ascending: false }).order('id', { ascending: true });
  if (error) throw new Error(error.message);
  return data;
}

beforeAll(async () => {
  backend = await startBackend();
  [creator, otherCreator, brand] = await Promise.all([
    createUser(backend, 'creator', { tiktok_username: 'ledger.creator' }),
    createUser(backend, 'creator', { tiktok_username: 'other.creator' }),
    createUser(backend, 'brand'),
  ]);
  const service = backend.service();
  const { data, error } = await service.from('brand_briefs').insert({ brand_id: brand.id, title: 'Pages brief', description: 'x', created_at: daysAgo(20).toISOString() }).select('id').single();
  if (error) throw new Error(error.message);
  brief = data.id as string;
  for (const who of [creator, otherCreator]) await service.from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: brief });
  // 23 videos of the creator, every third one for the brief; 4 of another creator for it.
  for (let n = 1; n <= 23; n += 1) {
    await insertVideo(backend, { creator, n, postedAt: daysAgo(n / 2), views: 100 * n, brief: n % 3 === 0 ? brief : undefined });
  }
  for (let n = 1; n <= 4; n += 1) await insertVideo(backend, { creator: otherCreator, n: 100 + n, postedAt: daysAgo(n), views: 7, brief, author: 'other.creator' });
}, 120_000);
afterAll(() => backend?.stop());

describe('video_listing_page()', () => {
  it("gives a creator's pages the rows of video_listings in its order, with the total", async () => {
    const all = await listed({ column: 'user_id', id: creator.id });
    expect(all).toHaveLength(23);
    await actAs(backend, creator);
    for (const page of [1, 2, 3]) {
      const { data, totalCount, totalPages } = await getVideos({ ownerId: creator.id, owner: 'creator', page, pageSize: 10 });
      expect(data).toEqual(all.slice((page - 1) * 10, page * 10));
      expect(totalCount).toBe(23);
      expect(totalPages).toBe(3);
    }
    // Past the last page: nothing, and the total still.
    expect(await getVideos({ ownerId: creator.id, owner: 'creator', page: 9, pageSize: 10 })).toMatchObject({ data: [], totalCount: 23, totalPages: 3 });
  });

  it('keeps to the videos linked to a campaign when asked, and the dashboard reads the latest six without a total', async () => {
    const linked = await listed({ column: 'user_id', id: creator.id, campaignOnly: true });
    expect(linked).toHaveLength(7);
    await actAs(backend, creator);
    expect(await getVideos({ ownerId: creator.id, owner: 'creator', page: 1, pageSize: 5, campaignOnly: true })).toMatchObject({ data: linked.slice(0, 5), totalCount: 7, totalPages: 2 });
    expect(await getLatestVideos('creator', creator.id)).toEqual((await listed({ column: 'user_id', id: creator.id })).slice(0, 6));
    const { data } = await backend.service().rpc('video_listing_page', { p_user: creator.id, p_owner: 'creator', p_limit: 6, p_count: false });
    expect(data.total).toBeNull();
  });

  it('gives a brand the videos sent to it', async () => {
    const sent = await listed({ column: 'brand_id', id: brand.id });
    expect(sent).toHaveLength(11);
    await actAs(backend, brand);
    expect(await getVideos({ ownerId: brand.id, owner: 'brand', page: 2, pageSize: 4 })).toMatchObject({ data: sent.slice(4, 8), totalCount: 11, totalPages: 3 });
    expect(await getLatestVideos('brand', brand.id)).toEqual(sent.slice(0, 6));
  });

  it("shows nobody the videos they may not see: another creator's list is empty to them, and anonymous callers are refused", async () => {
    await actAs(backend, otherCreator);
    expect(await getVideos({ ownerId: creator.id, owner: 'creator', page: 1, pageSize: 10 })).toMatchObject({ data: [], totalCount: 0, totalPages: 1 });
    // Their own videos sent to the brand, but not the creator's.
    const theirs = await getVideos({ ownerId: brand.id, owner: 'brand', page: 1, pageSize: 10 });
    expect(theirs.totalCount).toBe(4);
    expect(theirs.data.every((row) => row.user_id === otherCreator.id)).toBe(true);

    const anonymous = await backend.client().rpc('video_listing_page', { p_user: creator.id });
    expect(anonymous.error).not.toBeNull();
    expect(anonymous.data).toBeNull();
  });

  it('refuses an owner that is neither creator nor brand, with a code', async () => {
    const { error, status } = await creator.client.rpc('video_listing_page', { p_user: creator.id, p_owner: 'admin' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'video_owner_invalid' });
    await actAs(backend, creator);
    expect((await refusal(() => getVideos({ ownerId: creator.id, owner: 'nobody' as 'creator', page: 1, pageSize: 10 }))).code).toBe('video_owner_invalid');
  });
});
