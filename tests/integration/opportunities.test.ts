/** Brands and opportunities (issue: publish, browse, join; brand dashboard), through supabase-js. */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';

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

async function publish(as: TestUser, title: string, extra: Record<string, unknown> = {}) {
  const { data, error } = await as.client
    .from('brand_briefs')
    .insert({ brand_id: as.id, title, description: `About ${title}`, reward: '฿1,000 – ฿2,000', industry: ['Food'], deadline: inDays(10), status: 'open', ...extra })
    .select()
    .single();
  if (error) throw error;
  return data as { id: string; status: string; created_at: string };
}

describe('a brand and its briefs', () => {
  it('creates, lists and moves its briefs through open, matched, closed and back', async () => {
    const brief = await publish(brand, 'Rice bowl launch');
    expect(brief.status).toBe('open');
    const listed = await brand.client.from('brief_listings').select('title, brand_name, status').eq('brand_id', brand.id);
    expect(listed.data).toEqual([{ title: 'Rice bowl launch', brand_name: expect.any(String), status: 'open' }]);
    for (const status of ['matched', 'closed', 'open']) {
      const { data, error } = await brand.client.from('brand_briefs').update({ status }).eq('id', brief.id).select('status');
      expect(error).toBeNull();
      expect(data).toEqual([{ status }]);
    }
    // Creators see the change.
    await brand.client.from('brand_briefs').update({ status: 'closed' }).eq('id', brief.id);
    expect((await creator.client.from('brief_listings').select('status').eq('id', brief.id).single()).data).toEqual({ status: 'closed' });
  });

  it('cannot change or publish for another brand, and refuses statuses that do not exist', async () => {
    const theirs = await publish(otherBrand, 'Not yours');
    const { data } = await brand.client.from('brand_briefs').update({ status: 'closed', title: 'Mine now' }).eq('id', theirs.id).select();
    expect(data).toEqual([]);
    expect((await service.from('brand_briefs').select('status, title').eq('id', theirs.id).single()).data).toEqual({ status: 'open', title: 'Not yours' });
    expect((await brand.client.from('brand_briefs').insert({ brand_id: otherBrand.id, title: 'x', description: 'y' })).error).toBeTruthy();
    const mine = await publish(brand, 'Status check');
    expect((await brand.client.from('brand_briefs').update({ status: 'paused' }).eq('id', mine.id)).error?.code).toBe('23514');
  });

  it('a creator or an admin cannot publish a brief', async () => {
    for (const user of [creator, admin]) {
      const { error } = await user.client.from('brand_briefs').insert({ brand_id: user.id, title: 'x', description: 'y' });
      expect(error?.code).toBe('only_brands_publish');
    }
  });
});

describe('joining', () => {
  it('a creator joins an open brief once; a brand and an admin cannot join', async () => {
    const brief = await publish(brand, 'Join me');
    expect((await creator.client.from('creator_brand_connections').insert({ creator_id: creator.id, brand_brief_id: brief.id })).error).toBeNull();
    const twice = await creator.client.from('creator_brand_connections').insert({ creator_id: creator.id, brand_brief_id: brief.id });
    expect(twice.status).toBe(409);
    for (const user of [otherBrand, admin]) {
      const { error } = await user.client.from('creator_brand_connections').insert({ creator_id: user.id, brand_brief_id: brief.id });
      expect(error).toMatchObject({ message: 'Only creators can join opportunities' });
    }
    expect((await service.from('creator_brand_connections').select('creator_id').eq('brand_brief_id', brief.id)).data).toEqual([{ creator_id: creator.id }]);
    expect((await otherCreator.client.from('brief_listings').select('joined_count').eq('id', brief.id).single()).data).toEqual({ joined_count: 1 });
  });

  it('nobody joins a matched or closed brief', async () => {
    for (const status of ['matched', 'closed']) {
      const brief = await publish(brand, `A ${status} brief`);
      await brand.client.from('brand_briefs').update({ status }).eq('id', brief.id);
      const { error, status: httpStatus } = await otherCreator.client.from('creator_brand_connections').insert({ creator_id: otherCreator.id, brand_brief_id: brief.id });
      expect(httpStatus).toBe(409);
      expect(error).toMatchObject({ message: 'This opportunity is no longer open' });
    }
  });

  it('the brand sees who joined its briefs, and no one else’s', async () => {
    const { data } = await brand.client
      .from('creator_brand_connections')
      .select('creator_id, brief:brand_briefs!inner(title, brand_id), creator:profiles(first_name)')
      .eq('brief.brand_id', brand.id);
    expect(data!.map((row) => row.creator_id)).toEqual([creator.id]);
    expect((await otherBrand.client.from('creator_brand_connections').select('id')).data).toEqual([]);
  });
});

describe('Save Brief', () => {
  it('changes the description of the brand’s first opportunity only', async () => {
    const fresh = await createUser(backend, 'brand');
    const first = await publish(fresh, 'First');
    const second = await publish(fresh, 'Second');
    const theirs = await publish(otherBrand, 'Their first');
    const found = await fresh.client.from('opportunities').select('id').eq('brand_id', fresh.id).order('created_at').order('id').limit(1).single();
    const firstId = [first.id, second.id].includes(found.data!.id) ? found.data!.id : null;
    expect(firstId).toBeTruthy();
    const { error } = await fresh.client.from('opportunities').update({ description: 'Our brand in one paragraph' }).eq('id', firstId!);
    expect(error).toBeNull();
    const rows = (await service.from('brand_briefs').select('id, description').in('id', [first.id, second.id, theirs.id])).data!;
    const byId = Object.fromEntries(rows.map((row) => [row.id, row.description]));
    expect(byId[firstId!]).toBe('Our brand in one paragraph');
    expect(byId[firstId === first.id ? second.id : first.id]).toMatch(/^About /);
    expect(byId[theirs.id]).toBe('About Their first');
    const sneaky = await fresh.client.from('opportunities').update({ description: 'hijacked' }).eq('id', theirs.id).select();
    expect(sneaky.data).toEqual([]);
  });
});

describe('brand metrics', () => {
  it('count only the videos of its briefs that their creators joined, at ฿10 per 1,000 views; a pitch counts nothing', async () => {
    const fresh = await createUser(backend, 'brand');
    const brief = await publish(fresh, 'Metric brief');
    await creator.client.from('creator_brand_connections').insert({ creator_id: creator.id, brand_brief_id: brief.id });
    const rows = [
      { user_id: creator.id, n: 1, views: 2500, brief: brief.id, brand: null },
      { user_id: otherCreator.id, n: 2, views: 1234, brief: null, brand: fresh.id },
      { user_id: otherCreator.id, n: 3, views: 99_999, brief: null, brand: otherBrand.id },
    ];
    for (const row of rows) {
      const id = String(7431200000000000500n + BigInt(row.n));
      const { error } = await service.from('tiktok_videos').insert({
        user_id: row.user_id, video_id: id, share_url: `https://www.tiktok.com/@x/video/${id}`, view_count: row.views, brand_brief_id: row.brief, brand_id: row.brand,
      });
      if (error) throw error;
    }
    // The 1,234-view video sent to the brand without a brief is a pitch.
    expect((await fresh.client.rpc('brand_metrics')).data).toMatchObject({ totalViews: 2500, totalCreators: 1, totalVideos: 1, estPay: 25, pitchVideos: 1 });
  });
});
