/**
 * The business rules live once, in SQL (issue 9): each refusal reaches the caller as a
 * stable code, through the SPA's own fetchers, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '@/features/auth/api/sign-up';
import { getBrandMetrics } from '@/features/metrics/api/get-brand-metrics';
import { getPayRates } from '@/features/metrics/api/get-pay-rates';
import { createOpportunity } from '@/features/opportunities/api/create-opportunity';
import { joinOpportunity } from '@/features/opportunities/api/join-opportunity';
import { updateProfile } from '@/features/settings/api/update-profile';
import { addVideo } from '@/features/videos/api/add-video';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs, refusal } from './helpers/spa';
import { createUser, uniqueEmail, type TestUser } from './helpers/users';

let backend: TestBackend;
let brand: TestUser, otherBrand: TestUser, creator: TestUser, outsider: TestUser;
let openBrief: string, closedBrief: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const videoUrl = (n: number) => `https://www.tiktok.com/@rules/video/${7431200000000000000n + BigInt(n)}`;

const table = async (name: string) => (await backend.service().from(name).select('*').order('id')).data;

beforeAll(async () => {
  backend = await startBackend();
  [brand, otherBrand, creator, outsider] = await Promise.all([
    createUser(backend, 'brand'),
    createUser(backend, 'brand'),
    createUser(backend, 'creator'),
    createUser(backend, 'creator'),
  ]);
  await actAs(backend, brand);
  openBrief = (await createOpportunity({ title: 'Open brief', description: 'Show the product', deadline: inDays(5) })).id;
  closedBrief = (await createOpportunity({ title: 'Closed brief', description: 'Done' })).id;
  // Published before the sandbox videos below were posted (2024), so that they fall inside its dates.
  await backend.service().from('brand_briefs').update({ created_at: '2024-01-01T00:00:00Z' }).eq('id', openBrief);
  await brand.client.from('brand_briefs').update({ status: 'closed' }).eq('id', closedBrief);
}, 60_000);
afterAll(() => backend?.stop());

describe('profiles', () => {
  it('strips the @, completes a bare website and stores blank text as null', async () => {
    await actAs(backend, creator);
    const profile = await updateProfile({ first_name: '  Nok ', last_name: ' ', tiktok_username: '@nok.dances', follower_count: 1200 });
    expect(profile).toMatchObject({ first_name: 'Nok', last_name: null, tiktok_username: 'nok.dances', follower_count: 1200 });
    await actAs(backend, brand);
    expect(await updateProfile({ first_name: 'Glow', last_name: '', tiktok_username: '', website: 'glow.example' })).toMatchObject({ website: 'https://glow.example' });
  });

  it.each([
    [{ tiktok_username: 'has space' }, 'invalid_tiktok_username'],
    [{ tiktok_username: 'x'.repeat(25) }, 'invalid_tiktok_username'],
    [{ website: 'javascript:alert(1)' }, 'invalid_website'],
    [{ website: 'not a site' }, 'invalid_website'],
    [{ follower_count: -5 }, 'invalid_follower_count'],
  ])('%o is refused with %s, and the profile is unchanged', async (change, code) => {
    await actAs(backend, brand);
    const before = await table('profiles');
    expect((await refusal(() => updateProfile({ first_name: 'Glow', last_name: '', tiktok_username: '', ...change }))).code).toBe(code);
    expect(await table('profiles')).toEqual(before);
  });

  it('a signed-out caller is told to sign in', async () => {
    await actAs(backend);
    expect((await refusal(() => updateProfile({ first_name: 'x', last_name: '', tiktok_username: '' }))).code).toBe('not_signed_in_profile');
  });
});

describe('sign-up', () => {
  it('parses a follower count as people type it, and keeps the username without @', async () => {
    await actAs(backend);
    const email = uniqueEmail('parse');
    await signUp({ userType: 'creator', email, password: 'secret-1', firstName: 'Ploy', tiktokUsername: '@ploy.cooks', followerCount: '12,500' });
    const { data } = await backend.service().from('profiles').select('tiktok_username, follower_count').eq('first_name', 'Ploy').single();
    expect(data).toEqual({ tiktok_username: 'ploy.cooks', follower_count: 12500 });
  });

  it.each([
    [{ followerCount: 'many' }, 'invalid_follower_count'],
    [{ tiktokUsername: 'no spaces please' }, 'invalid_tiktok_username'],
  ])('%o is refused with %s and creates no account', async (extra, code) => {
    await actAs(backend);
    const before = await backend.server.db.query('select count(*)::int as n from auth.users');
    expect((await refusal(() => signUp({ userType: 'creator', email: uniqueEmail('bad'), password: 'secret-1', firstName: 'Bad', ...extra }))).code).toBe(code);
    expect((await backend.server.db.query('select count(*)::int as n from auth.users')).rows).toEqual(before.rows);
  });

  it('an admin sign-up without a valid invite is refused with admin_invite_invalid', async () => {
    await actAs(backend);
    expect((await refusal(() => signUp({ userType: 'admin', email: uniqueEmail('admin'), password: 'secret-1', inviteCode: 'guess' }))).code).toBe('admin_invite_invalid');
  });
});

describe('opportunities', () => {
  it('refuses a deadline in the past with deadline_in_past', async () => {
    await actAs(backend, brand);
    const before = await table('brand_briefs');
    expect((await refusal(() => createOpportunity({ title: 'Late', description: 'Too late', deadline: inDays(-3) }))).code).toBe('deadline_in_past');
    expect(await table('brand_briefs')).toEqual(before);
  });

  it('refuses a blank title from a crafted request with title_description_required', async () => {
    const { error } = await brand.client.from('brand_briefs').insert({ brand_id: brand.id, title: '   ', description: 'x' });
    expect(error).toMatchObject({ code: 'title_description_required' });
  });

  it('refuses a creator publishing with only_brands_publish', async () => {
    const { error } = await backend.service().from('brand_briefs').insert({ brand_id: creator.id, title: 'Mine', description: 'x' });
    expect(error).toMatchObject({ code: 'only_brands_publish' });
  });

  it('joins once; a second join, a closed brief and a brand are refused with their codes', async () => {
    await actAs(backend, creator);
    await joinOpportunity({ briefId: openBrief, isCreator: true });
    const before = await table('creator_brand_connections');
    expect((await refusal(() => joinOpportunity({ briefId: openBrief, isCreator: true }))).code).toBe('already_joined');
    expect((await refusal(() => joinOpportunity({ briefId: closedBrief, isCreator: true }))).code).toBe('opportunity_not_open');
    await actAs(backend, brand);
    // isCreator: true makes the browser skip its own check, as a crafted request would.
    expect((await refusal(() => joinOpportunity({ briefId: openBrief, isCreator: true }))).code).toBe('only_creators_can_join');
    const direct = await backend.service().from('creator_brand_connections').insert({ creator_id: brand.id, brand_brief_id: openBrief });
    expect(direct.error).toMatchObject({ code: 'only_creators_can_join' });
    expect(await table('creator_brand_connections')).toEqual(before);
  });
});

describe('videos and the brands they count for', () => {
  /** A brand of the test's own, with an open brief (published before the sandbox's 2024 videos) a new creator joined. */
  const joinedBrief = async () => {
    const [brand, creator] = await Promise.all([createUser(backend, 'brand'), createUser(backend, 'creator')]);
    await actAs(backend, brand);
    const brief = (await createOpportunity({ title: 'Open brief', description: 'Show the product', deadline: inDays(5) })).id;
    await backend.service().from('brand_briefs').update({ created_at: '2024-01-01T00:00:00Z' }).eq('id', brief);
    await actAs(backend, creator);
    await joinOpportunity({ briefId: brief, isCreator: true });
    return { brand, creator, brief };
  };

  it('adds a video to a joined brief; it counts in the brand’s figures', async () => {
    const { brand, creator, brief } = await joinedBrief();
    await actAs(backend, creator);
    await addVideo({ url: videoUrl(1), brandBriefId: brief });
    await actAs(backend, brand);
    expect(await getBrandMetrics(brand.id)).toMatchObject({ totalVideos: 1, totalCreators: 1, pitchVideos: 0 });
  });

  it('refuses a brief the creator did not join with opportunity_not_joined, and adds nothing', async () => {
    await actAs(backend, outsider);
    const before = await table('tiktok_videos');
    expect((await refusal(() => addVideo({ url: videoUrl(2), brandBriefId: openBrief }))).code).toBe('opportunity_not_joined');
    expect((await refusal(() => addVideo({ url: videoUrl(3), brandId: otherBrand.id, brandBriefId: openBrief }))).code).toBe('brand_brief_mismatch');
    expect((await refusal(() => addVideo({ url: videoUrl(4), brandId: creator.id }))).code).toBe('brand_not_found');
    expect(await table('tiktok_videos')).toEqual(before);
  });

  it('accepts a video sent to a brand alone as a pitch, which counts in none of its figures', async () => {
    const { brand, creator, brief } = await joinedBrief();
    await actAs(backend, creator);
    await addVideo({ url: videoUrl(6), brandBriefId: brief });
    await actAs(backend, outsider);
    await addVideo({ url: videoUrl(5), brandId: brand.id });
    await actAs(backend, brand);
    const metrics = await getBrandMetrics(brand.id);
    expect(metrics).toMatchObject({ totalVideos: 1, totalCreators: 1, pitchVideos: 1 });
    const { data } = await brand.client.from('video_listings').select('user_id, is_pitch').eq('brand_id', brand.id).order('is_pitch');
    expect(data).toEqual([
      { user_id: creator.id, is_pitch: false },
      { user_id: outsider.id, is_pitch: true },
    ]);
  });

  it('refuses a duplicate and a malformed URL with their codes', async () => {
    const { creator, brief } = await joinedBrief();
    await actAs(backend, creator);
    await addVideo({ url: videoUrl(7), brandBriefId: brief });
    expect((await refusal(() => addVideo({ url: videoUrl(7) }))).code).toBe('duplicate');
    expect((await refusal(() => addVideo({ url: 'https://example.com/video/1' }))).code).toBe('invalid_url');
  });

  it('figures of another account are refused with metrics_forbidden', async () => {
    await actAs(backend, otherBrand);
    expect((await refusal(() => getBrandMetrics(brand.id))).code).toBe('metrics_forbidden');
  });
});

describe('pay rates', () => {
  it('are read from pay_rates(), by anyone', async () => {
    await actAs(backend);
    expect(await getPayRates()).toEqual({ brandPer1000: 10, creatorPer1000: 5 });
  });
});
