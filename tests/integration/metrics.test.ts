/** The metric functions of spec §3/§9: their arithmetic, and who may call them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';

let backend: TestBackend;
let creator: TestUser, otherCreator: TestUser, brand: TestUser, otherBrand: TestUser, admin: TestUser;

const addVideo = async (user: TestUser, n: number, counts: { views: number; likes: number; comments: number; shares: number }, brandId?: string, estimated = false) => {
  const { error } = await backend.service().from('tiktok_videos').insert({
    user_id: user.id,
    video_id: String(7431200000000000000n + BigInt(n)),
    share_url: `https://www.tiktok.com/@x/video/${7431200000000000000n + BigInt(n)}`,
    brand_id: brandId ?? null,
    view_count: counts.views,
    like_count: counts.likes,
    comment_count: counts.comments,
    share_count: counts.shares,
    is_estimated: estimated,
    metrics_source: estimated ? 'estimate' : 'sandbox',
  });
  if (error) throw error;
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
  // Creator: 1,999 + 1 + 500 = 2,500 views; 100 + 20 + 7 interactions.
  await addVideo(creator, 1, { views: 1999, likes: 80, comments: 15, shares: 5 }, brand.id);
  await addVideo(creator, 2, { views: 1, likes: 0, comments: 0, shares: 0 }, brand.id);
  await addVideo(creator, 3, { views: 500, likes: 20, comments: 5, shares: 2 }, otherBrand.id, true);
  await addVideo(otherCreator, 4, { views: 10_001, likes: 999, comments: 1, shares: 0 }, brand.id);
}, 60_000);
afterAll(() => backend?.stop());

describe('creator_metrics', () => {
  it('sums the creator’s videos, rounds earnings down and engagement to the nearest percent', async () => {
    const { data, error } = await creator.client.rpc('creator_metrics');
    expect(error).toBeNull();
    expect(data).toEqual({
      totalViews: 2500,
      totalVideos: 3,
      totalBrands: 2,
      estEarnings: 12, // floor(2500 / 1000 × 5) = floor(12.5)
      engagementRate: 5, // round(127 / 2500 × 100) = round(5.08)
      estimatedVideos: 1,
      demoVideos: 0,
    });
  });

  it('answers for another creator only to admins', async () => {
    expect((await admin.client.rpc('creator_metrics', { creator: otherCreator.id })).data).toMatchObject({
      totalViews: 10001,
      estEarnings: 50, // floor(50.005)
      engagementRate: 10, // round(1000 / 10001 × 100) = round(9.999)
    });
    for (const caller of [otherCreator, brand]) {
      const { error, status } = await caller.client.rpc('creator_metrics', { creator: creator.id });
      expect(status).toBe(403);
      expect(error?.message).toBe('You may not view these metrics');
    }
    expect((await backend.client().rpc('creator_metrics', { creator: creator.id })).status).toBe(401);
  });
});

describe('brand_metrics', () => {
  it('counts only the videos tied to the brand, at 10 baht per 1,000 views', async () => {
    expect((await brand.client.rpc('brand_metrics')).data).toEqual({
      totalViews: 12001,
      totalVideos: 3,
      totalCreators: 2,
      estPay: 120.01,
      estimatedVideos: 0,
      demoVideos: 0,
    });
    expect((await otherBrand.client.rpc('brand_metrics')).data).toMatchObject({ totalViews: 500, totalCreators: 1, estPay: 5, estimatedVideos: 1 });
  });

  it('refuses other brands and creators', async () => {
    expect((await otherBrand.client.rpc('brand_metrics', { brand: brand.id })).status).toBe(403);
    expect((await creator.client.rpc('brand_metrics', { brand: brand.id })).status).toBe(403);
    expect((await admin.client.rpc('brand_metrics', { brand: brand.id })).data).toMatchObject({ totalViews: 12001 });
  });
});

describe('admin_metrics', () => {
  it('gives platform totals to admins', async () => {
    expect((await admin.client.rpc('admin_metrics')).data).toEqual({
      totalBrands: 2,
      totalCreators: 2,
      totalVideos: 4,
      totalViews: 12501,
      estPay: 125.01,
      estEarnings: 62, // floor(62.505)
      estimatedVideos: 1,
      demoVideos: 0,
    });
  });

  it('refuses everyone else', async () => {
    for (const caller of [creator, brand]) expect((await caller.client.rpc('admin_metrics')).status).toBe(403);
    expect((await backend.client().rpc('admin_metrics')).status).toBe(401);
  });
});
