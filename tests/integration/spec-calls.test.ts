/** Every table call of spec §7, made as the product makes it, on the seeded demo data. */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser } from './helpers/users';

let backend: TestBackend;
const demo = {
  creator: { email: 'creator@demo.viewpact.test', password: 'creator-demo', id: 'a1000000-0000-4000-8000-000000000001' },
  brand: { email: 'brand@demo.viewpact.test', password: 'brand-demo', id: 'a1000000-0000-4000-8000-000000000002' },
  admin: { email: 'admin@demo.viewpact.test', password: 'admin-demo', id: 'a1000000-0000-4000-8000-000000000003' },
};
const clients: Record<keyof typeof demo, SupabaseClient> = {} as never;

beforeAll(async () => {
  backend = await startBackend({ env: { SEED: '1' } });
  for (const role of Object.keys(demo) as (keyof typeof demo)[]) {
    clients[role] = backend.client();
    const { error } = await clients[role].auth.signInWithPassword(demo[role]);
    if (error) throw error;
  }
}, 60_000);
afterAll(() => backend?.stop());

describe('the seeded demo data', () => {
  it('has the three sample opportunities, in baht, due 7 to 14 days after the seed ran', async () => {
    const { data } = await clients.creator.from('brand_briefs').select('title, reward, deadline, status, is_demo').order('deadline');
    expect(data!.map((row) => row.title)).toEqual(['Skincare Product Review', 'Energy Drink Promotion', 'Fitness Apparel Showcase']);
    const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
    for (const row of data!) {
      expect(row.reward).toMatch(/^฿[\d,]+ – ฿[\d,]+$/);
      const days = (new Date(row.deadline).getTime() - today) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(7);
      expect(days).toBeLessThanOrEqual(14);
      expect(row).toMatchObject({ status: 'open', is_demo: true });
    }
  });

  it('has four connections and four videos, all marked as demo data', async () => {
    const service = backend.service();
    const connections = await service.from('creator_brand_connections').select('status, is_demo');
    expect(connections.data).toHaveLength(4);
    expect(connections.data!.every((row) => row.status === 'matched' && row.is_demo)).toBe(true);
    const videos = await service.from('tiktok_videos').select('video_id, metrics_source, is_demo, brand_id');
    expect(videos.data).toHaveLength(4);
    for (const video of videos.data!) {
      expect(video.video_id).toMatch(/^\d{19}$/);
      expect(video).toMatchObject({ metrics_source: 'demo', is_demo: true });
      expect(video.brand_id).toBeTruthy();
    }
  });

  it('has one account per role that signs in', async () => {
    for (const role of Object.keys(demo) as (keyof typeof demo)[]) {
      const { data } = await clients[role].from('profiles').select('user_type').eq('id', demo[role].id).single();
      expect(data).toEqual({ user_type: role });
    }
  });
});

describe('profiles', () => {
  it('select by id', async () => {
    const { data, error } = await clients.creator.from('profiles').select('*').eq('id', demo.creator.id).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ first_name: 'Nalinee', user_type: 'creator', tiktok_username: 'nalinee.eats', is_demo: true });
  });

  it('update by id with the profile fields and updated_at', async () => {
    const before = (await clients.creator.from('profiles').select('updated_at').eq('id', demo.creator.id).single()).data!;
    const { data, error } = await clients.creator
      .from('profiles')
      .update({ first_name: 'Nalinee', last_name: 'C.', tiktok_username: 'nalinee.eats', website: null, industry: 'Food', follower_count: null, updated_at: '2000-01-01T00:00:00Z' })
      .eq('id', demo.creator.id)
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ last_name: 'C.', industry: 'Food', follower_count: null });
    // The trigger keeps updated_at honest whatever the client sends.
    expect(new Date(data!.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(before.updated_at).getTime());
  });

  it('select id and first_name where user_type is brand', async () => {
    const { data } = await clients.creator.from('profiles').select('id, first_name').eq('user_type', 'brand').order('first_name');
    expect(data!.map((row) => row.first_name)).toEqual(['FitFlex Apparel', 'GlowLab Skincare', 'Volt Energy']);
  });

  it('list by user_type with search, count, newest first, and a range (admins)', async () => {
    const search = 'plo';
    const { data, count, error } = await clients.admin
      .from('profiles')
      .select('*', { count: 'exact' })
      .eq('user_type', 'creator')
      .or(`first_name.ilike.%${search}%,last_name.ilike.%${search}%,tiktok_username.ilike.%${search}%`)
      .order('created_at', { ascending: false })
      .range(0, 9);
    expect(error).toBeNull();
    expect(count).toBe(1);
    expect(data!.map((row) => row.tiktok_username)).toEqual(['ploy.moves']);
    const page = await clients.admin.from('profiles').select('id', { count: 'exact' }).order('created_at', { ascending: false }).range(0, 1);
    expect(page.count).toBe(6);
    expect(page.data).toHaveLength(2);
  });
});

describe('opportunities', () => {
  it('select by brand_id, and all joined with the brand profile', async () => {
    const own = await clients.brand.from('opportunities').select('*').eq('brand_id', demo.brand.id);
    expect(own.data!.map((row) => row.title)).toEqual(['Skincare Product Review']);
    const all = await clients.creator.from('opportunities').select('*, profiles(first_name, tiktok_avatar_url)').order('deadline');
    expect(all.data!.map((row) => [row.title, row.profiles.first_name])).toEqual([
      ['Skincare Product Review', 'GlowLab Skincare'],
      ['Energy Drink Promotion', 'Volt Energy'],
      ['Fitness Apparel Showcase', 'FitFlex Apparel'],
    ]);
  });

  it('update description where id is the brand’s first opportunity', async () => {
    const first = (await clients.brand.from('opportunities').select('id').eq('brand_id', demo.brand.id).order('created_at').limit(1).single()).data!;
    const { error } = await clients.brand.from('opportunities').update({ description: 'New brief text' }).eq('id', first.id);
    expect(error).toBeNull();
    expect((await clients.creator.from('brand_briefs').select('description').eq('id', first.id).single()).data!.description).toBe('New brief text');
  });
});

describe('brand_briefs', () => {
  it('select all fields joined with the brand profile via brand_id', async () => {
    const { data } = await clients.creator.from('brand_briefs').select('*, profiles:brand_id(first_name, tiktok_avatar_url)').eq('title', 'Energy Drink Promotion').single();
    expect(data).toMatchObject({ reward: '฿3,000 – ฿8,000', industry: ['Beverages', 'Lifestyle'], status: 'open', profiles: { first_name: 'Volt Energy', tiktok_avatar_url: null } });
  });

  it('select brand_id by id (single), and where id is in a list', async () => {
    const briefs = (await clients.creator.from('brand_briefs').select('id, brand_id').order('title')).data!;
    const one = await clients.creator.from('brand_briefs').select('brand_id').eq('id', briefs[0].id).single();
    expect(one.data).toEqual({ brand_id: briefs[0].brand_id });
    const some = await clients.creator.from('brand_briefs').select('brand_id').in('id', [briefs[0].id, briefs[1].id]);
    expect(some.data!.map((row) => row.brand_id).sort()).toEqual([briefs[0].brand_id, briefs[1].brand_id].sort());
  });

  it('insert with brand_id, title, description, reward, industry, deadline and status open', async () => {
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const { data, error } = await clients.brand
      .from('brand_briefs')
      .insert({ brand_id: demo.brand.id, title: 'Night cream launch', description: 'Show your night routine', reward: '฿1,000 – ฿2,000', industry: ['Beauty'], deadline, status: 'open' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ title: 'Night cream launch', deadline, status: 'open' });
  });

  it('lists with brand_name and brand_logo from the brief_listings view', async () => {
    const { data } = await clients.creator.from('brief_listings').select('title, brand_name, brand_logo, joined_count').eq('title', 'Skincare Product Review').single();
    expect(data).toEqual({ title: 'Skincare Product Review', brand_name: 'GlowLab Skincare', brand_logo: null, joined_count: 2 });
  });
});

describe('creator_brand_connections', () => {
  it('select with the nested brief and its brand profile, filtered by creator_id', async () => {
    const { data, error } = await clients.creator
      .from('creator_brand_connections')
      .select('*, brand_briefs(*, profiles(first_name, company_name))')
      .eq('creator_id', demo.creator.id)
      .order('brand_brief_id');
    expect(error).toBeNull();
    expect(data!.map((row) => [row.status, row.brand_briefs.title, row.brand_briefs.profiles.company_name])).toEqual([
      ['matched', 'Skincare Product Review', 'GlowLab Co., Ltd.'],
      ['matched', 'Energy Drink Promotion', 'Volt Beverages Co., Ltd.'],
    ]);
  });

  it('insert with creator_id and brand_brief_id', async () => {
    const fitness = (await clients.creator.from('brand_briefs').select('id').eq('title', 'Fitness Apparel Showcase').single()).data!;
    const { error, status } = await clients.creator.from('creator_brand_connections').insert({ creator_id: demo.creator.id, brand_brief_id: fitness.id });
    expect(error).toBeNull();
    expect(status).toBe(201);
  });
});

describe('tiktok_connections', () => {
  it('select the connection fields by user_id, single or none', async () => {
    const none = await clients.creator.from('tiktok_connections').select('is_connected, verified_status, expires_at, created_at, updated_at').eq('user_id', demo.creator.id).maybeSingle();
    expect(none).toMatchObject({ data: null, error: null });
    await backend.service().from('tiktok_connections').insert({ user_id: demo.creator.id, is_connected: true, verified_status: 'verified' });
    const one = await clients.creator.from('tiktok_connections').select('is_connected, verified_status, expires_at').eq('user_id', demo.creator.id).maybeSingle();
    expect(one.data).toEqual({ is_connected: true, verified_status: 'verified', expires_at: null });
  });
});

describe('tiktok_videos', () => {
  it('select by user_id, newest first, with a limit, the creator joined, pages and a count', async () => {
    const { data, count } = await clients.creator
      .from('tiktok_videos')
      .select('*, profiles!user_id(first_name, last_name)', { count: 'exact' })
      .eq('user_id', demo.creator.id)
      .order('created_at', { ascending: false })
      .range(0, 0);
    expect(count).toBe(2);
    expect(data).toHaveLength(1);
    expect(data![0].profiles).toEqual({ first_name: 'Nalinee', last_name: 'C.' });
  });

  it('select by brand_id, through video_listings with creator_name', async () => {
    const { data } = await clients.brand.from('video_listings').select('title, creator_name, brand_name, view_count').eq('brand_id', demo.brand.id).order('view_count', { ascending: false });
    expect(data).toEqual([
      { title: 'Dance break skincare check', creator_name: 'Ploy Srisuk', brand_name: 'GlowLab Skincare', view_count: 45200 },
      { title: 'My morning glow routine with GlowLab serum', creator_name: 'Nalinee C.', brand_name: 'GlowLab Skincare', view_count: 12500 },
    ]);
  });

  it('select id by user_id and video_id; update the brand and brief by user_id and video_id; read them back', async () => {
    const videoId = '7431200000000000002';
    const found = await clients.creator.from('tiktok_videos').select('id').eq('user_id', demo.creator.id).eq('video_id', videoId);
    expect(found.data).toHaveLength(1);
    const skincare = (await clients.creator.from('brand_briefs').select('id, brand_id').eq('title', 'Skincare Product Review').single()).data!;
    // Only the brief is given: the brand comes from the brief.
    const { error } = await clients.creator.from('tiktok_videos').update({ brand_id: null, brand_brief_id: skincare.id }).eq('user_id', demo.creator.id).eq('video_id', videoId);
    expect(error).toBeNull();
    const after = await clients.creator.from('tiktok_videos').select('brand_id, brand_brief_id').eq('video_id', videoId).eq('user_id', demo.creator.id).single();
    expect(after.data).toEqual({ brand_id: skincare.brand_id, brand_brief_id: skincare.id });
  });
});

describe('a new user starts empty', () => {
  it('sees no videos and zero metrics, not the demo data', async () => {
    const fresh = await createUser(backend, 'creator');
    expect((await fresh.client.from('tiktok_videos').select('id')).data).toEqual([]);
    expect((await fresh.client.rpc('creator_metrics')).data).toEqual({
      totalViews: 0, totalVideos: 0, totalBrands: 0, estEarnings: 0, engagementRate: 0, estimatedVideos: 0, demoVideos: 0,
    });
  });
});

describe('profile rules kept by the database (spec §5)', () => {
  it('strips @, stores blanks as null and completes a bare website, even for a raw API update', async () => {
    const brand = await createUser(backend, 'brand');
    const { data, error } = await brand.client
      .from('profiles')
      .update({ tiktok_username: '  @@brand.th ', last_name: '   ', website: 'brand.example', industry: '' })
      .eq('id', brand.id)
      .select('tiktok_username, last_name, website, industry')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ tiktok_username: 'brand.th', last_name: null, website: 'https://brand.example', industry: null });
  });
});
