/**
 * Issue 33 (9), no dead ends: a brand's Creators cards and a campaign's joined creators open to
 * what each creator did for the brand. brand_creators() gives per creator the videos sent to the
 * brand, their counted views and the brand's charge so far (for one brief when asked), and
 * video_listing_page() lists one creator's videos (and one brief's) for the brand. The charge is
 * the money every screen shows: the creators' charges add up to the brand's Est. Pay, and each
 * creator's to the sum of their video cards. Another brand gets nothing of it. Through the SPA's
 * own fetchers (getBrandCreators, getVideos, getBrandMetrics).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrandMetrics } from '@/features/metrics/api/get-brand-metrics';
import { getBrandCreators } from '@/features/opportunities/api/get-brand-creators';
import { getVideos } from '@/features/videos/api/get-videos';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs } from './helpers/spa';
import { createUser, proveHandle, type TestUser } from './helpers/users';
import { approve, daysAgo, hoursAgo, insertVideo, updateReview } from './helpers/videos';

let backend: TestBackend;
let creator: TestUser, otherCreator: TestUser, brand: TestUser, otherBrand: TestUser, admin: TestUser;
let winter: string, summer: string, elsewhere: string;

const handle = (user: TestUser) => `joined.${user.id.slice(0, 8)}`;

/** A video of `user` by their own proven account, posted after the briefs were published. */
async function addVideo(user: TestUser, n: number, views: number, link: { brief?: string; brand?: string }, review: 'approved' | 'late' | 'pending' = 'approved') {
  const id = await insertVideo(backend, { creator: user, n, postedAt: hoursAgo(100), views, author: handle(user), ...link });
  if (review === 'approved') await approve(backend, id);
  // Submitted 73 hours ago and never answered: the 72-hour clock approved it, settle_reviews() has not written it down yet.
  if (review === 'late') await updateReview(backend, id, { submitted_at: hoursAgo(73).toISOString() });
  return id;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

beforeAll(async () => {
  backend = await startBackend();
  [creator, otherCreator, brand, otherBrand, admin] = await Promise.all([
    createUser(backend, 'creator', { first_name: 'Nok', last_name: 'Wongsa' }),
    createUser(backend, 'creator', { first_name: 'Ploy', last_name: 'Chai' }),
    createUser(backend, 'brand'),
    createUser(backend, 'brand'),
    createUser(backend, 'admin'),
  ]);
  for (const user of [creator, otherCreator]) {
    await backend.service().from('profiles').update({ tiktok_username: handle(user) }).eq('id', user.id);
    await proveHandle(backend, user.id);
  }
  const brief = async (owner: TestUser, title: string) =>
    (await backend.service().from('brand_briefs').insert({ brand_id: owner.id, title, description: 'x', created_at: daysAgo(10).toISOString() }).select('id').single()).data!.id as string;
  [winter, summer, elsewhere] = [await brief(brand, 'Winter launch'), await brief(brand, 'Summer launch'), await brief(otherBrand, 'Elsewhere')];
  const join = async (who: TestUser, briefId: string) => {
    const { error } = await backend.service().from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: briefId });
    if (error) throw error;
  };
  await join(creator, winter);
  await join(creator, summer);
  await join(creator, elsewhere);
  await join(otherCreator, winter);
  // Nok: two approved videos of the winter launch, one approved and one the clock approved of the summer launch,
  // one still waiting, a pitch (never counts), and one for another brand.
  await addVideo(creator, 1, 1_999, { brief: winter });
  await addVideo(creator, 2, 1, { brief: winter });
  await addVideo(creator, 3, 3_333, { brief: summer });
  await addVideo(creator, 4, 700, { brief: summer }, 'late');
  await addVideo(creator, 5, 900, { brief: summer }, 'pending');
  await addVideo(creator, 6, 300, { brand: brand.id });
  await addVideo(creator, 7, 500, { brief: elsewhere });
  // Ploy: one approved video of the winter launch.
  await addVideo(otherCreator, 8, 10_001, { brief: winter });
}, 60_000);
afterAll(() => backend?.stop());

describe('brand_creators: what each creator did for the brand', () => {
  it('gives each creator’s videos, counted views and the brand’s charge; they add up to the brand’s Est. Pay', async () => {
    await actAs(backend, brand);
    const { creators } = await getBrandCreators(brand.id);
    const nok = creators.find((entry) => entry.id === creator.id)!;
    const ploy = creators.find((entry) => entry.id === otherCreator.id)!;
    // 1,999 + 1 + 3,333 + 700 (the clock approved it) count; the waiting 900, the pitch and the other brand's video do not.
    expect(nok).toMatchObject({ name: 'Nok Wongsa', videos: 6, countedViews: 6_033, spendSatang: 6_033 });
    expect(ploy).toMatchObject({ name: 'Ploy Chai', videos: 1, countedViews: 10_001, spendSatang: 10_001 });
    const metrics = await getBrandMetrics(brand.id);
    expect(sum(creators.map((entry) => entry.countedViews))).toBe(metrics.countedViews);
    expect(sum(creators.map((entry) => entry.spendSatang))).toBe(Math.round(metrics.estPay * 100));
  });

  it('for one campaign: only the creators who joined it, with what they did for it', async () => {
    await actAs(backend, brand);
    const winterCreators = await getBrandCreators(brand.id, { briefId: winter });
    expect(winterCreators.creators.map((entry) => [entry.name, entry.briefs, entry.videos, entry.countedViews, entry.spendSatang])).toEqual([
      ['Ploy Chai', ['Winter launch'], 1, 10_001, 10_001],
      ['Nok Wongsa', ['Winter launch'], 2, 2_000, 2_000],
    ]);
    const summerCreators = await getBrandCreators(brand.id, { briefId: summer });
    expect(summerCreators.creators).toHaveLength(1);
    expect(summerCreators.creators[0]).toMatchObject({ id: creator.id, videos: 3, countedViews: 4_033, spendSatang: 4_033 });
  });

  it('one creator’s spend is the sum of the video cards the brand opens to: their videos for it, filtered by the address', async () => {
    await actAs(backend, brand);
    const videos = await getVideos({ ownerId: brand.id, owner: 'brand', page: 1, pageSize: 10, creatorId: creator.id });
    expect(videos.totalCount).toBe(6);
    expect(videos.data.every((row) => row.user_id === creator.id && row.brand_id === brand.id)).toBe(true);
    const [one] = (await getBrandCreators(brand.id, { creatorId: creator.id })).creators;
    expect(sum(videos.data.map((row) => row.charged_satang))).toBe(one.spendSatang);
    expect(sum(videos.data.map((row) => row.counted_views))).toBe(one.countedViews);
    const ofSummer = await getVideos({ ownerId: brand.id, owner: 'brand', page: 1, pageSize: 10, creatorId: creator.id, briefId: summer });
    expect(ofSummer.totalCount).toBe(3);
    expect(ofSummer.data.every((row) => row.brand_brief_id === summer)).toBe(true);
    // Paged like the whole list: the second page of two holds the rest.
    const second = await getVideos({ ownerId: brand.id, owner: 'brand', page: 2, pageSize: 4, creatorId: creator.id });
    expect(second).toMatchObject({ totalCount: 6, totalPages: 2 });
    expect(second.data).toHaveLength(2);
  });

  it('another brand asking for this brand’s creators or their videos gets nothing; a creator neither; an admin reads them', async () => {
    await actAs(backend, otherBrand);
    expect(await getBrandCreators(brand.id)).toEqual({ creators: [], hasMore: false });
    expect(await getBrandCreators(brand.id, { creatorId: creator.id })).toEqual({ creators: [], hasMore: false });
    expect(await getBrandCreators(brand.id, { briefId: winter })).toEqual({ creators: [], hasMore: false });
    // Its own brief asked under this brand's id, and this brand's brief under its own id: nothing either.
    expect(await getBrandCreators(brand.id, { briefId: elsewhere })).toEqual({ creators: [], hasMore: false });
    expect(await getBrandCreators(otherBrand.id, { briefId: winter })).toEqual({ creators: [], hasMore: false });
    expect(await getVideos({ ownerId: brand.id, owner: 'brand', page: 1, pageSize: 10, creatorId: creator.id })).toMatchObject({ data: [], totalCount: 0, totalPages: 1 });
    // Its own: only the video made for it.
    const own = await getBrandCreators(otherBrand.id, { creatorId: creator.id });
    expect(own.creators).toHaveLength(1);
    expect(own.creators[0]).toMatchObject({ videos: 1, countedViews: 500, spendSatang: 500, briefs: ['Elsewhere'] });
    await actAs(backend, creator);
    expect(await getBrandCreators(brand.id)).toEqual({ creators: [], hasMore: false });
    const anon = await backend.client().rpc('brand_creators', { p_brand: brand.id, p_creator: creator.id });
    expect(anon).toMatchObject({ data: null, error: { code: '42501' } });
    await actAs(backend, admin);
    expect((await getBrandCreators(brand.id, { creatorId: creator.id })).creators[0]).toMatchObject({ spendSatang: 6_033 });
  });

  it('refuses a malformed creator or brief id with a code, and changes nothing', async () => {
    for (const params of [{ p_creator: 'not-a-uuid' }, { p_brief: 'winter' }]) {
      const { data, error } = await brand.client.rpc('brand_creators', { p_brand: brand.id, ...params });
      expect(data).toBeNull();
      expect(error).toMatchObject({ code: '22P02' });
    }
    const { error } = await brand.client.rpc('video_listing_page', { p_user: brand.id, p_owner: 'brand', p_creator: 'nobody' });
    expect(error).toMatchObject({ code: '22P02' });
  });
});
