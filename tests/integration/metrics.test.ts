/**
 * The metric functions of spec §3/§9: their arithmetic, and who may call them, through the
 * SPA's own fetchers (features/metrics/api). admin_metrics has no fetcher yet: it is called raw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrandMetrics } from '@/features/metrics/api/get-brand-metrics';
import { getCreatorMetrics } from '@/features/metrics/api/get-creator-metrics';
import { getPayRates } from '@/features/metrics/api/get-pay-rates';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs, lastStatus, refusal } from './helpers/spa';
import { createUser, proveHandle, type TestUser } from './helpers/users';
import { approve, daysAgo, hoursAgo, insertVideo } from './helpers/videos';

let backend: TestBackend;
let creator: TestUser, otherCreator: TestUser, brand: TestUser, otherBrand: TestUser, admin: TestUser;

type Link = { brief: string } | { pitchTo: string };

/** A video posted after the brief was published by the creator's own account, and approved: it counts, unless estimated. */
/** A video posted after the brief was published, by the creator's own account, and approved: it counts, unless estimated. */
const addVideo = async (user: TestUser, n: number, counts: { views: number; likes: number; comments: number; shares: number }, link: Link, estimated = false) => {
  const id = await insertVideo(backend, {
    creator: user,
    n,
    postedAt: hoursAgo(5),
    ...counts,
    author: `metrics.${user.id.slice(0, 8)}`,
    brief: 'brief' in link ? link.brief : undefined,
    brand: 'pitchTo' in link ? link.pitchTo : undefined,
    source: estimated ? 'estimate' : 'sandbox',
  });
  await approve(backend, id);
};

beforeAll(async () => {
  backend = await startBackend();
  [creator, otherCreator, brand, otherBrand, admin] = await Promise.all([
    createUser(backend, 'creator'),
    createUser(backend, 'creator'),
    createUser(backend, 'brand'),
    createUser(backend, 'brand'),
    createUser(backend, 'admin'),
  ]);
  for (const user of [creator, otherCreator]) {
    await backend.service().from('profiles').update({ tiktok_username: `metrics.${user.id.slice(0, 8)}` }).eq('id', user.id);
    await proveHandle(backend, user.id);
  }
  const brief = async (owner: TestUser) =>
    (await backend.service().from('brand_briefs').insert({ brand_id: owner.id, title: 'Brief', description: 'x', created_at: daysAgo(10).toISOString() }).select('id').single()).data!.id as string;
  const [brandBrief, otherBrief] = [await brief(brand), await brief(otherBrand)];
  const join = async (who: TestUser, briefId: string) => backend.service().from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: briefId });
  await Promise.all([join(creator, brandBrief), join(creator, otherBrief), join(otherCreator, brandBrief)]);
  // Creator: 1,999 + 1 + 500 = 2,500 views; 100 + 20 + 7 interactions.
  await addVideo(creator, 1, { views: 1999, likes: 80, comments: 15, shares: 5 }, { brief: brandBrief });
  await addVideo(creator, 2, { views: 1, likes: 0, comments: 0, shares: 0 }, { brief: brandBrief });
  await addVideo(creator, 3, { views: 500, likes: 20, comments: 5, shares: 2 }, { brief: otherBrief }, true);
  await addVideo(otherCreator, 4, { views: 10_001, likes: 999, comments: 1, shares: 0 }, { brief: brandBrief });
  // A pitch: sent to the brand without a brief, so it counts in no brand figure and earns nothing.
  await addVideo(otherCreator, 5, { views: 300, likes: 0, comments: 0, shares: 0 }, { pitchTo: brand.id });
}, 60_000);
afterAll(() => backend?.stop());

const forbidden = { code: 'metrics_forbidden', detail: 'You may not view these metrics' };

describe('pay_rates', () => {
  it('are the rates the arithmetic below uses, for anyone, signed in or not', async () => {
    await actAs(backend);
    expect(await getPayRates()).toEqual({ brandPer1000: 10, creatorPer1000: 5 });
    await actAs(backend, creator);
    expect(await getPayRates()).toEqual({ brandPer1000: 10, creatorPer1000: 5 });
  });
});

describe('creator_metrics', () => {
  it('sums the creator’s videos, each video’s earning rounded down to the satang, and engagement to the nearest percent', async () => {
    await actAs(backend, creator);
    expect(await getCreatorMetrics(creator.id)).toEqual({
      totalViews: 2500,
      totalVideos: 3,
      totalBrands: 2,
      countedViews: 2000,
      pendingViews: 0,
      notCountedViews: 500, // the estimate never counts
      estEarnings: 9.99, // per video, at the brief's ฿5.00: floor(1,999 × 500 / 1000) + floor(1 × 500 / 1000) = 999 + 0 satang
      engagementRate: 5, // round(127 / 2500 × 100) = round(5.08)
      pendingReviews: 0,
      unavailableVideos: 0,
      estimatedVideos: 1,
      demoVideos: 0,
    });
  });

  it('answers for another creator only to admins', async () => {
    await actAs(backend, admin);
    expect(await getCreatorMetrics(otherCreator.id)).toMatchObject({
      totalViews: 10301,
      countedViews: 10_001,
      estEarnings: 50, // floor(10,001 × 500 / 1000) = 5,000 satang; the pitch's 300 earn nothing
      engagementRate: 10, // round(1000 / 10301 × 100) = round(9.7)
    });
    for (const caller of [otherCreator, brand]) {
      await actAs(backend, caller);
      expect(await refusal(() => getCreatorMetrics(creator.id))).toMatchObject(forbidden);
      expect(lastStatus('/rest/v1/rpc/creator_metrics')).toBe(403);
    }
    await actAs(backend);
    expect((await refusal(() => getCreatorMetrics(creator.id))).code).toBe('not_allowed');
    expect(lastStatus('/rest/v1/rpc/creator_metrics')).toBe(401);
  });
});

describe('brand_metrics', () => {
  it('counts only the videos of its briefs, at 10 baht per 1,000 views, and the pitches apart', async () => {
    await actAs(backend, brand);
    expect(await getBrandMetrics(brand.id)).toEqual({
      totalViews: 12001,
      totalVideos: 3,
      totalCreators: 2,
      countedViews: 12001,
      pendingViews: 0,
      notCountedViews: 0,
      estPay: 120.01,
      pendingReviews: 0,
      estimatedVideos: 0,
      demoVideos: 0,
      pitchVideos: 1,
    });
    await actAs(backend, otherBrand);
    // Its only video is an estimate: shown, never paid for.
    expect(await getBrandMetrics(otherBrand.id)).toMatchObject({ totalViews: 500, totalCreators: 1, countedViews: 0, notCountedViews: 500, estPay: 0, estimatedVideos: 1 });
  });

  it('refuses other brands and creators', async () => {
    for (const caller of [otherBrand, creator]) {
      await actAs(backend, caller);
      expect(await refusal(() => getBrandMetrics(brand.id))).toMatchObject(forbidden);
      expect(lastStatus('/rest/v1/rpc/brand_metrics')).toBe(403);
    }
    await actAs(backend, admin);
    expect(await getBrandMetrics(brand.id)).toMatchObject({ totalViews: 12001 });
  });
});

describe('admin_metrics', () => {
  it('gives platform totals to admins', async () => {
    expect((await admin.client.rpc('admin_metrics')).data).toEqual({
      totalBrands: 2,
      totalCreators: 2,
      totalVideos: 5,
      totalViews: 12801,
      countedViews: 12001, // neither the pitch nor the estimate counts
      pendingViews: 0,
      estPay: 120.01,
      estEarnings: 59.99, // 999 + 0 + 5,000 satang, each video's earning rounded down
      pendingReviews: 0,
      estimatedVideos: 1,
      demoVideos: 0,
    });
  });

  it('refuses everyone else', async () => {
    for (const caller of [creator, brand]) expect((await caller.client.rpc('admin_metrics')).status).toBe(403);
    expect((await backend.client().rpc('admin_metrics')).status).toBe(401);
  });
});
