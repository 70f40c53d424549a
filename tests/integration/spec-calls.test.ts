/**
 * Every call of spec §7, on the seeded demo data. Where the SPA makes the call, it goes
 * through the SPA's own fetcher (src/features/<f>/api), so the query tested is the one the
 * product sends. The calls of spec §7 that no fetcher makes (the admin user list, the re-link
 * of a video) and the shapes the SPA sends another way
 * (it reads the brief_listings and video_listings views rather than embedding the profile)
 * are sent raw at the end, so the backend answers them too.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProfile } from '@/features/auth/api/get-profile';
import { signIn } from '@/features/auth/api/sign-in';
import { getCreatorMetrics } from '@/features/metrics/api/get-creator-metrics';
import { createOpportunity } from '@/features/opportunities/api/create-opportunity';
import { searchBrands } from '@/features/opportunities/api/get-brands';
import { getJoinedOpportunities } from '@/features/opportunities/api/get-joined-opportunities';
import { getOpportunities } from '@/features/opportunities/api/get-opportunities';
import { joinOpportunity } from '@/features/opportunities/api/join-opportunity';
import { getOwnBriefs, saveBriefText } from '@/features/opportunities/api/save-brief';
import { updateProfile } from '@/features/settings/api/update-profile';
import { getConnection } from '@/features/tiktok/api/tiktok-connection';
import { getVideos } from '@/features/videos/api/get-videos';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs } from './helpers/spa';
import { createUser } from './helpers/users';

let backend: TestBackend;
/** The demo admin's password is the installation's own; the test pins it (server/demo-admin.ts). */
const demoAdminPassword = 'admin-demo-test';
const demo = {
  creator: { email: 'creator@demo.viewpact.test', password: 'creator-demo', id: 'a1000000-0000-4000-8000-000000000001' },
  brand: { email: 'brand@demo.viewpact.test', password: 'brand-demo', id: 'a1000000-0000-4000-8000-000000000002' },
  admin: { email: 'admin@demo.viewpact.test', password: demoAdminPassword, id: 'a1000000-0000-4000-8000-000000000003' },
};
type Role = keyof typeof demo;
const roles = Object.keys(demo) as Role[];

/** The SPA's client, signed in as a demo account: its fetchers run as that account. */
const as = (role: Role): Promise<SupabaseClient> => actAs(backend, demo[role]);

const titleOf = async (title: string) => (await getOpportunities({})).find((brief) => brief.title === title)!;

beforeAll(async () => {
  backend = await startBackend({ env: { SEED: '1', DEMO_ADMIN_PASSWORD: demoAdminPassword } });
}, 60_000);
afterAll(() => backend?.stop());

describe('the seeded demo data', () => {
  it('has the three sample opportunities, in baht, due 7 to 14 days after the seed ran', async () => {
    await as('creator');
    const briefs = (await getOpportunities({})).sort((a, b) => a.deadline!.localeCompare(b.deadline!));
    expect(briefs.map((row) => row.title)).toEqual(['Skincare Product Review', 'Energy Drink Promotion', 'Fitness Apparel Showcase']);
    const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
    for (const row of briefs) {
      expect(row.reward).toMatch(/^฿[\d,]+ – ฿[\d,]+$/);
      const days = (new Date(row.deadline!).getTime() - today) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(7);
      expect(days).toBeLessThanOrEqual(14);
      expect(row).toMatchObject({ status: 'open', is_demo: true });
    }
  });

  it('has four connections and seven videos, all marked as demo data', async () => {
    const service = backend.service();
    const connections = await service.from('creator_brand_connections').select('status, is_demo');
    expect(connections.data).toHaveLength(4);
    expect(connections.data!.every((row) => row.status === 'matched' && row.is_demo)).toBe(true);
    const videos = await service.from('tiktok_videos').select('video_id, metrics_source, is_demo, brand_id');
    expect(videos.data).toHaveLength(7);
    for (const video of videos.data!) {
      expect(video.video_id).toMatch(/^\d{19}$/);
      expect(video).toMatchObject({ metrics_source: 'demo', is_demo: true });
      expect(video.brand_id).toBeTruthy();
    }
  });

  it('follows the ledger’s rules: a counted, a pending and an excluded example, each with days of snapshots', async () => {
    const service = backend.service();
    const { data: ledger } = await service.from('video_ledger').select('id, creator_id, posted_at, review_status, counted_views, pending_views, excluded_reason, frozen');
    const nalinee = ledger!.filter((row) => row.creator_id === demo.creator.id);
    expect(nalinee.map((row) => row.excluded_reason).sort()).toEqual([null, null, null, 'pending_review', 'pitch']);
    for (const counted of nalinee.filter((row) => row.excluded_reason === null)) expect(counted).toMatchObject({ review_status: 'approved', frozen: true });
    expect(nalinee.find((row) => row.excluded_reason === 'pending_review')!.pending_views).toBeGreaterThan(0);
    for (const row of ledger!) {
      const { data: snapshots } = await service.from('video_snapshots').select('measured_at, source').eq('tiktok_video_id', row.id).order('measured_at');
      expect(snapshots!.length).toBeGreaterThanOrEqual(7);
      expect(snapshots!.every((snapshot) => snapshot.source === 'demo')).toBe(true);
      const span = new Date(snapshots!.at(-1)!.measured_at).getTime() - new Date(snapshots![0].measured_at).getTime();
      expect(span).toBeGreaterThan(86_400_000);
      // Measured after posting, as a real refresher would.
      expect(new Date(snapshots![0].measured_at).getTime()).toBeGreaterThan(new Date(row.posted_at).getTime());
    }
  });

  it('has one account per role that signs in (auth: signIn)', async () => {
    for (const role of roles) {
      await actAs(backend);
      const { user } = await signIn({ email: demo[role].email, password: demo[role].password });
      expect(user.id).toBe(demo[role].id);
      expect(await getProfile(demo[role].id)).toMatchObject({ user_type: role });
    }
  });
});

describe('profiles', () => {
  it('select by id', async () => {
    await as('creator');
    expect(await getProfile(demo.creator.id)).toMatchObject({ first_name: 'Nalinee', user_type: 'creator', tiktok_username: 'nalinee.eats', is_demo: true });
  });

  it('update by id with the profile fields and updated_at', async () => {
    await as('creator');
    const before = (await getProfile(demo.creator.id))!;
    try {
      const profile = await updateProfile({ first_name: 'Nalinee', last_name: 'C.', tiktok_username: 'nalinee.eats', website: '', industry: 'Food', follower_count: null });
      expect(profile).toMatchObject({ id: demo.creator.id, last_name: 'C.', industry: 'Food', follower_count: null, website: null });
      expect(new Date(profile.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(before.updated_at).getTime());
      expect(await getProfile(demo.creator.id)).toEqual(profile);
    } finally {
      // The seeded profile again: the other tests read the creator's name.
      const { last_name, website, industry, follower_count } = before;
      await backend.service().from('profiles').update({ last_name, website, industry, follower_count }).eq('id', demo.creator.id);
    }
  });

  it('the brands, searched and paged on the server (issue 11: the brand picker’s call)', async () => {
    await as('creator');
    expect(await searchBrands({ search: '' })).toEqual({
      brands: [
        { id: 'a1000000-0000-4000-8000-000000000005', name: 'FitFlex Apparel' },
        { id: demo.brand.id, name: 'GlowLab Skincare' },
        { id: 'a1000000-0000-4000-8000-000000000004', name: 'Volt Energy' },
      ],
      hasMore: false,
    });
    expect(await searchBrands({ search: 'glow' })).toEqual({ brands: [{ id: demo.brand.id, name: 'GlowLab Skincare' }], hasMore: false });
    expect(await searchBrands({ search: '', limit: 2 })).toMatchObject({ brands: [{ name: 'FitFlex Apparel' }, { name: 'GlowLab Skincare' }], hasMore: true });
  });
});

describe('opportunities', () => {
  it('select by brand_id, and all with the brand profile’s name and logo', async () => {
    await as('brand');
    expect((await getOpportunities({ brandId: demo.brand.id })).map((row) => row.title)).toEqual(['Skincare Product Review']);
    await as('creator');
    const all = (await getOpportunities({})).sort((a, b) => a.deadline!.localeCompare(b.deadline!));
    expect(all.map((row) => [row.title, row.brand_name, row.brand_logo])).toEqual([
      ['Skincare Product Review', 'GlowLab Skincare', null],
      ['Energy Drink Promotion', 'Volt Energy', null],
      ['Fitness Apparel Showcase', 'FitFlex Apparel', null],
    ]);
  });

  // Issue 15: the Brief card writes the brief text of the opportunity the brand picks, not the first one's description.
  it('update brief where id is the opportunity the brand picked', async () => {
    await as('brand');
    const picked = (await getOwnBriefs(demo.brand.id)).find((brief) => brief.title === 'Skincare Product Review')!;
    await saveBriefText({ briefId: picked.id, text: '  New brief text ' });
    await as('creator');
    expect((await titleOf('Skincare Product Review')).brief).toBe('New brief text');
  });
});

describe('brand_briefs', () => {
  it('select all fields with the brand profile’s name and logo', async () => {
    await as('creator');
    expect(await titleOf('Energy Drink Promotion')).toMatchObject({ reward: '฿3,000 – ฿8,000', industry: ['Beverages', 'Lifestyle'], status: 'open', brand_name: 'Volt Energy', brand_logo: null });
  });

  it('insert with brand_id, title, description, reward, industry, deadline and status open', async () => {
    await as('brand');
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const brief = await createOpportunity({ title: 'Night cream launch', description: 'Show your night routine', reward: '฿1,000 – ฿2,000', tags: 'Beauty', deadline });
    try {
      expect(brief).toMatchObject({ brand_id: demo.brand.id, title: 'Night cream launch', reward: '฿1,000 – ฿2,000', industry: ['Beauty'], deadline, status: 'open' });
      expect((await getOpportunities({ brandId: demo.brand.id })).map((row) => row.id)).toContain(brief.id);
    } finally {
      // The other tests count the seeded briefs.
      await backend.service().from('brand_briefs').delete().eq('id', brief.id);
    }
  });

  it('lists with brand_name, brand_logo and joined_count from the brief_listings view', async () => {
    await as('creator');
    expect(await titleOf('Skincare Product Review')).toMatchObject({ title: 'Skincare Product Review', brand_name: 'GlowLab Skincare', brand_logo: null, joined_count: 2 });
  });
});

describe('creator_brand_connections', () => {
  it('the briefs a creator joined, with their brands, filtered by creator_id', async () => {
    await as('creator');
    const joined = (await getJoinedOpportunities(demo.creator.id)).sort((a, b) => a.id.localeCompare(b.id));
    expect(joined.map((row) => [row.title, row.brand_name])).toEqual([
      ['Skincare Product Review', 'GlowLab Skincare'],
      ['Energy Drink Promotion', 'Volt Energy'],
    ]);
  });

  it('insert with creator_id and brand_brief_id', async () => {
    await as('creator');
    const fitness = await titleOf('Fitness Apparel Showcase');
    await joinOpportunity({ briefId: fitness.id, isCreator: true });
    try {
      expect((await getJoinedOpportunities(demo.creator.id)).map((row) => row.title)).toContain('Fitness Apparel Showcase');
      expect((await titleOf('Fitness Apparel Showcase')).joined_count).toBe(2);
    } finally {
      // The other tests count the seeded connections.
      await backend.service().from('creator_brand_connections').delete().eq('creator_id', demo.creator.id).eq('brand_brief_id', fitness.id);
    }
  });
});

describe('tiktok_videos', () => {
  it('select by user_id, newest first, the creator joined, pages and a count', async () => {
    await as('creator');
    const first = await getVideos({ ownerId: demo.creator.id, owner: 'creator', page: 1, pageSize: 1 });
    expect(first).toMatchObject({ totalCount: 5, totalPages: 5 });
    expect(first.data).toHaveLength(1);
    expect(first.data[0]).toMatchObject({ user_id: demo.creator.id, creator_name: 'Nalinee Chaiyaporn' });
    const second = await getVideos({ ownerId: demo.creator.id, owner: 'creator', page: 2, pageSize: 1 });
    expect(second.data).toHaveLength(1);
    expect(second.data[0].id).not.toBe(first.data[0].id);
    expect(new Date(second.data[0].created_at!).getTime()).toBeLessThanOrEqual(new Date(first.data[0].created_at!).getTime());
  });

  it('pages through the ids first, then their listings: every page in video_listings’ own order, the campaign filter too, past the end empty', async () => {
    const client = await as('creator');
    const { data: all } = await client.from('video_listings').select('*').eq('user_id', demo.creator.id).order('created_at', { ascending: false }).order('id');
    const paged = [];
    for (let page = 1; page <= all!.length; page += 1) paged.push(...(await getVideos({ ownerId: demo.creator.id, owner: 'creator', page, pageSize: 1 })).data);
    expect(paged).toEqual(all);
    const campaign = await getVideos({ ownerId: demo.creator.id, owner: 'creator', page: 1, pageSize: 10, campaignOnly: true });
    expect(campaign.data).toEqual(all!.filter((row) => row.brand_brief_id !== null));
    expect(campaign.totalCount).toBe(campaign.data.length);
    expect((await getVideos({ ownerId: demo.creator.id, owner: 'creator', page: 99, pageSize: 10 })).data).toEqual([]);
  });

  it('select by brand_id, through video_listings with creator_name', async () => {
    await as('brand');
    const { data, totalCount } = await getVideos({ ownerId: demo.brand.id, owner: 'brand', page: 1, pageSize: 10 });
    expect(totalCount).toBe(4);
    const rows = data.sort((a, b) => b.view_count - a.view_count).map(({ title, creator_name, brand_name, review_status }) => ({ title, creator_name, brand_name, review_status }));
    expect(rows).toEqual([
      { title: 'Sunscreen test: a full day at the beach', creator_name: 'Nalinee Chaiyaporn', brand_name: 'GlowLab Skincare', review_status: 'approved' },
      { title: 'Five-minute glow before the office', creator_name: 'Nalinee Chaiyaporn', brand_name: 'GlowLab Skincare', review_status: 'approved' },
      { title: 'Dance break skincare check', creator_name: 'Ploy Srisuk', brand_name: 'GlowLab Skincare', review_status: 'approved' },
      { title: 'My morning glow routine with GlowLab serum', creator_name: 'Nalinee Chaiyaporn', brand_name: 'GlowLab Skincare', review_status: 'pending' },
    ]);
  });
});

describe('a new user starts empty', () => {
  it('sees no videos and zero metrics, not the demo data', async () => {
    const fresh = await createUser(backend, 'creator');
    await actAs(backend, fresh);
    expect(await getVideos({ ownerId: fresh.id, owner: 'creator', page: 1, pageSize: 10 })).toMatchObject({ data: [], totalCount: 0, totalPages: 1 });
    expect(await getCreatorMetrics(fresh.id)).toEqual({
      totalViews: 0,
      totalVideos: 0,
      totalBrands: 0,
      countedViews: 0,
      pendingViews: 0,
      notCountedViews: 0,
      estEarnings: 0,
      engagementRate: 0,
      pendingReviews: 0,
      unavailableVideos: 0,
      estimatedVideos: 0,
      demoVideos: 0,
    });
    // Unfiltered, too: no one else's video is visible to them.
    expect((await fresh.client.from('tiktok_videos').select('id')).data).toEqual([]);
  });
});

/** Spec §7 calls no fetcher makes, or that the SPA makes another way: the backend answers them as written. */
describe('spec §7 calls the SPA does not send as written', () => {
  it('profiles: a crafted updated_at is overridden by the trigger', async () => {
    const client = await as('creator');
    const before = (await getProfile(demo.creator.id))!;
    const { data, error } = await client.from('profiles').update({ industry: 'Food', updated_at: '2000-01-01T00:00:00Z' }).eq('id', demo.creator.id).select().single();
    expect(error).toBeNull();
    expect(new Date(data!.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(before.updated_at).getTime());
  });

  it('profiles: select id and first_name where user_type is brand (the picker searches search_brands instead)', async () => {
    const creator = await as('creator');
    const { data, error } = await creator.from('profiles').select('id, first_name').eq('user_type', 'brand').order('first_name');
    expect(error).toBeNull();
    expect(data!.map((row) => row.first_name)).toEqual(['FitFlex Apparel', 'GlowLab Skincare', 'Volt Energy']);
  });

  it('profiles: list by user_type with search, count, newest first, and a range (admins; no fetcher yet)', async () => {
    const admin = await as('admin');
    const search = 'plo';
    const { data, count, error } = await admin
      .from('profiles')
      .select('*', { count: 'exact' })
      .eq('user_type', 'creator')
      .or(`first_name.ilike.%${search}%,last_name.ilike.%${search}%,tiktok_username.ilike.%${search}%`)
      .order('created_at', { ascending: false })
      .range(0, 9);
    expect(error).toBeNull();
    expect(count).toBe(1);
    expect(data!.map((row) => row.tiktok_username)).toEqual(['ploy.moves']);
    const page = await admin.from('profiles').select('id', { count: 'exact' }).eq('is_demo', true).order('created_at', { ascending: false }).range(0, 1);
    expect(page.count).toBe(6);
    expect(page.data).toHaveLength(2);
  });

  it('opportunities: select by brand_id, and all joined with the brand profile by embedding', async () => {
    const brand = await as('brand');
    const { data: added } = await brand.from('brand_briefs').insert({ brand_id: demo.brand.id, title: 'Night cream launch', description: 'Show your night routine' }).select('id').single();
    try {
      const own = await brand.from('opportunities').select('*').eq('brand_id', demo.brand.id).order('created_at');
      expect(own.data!.map((row) => row.title)).toEqual(['Skincare Product Review', 'Night cream launch']);
    } finally {
      // The other tests count the seeded briefs.
      await backend.service().from('brand_briefs').delete().eq('id', added!.id);
    }
    const creator = await as('creator');
    const all = await creator.from('opportunities').select('*, profiles(first_name, tiktok_avatar_url)').eq('is_demo', true).order('deadline');
    expect(all.data!.map((row) => [row.title, row.profiles.first_name])).toEqual([
      ['Skincare Product Review', 'GlowLab Skincare'],
      ['Energy Drink Promotion', 'Volt Energy'],
      ['Fitness Apparel Showcase', 'FitFlex Apparel'],
    ]);
  });

  it('brand_briefs: select all fields joined with the brand profile via brand_id', async () => {
    const creator = await as('creator');
    const { data } = await creator.from('brand_briefs').select('*, profiles:brand_id(first_name, tiktok_avatar_url)').eq('title', 'Energy Drink Promotion').single();
    expect(data).toMatchObject({ reward: '฿3,000 – ฿8,000', industry: ['Beverages', 'Lifestyle'], status: 'open', profiles: { first_name: 'Volt Energy', tiktok_avatar_url: null } });
  });

  it('brand_briefs: select brand_id by id (single), and where id is in a list', async () => {
    const creator = await as('creator');
    const briefs = (await creator.from('brand_briefs').select('id, brand_id').order('title')).data!;
    const one = await creator.from('brand_briefs').select('brand_id').eq('id', briefs[0].id).single();
    expect(one.data).toEqual({ brand_id: briefs[0].brand_id });
    const some = await creator.from('brand_briefs').select('brand_id').in('id', [briefs[0].id, briefs[1].id]);
    expect(some.data!.map((row) => row.brand_id).sort()).toEqual([briefs[0].brand_id, briefs[1].brand_id].sort());
  });

  it('creator_brand_connections: select with the nested brief and its brand profile, filtered by creator_id', async () => {
    const creator = await as('creator');
    const { data, error } = await creator
      .from('creator_brand_connections')
      .select('*, brand_briefs(*, profiles(first_name, company_name))')
      .eq('creator_id', demo.creator.id)
      .eq('is_demo', true)
      .order('brand_brief_id');
    expect(error).toBeNull();
    expect(data!.map((row) => [row.status, row.brand_briefs.title, row.brand_briefs.profiles.company_name])).toEqual([
      ['matched', 'Skincare Product Review', 'GlowLab Co., Ltd.'],
      ['matched', 'Energy Drink Promotion', 'Volt Beverages Co., Ltd.'],
    ]);
  });

  it('tiktok_connections: select the connection fields by user_id, single or none', async () => {
    await actAs(backend, demo.creator);
    expect(await getConnection(demo.creator.id)).toBeNull();
    // The connection tiktok-auth writes; verified, since it is the account the profile names.
    const { data: profile } = await backend.service().from('profiles').select('tiktok_username').eq('id', demo.creator.id).single();
    await backend.service().from('tiktok_connections').insert({ user_id: demo.creator.id, is_connected: true, username: profile!.tiktok_username });
    await actAs(backend, demo.creator);
    expect(await getConnection(demo.creator.id)).toMatchObject({ is_connected: true, verified_status: 'verified', expires_at: null, username: profile!.tiktok_username });
  });

  it('tiktok_videos: select with the creator embedded, a limit and a count', async () => {
    const creator = await as('creator');
    const { data, count } = await creator
      .from('tiktok_videos')
      .select('*, profiles!user_id(first_name, last_name)', { count: 'exact' })
      .eq('user_id', demo.creator.id)
      .order('created_at', { ascending: false })
      .range(0, 0);
    expect(count).toBe(5);
    expect(data).toHaveLength(1);
    expect(data![0].profiles).toEqual({ first_name: 'Nalinee', last_name: 'Chaiyaporn' });
  });

  it('tiktok_videos: select id by user_id and video_id; update the brand and brief by user_id and video_id; read them back', async () => {
    const creator = await as('creator');
    // The demo video still awaiting review: an approved one stays with its brief.
    const { video_id: videoId } = (await creator.from('tiktok_videos').select('video_id').eq('title', 'My morning glow routine with GlowLab serum').single()).data!;
    const found = await creator.from('tiktok_videos').select('id').eq('user_id', demo.creator.id).eq('video_id', videoId);
    expect(found.data).toHaveLength(1);
    const volt = (await creator.from('brand_briefs').select('id, brand_id').eq('title', 'Energy Drink Promotion').single()).data!;
    const seeded = (await creator.from('tiktok_videos').select('brand_brief_id').eq('user_id', demo.creator.id).eq('video_id', videoId).single()).data!;
    try {
      // Only the brief is given: the brand comes from the brief.
      const { error } = await creator.from('tiktok_videos').update({ brand_id: null, brand_brief_id: volt.id }).eq('user_id', demo.creator.id).eq('video_id', videoId);
      expect(error).toBeNull();
      const after = await creator.from('tiktok_videos').select('brand_id, brand_brief_id').eq('video_id', videoId).eq('user_id', demo.creator.id).single();
      expect(after.data).toEqual({ brand_id: volt.brand_id, brand_brief_id: volt.id });
    } finally {
      // Back with its seeded brief (GlowLab's), where the other tests find it awaiting review.
      const { error } = await creator.from('tiktok_videos').update({ brand_id: null, brand_brief_id: seeded.brand_brief_id }).eq('user_id', demo.creator.id).eq('video_id', videoId);
      expect(error).toBeNull();
    }
  });
});

describe('profile rules kept by the database (spec §5)', () => {
  it('strips @, stores blanks as null and completes a bare website, even for a raw API update', async () => {
    const brand = await createUser(backend, 'brand');
    try {
      const { data, error } = await brand.client
        .from('profiles')
        .update({ tiktok_username: '  @@brand.th ', last_name: '   ', website: 'brand.example', industry: '' })
        .eq('id', brand.id)
        .select('tiktok_username, last_name, website, industry')
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({ tiktok_username: 'brand.th', last_name: null, website: 'https://brand.example', industry: null });
    } finally {
      // The other tests list the seeded brands only.
      await backend.server.db.query('delete from auth.users where id = $1', [brand.id]);
    }
  });
});
