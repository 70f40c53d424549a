/**
 * The permission matrix of spec §6, enforced by the database: every actor against
 * every table and view, for select, insert, update and delete, through supabase-js.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, issueInvite, type TestUser } from './helpers/users';

let backend: TestBackend;
let service: SupabaseClient;
let anon: SupabaseClient;
let creatorA: TestUser, creatorB: TestUser, brandA: TestUser, brandB: TestUser, admin: TestUser;

const ids: Record<string, string> = {};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function insert(table: string, row: Record<string, unknown>): Promise<string> {
  const { data, error } = await service.from(table).insert(row).select('*').single();
  if (error) throw new Error(`fixture ${table}: ${error.message}`);
  return (data as { id?: string; user_id: string }).id ?? (data as { user_id: string }).user_id;
}

beforeAll(async () => {
  backend = await startBackend();
  service = backend.service();
  anon = backend.client();
  [creatorA, creatorB, brandA, brandB, admin] = await Promise.all([
    createUser(backend, 'creator', { first_name: 'Creator', last_name: 'A', tiktok_username: 'perm.creator.a' }),
    createUser(backend, 'creator', { first_name: 'Creator', last_name: 'B', tiktok_username: 'perm.creator.b' }),
    createUser(backend, 'brand', { first_name: 'Brand A' }),
    createUser(backend, 'brand', { first_name: 'Brand B' }),
    createUser(backend, 'admin'),
  ]);
  ids.briefA1 = await insert('brand_briefs', { brand_id: brandA.id, title: 'A1', description: 'Open brief of A', deadline: inDays(10) });
  ids.briefA2 = await insert('brand_briefs', { brand_id: brandA.id, title: 'A2', description: 'Closed brief of A', status: 'closed' });
  ids.briefB1 = await insert('brand_briefs', { brand_id: brandB.id, title: 'B1', description: 'Open brief of B' });
  // Published before the 2024 videos below were posted (rule 4 refuses a link to a brief published later).
  await service.from('brand_briefs').update({ created_at: '2024-01-01T00:00:00Z' }).in('id', [ids.briefA1, ids.briefA2, ids.briefB1]);
  ids.connA = await insert('creator_brand_connections', { creator_id: creatorA.id, brand_brief_id: ids.briefA1 });
  ids.connB = await insert('creator_brand_connections', { creator_id: creatorB.id, brand_brief_id: ids.briefB1 });
  const video = (user: TestUser, n: number, brief?: string) => ({
    user_id: user.id,
    video_id: `74312000000000000${n}`.padEnd(19, '0'),
    share_url: `https://www.tiktok.com/@someone/video/74312000000000000${n}`,
    brand_brief_id: brief ?? null,
    view_count: 1000 * n,
    metrics_source: 'sandbox',
  });
  ids.videoA1 = await insert('tiktok_videos', video(creatorA, 11, ids.briefA1));
  ids.videoA2 = await insert('tiktok_videos', video(creatorA, 12));
  ids.videoB1 = await insert('tiktok_videos', video(creatorB, 21, ids.briefB1));
  ids.tiktokA = await insert('tiktok_connections', { user_id: creatorA.id, is_connected: true, verified_status: 'verified' });
  ids.tiktokB = await insert('tiktok_connections', { user_id: creatorB.id, is_connected: true });
  ids.tokenA = await insert('tiktok_tokens', {
    user_id: creatorA.id, open_id: 'open-a', access_token_enc: 'v1.sealed-access', refresh_token_enc: 'v1.sealed-refresh', expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  await service.from('tiktok_auth_states').insert({
    state_hash: 'a'.repeat(64), user_id: creatorA.id, verifier_enc: 'v1.sealed-verifier', redirect_uri: 'http://localhost/connect', expires_at: new Date(Date.now() + 600_000).toISOString(),
  });
  await issueInvite(backend);
  ids.invite = (await service.from('admin_invites').select('id').is('used_at', null).single()).data!.id;
}, 60_000);

afterAll(() => backend?.stop());

type Actor = 'anon' | 'creatorA' | 'creatorB' | 'brandA' | 'brandB' | 'admin' | 'service';
const actors: Actor[] = ['anon', 'creatorA', 'creatorB', 'brandA', 'brandB', 'admin', 'service'];

function clientOf(actor: Actor): SupabaseClient {
  return { anon, service, creatorA: creatorA?.client, creatorB: creatorB?.client, brandA: brandA?.client, brandB: brandB?.client, admin: admin?.client }[actor]!;
}

/** Tables keyed by something else than id. */
const orderKey: Record<string, string> = {
  tiktok_tokens: 'user_id',
  tiktok_auth_states: 'state_hash',
  payout_accounts: 'creator_id',
  month_closes: 'month',
  brand_invoice_payments: 'brand_id',
};
const snapshot = async (table: string) => (await service.from(table).select('*').order(orderKey[table] ?? 'id')).data;

type Attempt = PromiseLike<{ data: unknown; error: { code?: string; message: string } | null }>;

/** The attempt fails or touches no row, and the table is exactly as before. */
async function expectRefused(table: string, attempt: () => Attempt) {
  const before = await snapshot(table);
  const { data, error } = await attempt();
  const touched = Array.isArray(data) ? data.length : data ? 1 : 0;
  expect(error !== null || touched === 0, `expected refusal, got ${JSON.stringify(data)}`).toBe(true);
  expect(await snapshot(table)).toEqual(before);
}

async function expectAllowed(attempt: () => Attempt, rows = 1) {
  const { data, error } = await attempt();
  expect(error).toBeNull();
  expect(Array.isArray(data) ? data.length : 1).toBe(rows);
}

describe('select: what each actor sees', () => {
  // Which fixture rows each actor sees; profile keys are user names, other keys fixture ids.
  const visible: Record<string, Record<Actor, string[] | 'denied'>> = {
    profiles: {
      anon: [],
      creatorA: ['creatorA', 'brandA', 'brandB'],
      creatorB: ['creatorB', 'brandA', 'brandB'],
      brandA: ['brandA', 'brandB', 'creatorA'],
      brandB: ['brandA', 'brandB', 'creatorB'],
      admin: ['creatorA', 'creatorB', 'brandA', 'brandB', 'admin'],
      service: ['creatorA', 'creatorB', 'brandA', 'brandB', 'admin'],
    },
    brand_briefs: {
      anon: 'denied',
      ...Object.fromEntries(['creatorA', 'creatorB', 'brandA', 'brandB', 'admin', 'service'].map((a) => [a, ['briefA1', 'briefA2', 'briefB1']])),
    } as Record<Actor, string[] | 'denied'>,
    creator_brand_connections: {
      anon: 'denied', creatorA: ['connA'], creatorB: ['connB'], brandA: ['connA'], brandB: ['connB'], admin: ['connA', 'connB'], service: ['connA', 'connB'],
    },
    tiktok_videos: {
      anon: 'denied',
      creatorA: ['videoA1', 'videoA2'],
      creatorB: ['videoB1'],
      brandA: ['videoA1'],
      brandB: ['videoB1'],
      admin: ['videoA1', 'videoA2', 'videoB1'],
      service: ['videoA1', 'videoA2', 'videoB1'],
    },
    tiktok_connections: {
      anon: 'denied', creatorA: ['tiktokA'], creatorB: ['tiktokB'], brandA: [], brandB: [], admin: [], service: ['tiktokA', 'tiktokB'],
    },
    admin_invites: { anon: 'denied', creatorA: [], creatorB: [], brandA: [], brandB: [], admin: ['invite'], service: ['invite'] },
  };
  // Views show what their table shows.
  visible.opportunities = visible.brand_briefs;
  visible.brief_listings = visible.brand_briefs;
  visible.video_listings = visible.tiktok_videos;
  visible.video_ledger = visible.tiktok_videos;

  const expectedIds = (names: string[], table: string) =>
    names.map((name) => (table === 'profiles' ? { creatorA, creatorB, brandA, brandB, admin }[name]!.id : ids[name])).sort();

  const cases = Object.entries(visible).flatMap(([table, byActor]) => actors.map((actor) => [table, actor, byActor[actor]] as const));

  it.each(cases)('%s as %s', async (table, actor, expected) => {
    const { data, error } = await clientOf(actor).from(table).select('id');
    if (expected === 'denied') {
      // Either refused outright, or nothing visible.
      expect(error ? [] : data).toEqual([]);
      return;
    }
    expect(error).toBeNull();
    const all = expectedIds([...expected], table);
    const known = new Set(Object.values(ids).concat([creatorA, creatorB, brandA, brandB, admin].map((u) => u.id)));
    const seen = (data as { id: string }[]).map((row) => row.id).filter((id) => known.has(id)).sort();
    expect(seen).toEqual(all);
  });

  it('keeps TikTok tokens and sign-in states away from every API role but the service role', async () => {
    for (const actor of actors.filter((a) => a !== 'service')) {
      for (const table of ['tiktok_tokens', 'tiktok_auth_states', 'tiktok_webhook_events']) {
        const { data, error } = await clientOf(actor).from(table).select('*');
        expect(error?.code ?? (data as unknown[]).length).toBe('42501');
      }
    }
    expect((await service.from('tiktok_tokens').select('access_token_enc')).data).toEqual([{ access_token_enc: 'v1.sealed-access' }]);
    expect((await service.from('tiktok_auth_states').select('user_id')).data).toEqual([{ user_id: creatorA.id }]);
  });
});

describe('the view ledger: snapshots, reviews, review_video', () => {
  // Who sees each video sees its measurements and its review; nobody else does.
  const videosSeen: Record<Actor, string[] | 'denied'> = {
    anon: 'denied',
    creatorA: ['videoA1', 'videoA2'],
    creatorB: ['videoB1'],
    brandA: ['videoA1'],
    brandB: ['videoB1'],
    admin: ['videoA1', 'videoA2', 'videoB1'],
    service: ['videoA1', 'videoA2', 'videoB1'],
  };
  const fixtureVideos = () => new Set([ids.videoA1, ids.videoA2, ids.videoB1]);

  it.each(actors)('video_snapshots as %s', async (actor) => {
    const { data, error } = await clientOf(actor).from('video_snapshots').select('tiktok_video_id');
    const expected = videosSeen[actor];
    if (expected === 'denied') return expect(error ? [] : data).toEqual([]);
    expect(error).toBeNull();
    const seen = [...new Set((data as { tiktok_video_id: string }[]).map((row) => row.tiktok_video_id).filter((id) => fixtureVideos().has(id)))].sort();
    expect(seen).toEqual(expected.map((name) => ids[name]).sort());
  });

  it.each(actors)('video_reviews as %s', async (actor) => {
    const { data, error } = await clientOf(actor).from('video_reviews').select('video_id, brand_brief_id');
    // Only linked videos have a review: A1 (brief A1) and B1 (brief B1).
    const reviewed = { anon: [], creatorA: ['briefA1'], creatorB: ['briefB1'], brandA: ['briefA1'], brandB: ['briefB1'], admin: ['briefA1', 'briefB1'], service: ['briefA1', 'briefB1'] }[actor];
    if (actor === 'anon') return expect(error ? [] : data).toEqual([]);
    expect(error).toBeNull();
    const briefs = (data as { brand_brief_id: string | null }[]).map((row) => row.brand_brief_id).filter((id) => id === ids.briefA1 || id === ids.briefB1);
    expect(briefs.sort()).toEqual(reviewed.map((name) => ids[name]).sort());
  });

  it.each(actors.filter((a) => a !== 'service'))('%s cannot write measurements or reviews directly', async (actor) => {
    const client = clientOf(actor);
    await expectRefused('video_snapshots', () =>
      client.from('video_snapshots').insert({ tiktok_video_id: ids.videoA1, view_count: 1, like_count: 0, comment_count: 0, share_count: 0, source: 'page' }).select(),
    );
    await expectRefused('video_snapshots', () => client.from('video_snapshots').update({ view_count: 1 }).eq('tiktok_video_id', ids.videoA1).select());
    await expectRefused('video_snapshots', () => client.from('video_snapshots').delete().eq('tiktok_video_id', ids.videoA1).select());
    await expectRefused('video_reviews', () => client.from('video_reviews').update({ status: 'approved' }).eq('brand_brief_id', ids.briefA1).select());
    await expectRefused('video_reviews', () => client.from('video_reviews').delete().eq('brand_brief_id', ids.briefA1).select());
    await expectRefused('video_reviews', () =>
      client.from('video_reviews').insert({ creator_id: creatorA.id, video_id: '7431277777777777777', brand_id: brandA.id, status: 'approved' }).select(),
    );
  });

  it.each(actors.filter((a) => a !== 'service'))('%s reads the counting rules but cannot change them', async (actor) => {
    const { data } = await clientOf(actor).from('ledger_rules').select('count_window_days, review_auto_approve_hours');
    expect(data).toEqual([{ count_window_days: 30, review_auto_approve_hours: 72 }]);
    await expectRefused('ledger_rules', () => clientOf(actor).from('ledger_rules').update({ count_window_days: 3650 }).eq('id', true).select());
    await expectRefused('ledger_rules', () => clientOf(actor).from('ledger_rules').delete().eq('id', true).select());
    await expectRefused('ledger_rules', () => clientOf(actor).from('ledger_rules').insert({ id: false }).select());
  });

  it('even the service role cannot change or delete a measurement', async () => {
    await expectRefused('video_snapshots', () => service.from('video_snapshots').update({ view_count: 1 }).eq('tiktok_video_id', ids.videoA1).select());
    await expectRefused('video_snapshots', () => service.from('video_snapshots').delete().eq('tiktok_video_id', ids.videoA1).select());
  });

  it.each(['anon', 'creatorA', 'creatorB', 'brandB', 'admin'] as Actor[])('%s cannot review a video submitted to brand A', async (actor) => {
    await expectRefused('video_reviews', () => clientOf(actor).rpc('review_video', { p_video: ids.videoA1, p_decision: 'approve' }).select());
  });

  it('brand A reviews the video submitted to it, once', async () => {
    const { data, error } = await brandA.client.rpc('review_video', { p_video: ids.videoA1, p_decision: 'approve' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: ids.videoA1, review_status: 'approved' });
    await expectRefused('video_reviews', () => brandA.client.rpc('review_video', { p_video: ids.videoA1, p_decision: 'reject', p_reason: 'quality' }).select());
  });
});

describe('profiles', () => {
  it('a user updates their own profile', async () => {
    await expectAllowed(() => creatorA.client.from('profiles').update({ first_name: 'Nok', tiktok_username: 'nok.dances' }).eq('id', creatorA.id).select());
    const { data } = await service.from('profiles').select('first_name, tiktok_username').eq('id', creatorA.id).single();
    expect(data).toEqual({ first_name: 'Nok', tiktok_username: 'nok.dances' });
  });

  it.each(['creatorB', 'brandA', 'admin', 'anon'] as Actor[])('%s cannot update another user profile', async (actor) => {
    await expectRefused('profiles', () => clientOf(actor).from('profiles').update({ first_name: 'Hacked' }).eq('id', creatorA.id).select());
  });

  it.each(['creatorA', 'brandA'] as Actor[])('%s cannot change their own user_type, id or demo flag', async (actor) => {
    const me = actor === 'creatorA' ? creatorA : brandA;
    for (const change of [{ user_type: 'admin' }, { id: creatorB.id }, { is_demo: true }]) {
      await expectRefused('profiles', () => me.client.from('profiles').update(change).eq('id', me.id).select());
    }
  });

  it.each(actors.filter((a) => a !== 'service'))('%s cannot insert or delete profiles', async (actor) => {
    await expectRefused('profiles', () => clientOf(actor).from('profiles').insert({ id: creatorA.id, user_type: 'admin' }).select());
    await expectRefused('profiles', () => clientOf(actor).from('profiles').delete().eq('id', creatorB.id).select());
  });

  it('rejects bad data even from the service role', async () => {
    for (const change of [{ tiktok_username: '@with-at' }, { follower_count: -5 }, { user_type: 'superuser' }, { website: 'javascript:alert(1)' }]) {
      await expectRefused('profiles', () => service.from('profiles').update(change).eq('id', creatorA.id).select());
    }
  });
});

describe('brand_briefs and the opportunities view', () => {
  const brief = (brandId: string, extra: Record<string, unknown> = {}) => ({ brand_id: brandId, title: 'New', description: 'Details', ...extra });

  it('a brand publishes its own brief, stored as open', async () => {
    const { data, error } = await brandA.client.from('brand_briefs').insert(brief(brandA.id, { industry: [' Beauty ', 'Skincare', ' '] })).select().single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ brand_id: brandA.id, status: 'open', industry: ['Beauty', 'Skincare'] });
  });

  it('a brand cannot publish for another brand, nor publish a brief as closed', async () => {
    await expectRefused('brand_briefs', () => brandA.client.from('brand_briefs').insert(brief(brandB.id)).select());
    await expectRefused('brand_briefs', () => brandA.client.from('brand_briefs').insert(brief(brandA.id, { status: 'closed' })).select());
  });

  it.each(['anon', 'creatorA', 'admin'] as Actor[])('%s cannot publish a brief', async (actor) => {
    const self = { creatorA, admin }[actor as 'creatorA' | 'admin']?.id ?? brandA.id;
    await expectRefused('brand_briefs', () => clientOf(actor).from('brand_briefs').insert(brief(self)).select());
  });

  it('even the service role cannot give a brief to a creator, nor a deadline in the past', async () => {
    await expectRefused('brand_briefs', () => service.from('brand_briefs').insert(brief(creatorA.id)).select());
    await expectRefused('brand_briefs', () => service.from('brand_briefs').insert(brief(brandA.id, { deadline: '2020-01-01' })).select());
    await expectRefused('brand_briefs', () => service.from('brand_briefs').insert(brief(brandA.id, { title: '   ' })).select());
  });

  it('the owner updates a brief and its status, directly or through opportunities', async () => {
    await expectAllowed(() => brandA.client.from('brand_briefs').update({ status: 'matched' }).eq('id', ids.briefA1).select());
    await expectAllowed(() => brandA.client.from('opportunities').update({ description: 'Updated through the view', status: 'open' }).eq('id', ids.briefA1).select());
    const { data } = await service.from('brand_briefs').select('description, status').eq('id', ids.briefA1).single();
    expect(data).toEqual({ description: 'Updated through the view', status: 'open' });
  });

  it.each(['brandB', 'creatorA', 'admin', 'anon'] as Actor[])('%s cannot update a brief of brand A', async (actor) => {
    await expectRefused('brand_briefs', () => clientOf(actor).from('brand_briefs').update({ title: 'Taken over' }).eq('id', ids.briefA1).select());
    await expectRefused('brand_briefs', () => clientOf(actor).from('opportunities').update({ description: 'Taken over' }).eq('id', ids.briefA1).select());
  });

  it('the owner cannot hand a brief to another brand', async () => {
    await expectRefused('brand_briefs', () => brandA.client.from('brand_briefs').update({ brand_id: brandB.id }).eq('id', ids.briefA1).select());
  });

  it.each(actors.filter((a) => a !== 'service'))('%s cannot delete briefs (they are closed instead)', async (actor) => {
    await expectRefused('brand_briefs', () => clientOf(actor).from('brand_briefs').delete().eq('id', ids.briefA2).select());
  });
});

describe('creator_brand_connections (joining)', () => {
  it('a creator joins an open brief, once', async () => {
    // A creator of the test's own: joining B1 would show creator A to brand B in the matrix above.
    const joiner = await createUser(backend, 'creator');
    const { data, error } = await joiner.client.from('creator_brand_connections').insert({ creator_id: joiner.id, brand_brief_id: ids.briefB1 }).select().single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ creator_id: joiner.id, status: null });
    const again = await joiner.client.from('creator_brand_connections').insert({ creator_id: joiner.id, brand_brief_id: ids.briefB1 });
    expect(again.error?.code).toBe('already_joined');
    expect(again.status).toBe(409);
  });

  it('nobody joins a closed or matched brief', async () => {
    const closed = await creatorB.client.from('creator_brand_connections').insert({ creator_id: creatorB.id, brand_brief_id: ids.briefA2 });
    expect(closed.error).toMatchObject({ code: 'opportunity_not_open', message: 'This opportunity is no longer open' });
    expect(closed.status).toBe(409);
  });

  it('only creators join, and only for themselves', async () => {
    for (const actor of ['brandA', 'admin'] as Actor[]) {
      const self = actor === 'brandA' ? brandA.id : admin.id;
      const { error } = await clientOf(actor).from('creator_brand_connections').insert({ creator_id: self, brand_brief_id: ids.briefB1 });
      expect(error).toMatchObject({ code: 'only_creators_can_join', message: 'Only creators can join opportunities' });
    }
    await expectRefused('creator_brand_connections', () =>
      creatorB.client.from('creator_brand_connections').insert({ creator_id: creatorA.id, brand_brief_id: ids.briefA1 }).select(),
    );
    await expectRefused('creator_brand_connections', () =>
      anon.from('creator_brand_connections').insert({ creator_id: creatorA.id, brand_brief_id: ids.briefA1 }).select(),
    );
  });

  it('a creator cannot set the status of a connection', async () => {
    await expectRefused('creator_brand_connections', () =>
      creatorB.client.from('creator_brand_connections').insert({ creator_id: creatorB.id, brand_brief_id: ids.briefA1, status: 'matched' }).select(),
    );
    await expectRefused('creator_brand_connections', () => creatorA.client.from('creator_brand_connections').update({ status: 'matched' }).eq('id', ids.connA).select());
  });

  it.each(actors.filter((a) => a !== 'service'))('%s cannot update or delete connections', async (actor) => {
    await expectRefused('creator_brand_connections', () =>
      clientOf(actor).from('creator_brand_connections').update({ brand_brief_id: ids.briefB1 }).eq('id', ids.connA).select(),
    );
    await expectRefused('creator_brand_connections', () => clientOf(actor).from('creator_brand_connections').delete().eq('id', ids.connA).select());
  });
});

describe('tiktok_videos', () => {
  const newVideo = (user: TestUser) => ({
    user_id: user.id,
    video_id: '7431299999999999999',
    share_url: 'https://www.tiktok.com/@x/video/7431299999999999999',
    view_count: 5,
  });

  it.each(actors.filter((a) => a !== 'service'))('%s cannot insert a video directly (only the scraper function can)', async (actor) => {
    await expectRefused('tiktok_videos', () => clientOf(actor).from('tiktok_videos').insert(newVideo(creatorA)).select());
  });

  it('the owner cannot change the counts; nobody else can either', async () => {
    for (const actor of ['creatorA', 'brandA', 'admin', 'creatorB', 'anon'] as Actor[]) {
      await expectRefused('tiktok_videos', () => clientOf(actor).from('tiktok_videos').update({ view_count: 999999 }).eq('id', ids.videoA1).select());
    }
  });

  /** A creator of the test's own with an unlinked video (the matrix above sees neither), so that linking it changes no fixture. */
  const ownVideo = async (n: number) => {
    const owner = await createUser(backend, 'creator', { tiktok_username: `perm.creator.${n}` });
    const video = await insert('tiktok_videos', {
      user_id: owner.id, video_id: `74312000000000000${n}`, share_url: `https://www.tiktok.com/@someone/video/74312000000000000${n}`, view_count: 1000 * n, metrics_source: 'sandbox',
    });
    return { owner, video };
  };

  it('a video linked to a brand alone is a pitch: the brand sees it, but none of its figures rise', async () => {
    const figures = async (brand: { id: string }) => (await service.rpc('brand_metrics', { brand: brand.id })).data;
    const { owner, video } = await ownVideo(31);
    const before = await figures(brandB);
    await expectAllowed(() => owner.client.from('tiktok_videos').update({ brand_id: brandB.id }).eq('id', video).select());
    expect((await brandB.client.from('video_listings').select('id, is_pitch').eq('id', video)).data).toEqual([{ id: video, is_pitch: true }]);
    // It awaits the brand's review, but counts in no view or money figure.
    expect(await figures(brandB)).toEqual({ ...before, pitchVideos: before.pitchVideos + 1, pendingReviews: before.pendingReviews + 1 });
  });

  it('a video linked to a brief its creator joined takes the brief’s brand and raises its figures', async () => {
    const { owner, video } = await ownVideo(32);
    // A brief of brand A's own for it (published before the video), which the owner joined.
    const brief = await insert('brand_briefs', { brand_id: brandA.id, title: 'A3', description: 'Another open brief of A' });
    await service.from('brand_briefs').update({ created_at: '2024-01-01T00:00:00Z' }).eq('id', brief);
    await insert('creator_brand_connections', { creator_id: owner.id, brand_brief_id: brief });
    const before = (await service.rpc('brand_metrics', { brand: brandA.id })).data;
    await expectAllowed(() => owner.client.from('tiktok_videos').update({ brand_id: null, brand_brief_id: brief }).eq('id', video).select());
    const { data } = await service.from('tiktok_videos').select('brand_id, brand_brief_id, view_count').eq('id', video).single();
    expect(data).toMatchObject({ brand_id: brandA.id, brand_brief_id: brief });
    const after = (await service.rpc('brand_metrics', { brand: brandA.id })).data;
    expect(after).toMatchObject({ totalVideos: before.totalVideos + 1, totalViews: before.totalViews + data!.view_count });
  });

  it('the owner cannot link a video to a brief they did not join, or to a non-brand', async () => {
    const unjoined = await creatorB.client.from('tiktok_videos').update({ brand_id: null, brand_brief_id: ids.briefA1 }).eq('id', ids.videoB1).select();
    expect(unjoined.error).toMatchObject({ code: 'opportunity_not_joined', message: 'Join this opportunity before adding videos to it' });
    await expectRefused('tiktok_videos', () => creatorB.client.from('tiktok_videos').update({ brand_id: creatorA.id, brand_brief_id: null }).eq('id', ids.videoB1).select());
  });

  it.each(['creatorB', 'brandA', 'admin', 'anon'] as Actor[])('%s cannot re-link or delete a video of creator A', async (actor) => {
    await expectRefused('tiktok_videos', () => clientOf(actor).from('tiktok_videos').update({ brand_id: brandB.id }).eq('id', ids.videoA1).select());
    await expectRefused('tiktok_videos', () => clientOf(actor).from('tiktok_videos').delete().eq('id', ids.videoA1).select());
  });

  it('the owner deletes their own video', async () => {
    const extra = await insert('tiktok_videos', { ...newVideo(creatorA), video_id: '7431288888888888888' });
    await expectAllowed(() => creatorA.client.from('tiktok_videos').delete().eq('id', extra).select());
  });

  it('rejects malformed videos even from the service role', async () => {
    for (const bad of [{ video_id: '123' }, { video_id: '74312999999999999990' }, { share_url: 'javascript:alert(1)' }, { view_count: -1 }]) {
      await expectRefused('tiktok_videos', () => service.from('tiktok_videos').insert({ ...newVideo(creatorB), ...bad }).select());
    }
    const dup = await service.from('tiktok_videos').insert({ ...newVideo(creatorA), video_id: (await snapshot('tiktok_videos'))!.find((v) => (v as { id: string }).id === ids.videoA1)!.video_id });
    expect(dup.error?.code).toBe('23505');
  });
});

describe('tiktok_connections and tokens', () => {
  it.each(actors.filter((a) => a !== 'service'))('%s cannot create, change or read tokens of a connection', async (actor) => {
    await expectRefused('tiktok_connections', () => clientOf(actor).from('tiktok_connections').insert({ user_id: brandA.id, is_connected: true }).select());
    await expectRefused('tiktok_connections', () => clientOf(actor).from('tiktok_connections').update({ is_connected: false }).eq('id', ids.tiktokA).select());
    await expectRefused('tiktok_tokens', () => clientOf(actor).from('tiktok_tokens').update({ access_token_enc: 'v1.x' }).eq('user_id', creatorA.id).select());
    await expectRefused('tiktok_tokens', () => clientOf(actor).from('tiktok_tokens').insert({ user_id: brandA.id, open_id: 'x', access_token_enc: 'v1.x', refresh_token_enc: 'v1.x', expires_at: '2030-01-01' }).select());
    await expectRefused('tiktok_auth_states', () => clientOf(actor).from('tiktok_auth_states').update({ used_at: null }).eq('user_id', creatorA.id).select());
    await expectRefused('tiktok_auth_states', () =>
      clientOf(actor).from('tiktok_auth_states').insert({ state_hash: 'b'.repeat(64), user_id: creatorA.id, verifier_enc: 'v1.x', redirect_uri: 'http://evil.example/connect', expires_at: '2030-01-01' }).select(),
    );
  });

  it('a user disconnects their own TikTok account, not someone else’s', async () => {
    // A connection of the test's own: the matrix above reads creator B's.
    const owner = await createUser(backend, 'creator');
    const connection = await insert('tiktok_connections', { user_id: owner.id, is_connected: true });
    await expectRefused('tiktok_connections', () => creatorA.client.from('tiktok_connections').delete().eq('id', connection).select());
    await expectAllowed(() => owner.client.from('tiktok_connections').delete().eq('id', connection).select());
  });
});

describe('admin_invites', () => {
  it.each(actors.filter((a) => a !== 'service'))('%s cannot insert or edit invites directly', async (actor) => {
    await expectRefused('admin_invites', () => clientOf(actor).from('admin_invites').insert({ code_hash: '\\x00' }).select());
    await expectRefused('admin_invites', () => clientOf(actor).from('admin_invites').update({ expires_at: '2099-01-01' }).eq('id', ids.invite).select());
  });

  it('only an admin withdraws an unused invite', async () => {
    // An invite of the test's own: the matrix above reads the fixture's.
    const code = await issueInvite(backend);
    const { rows } = await backend.server.db.query<{ id: string }>(`select id from public.admin_invites where code_hash = sha256(convert_to($1, 'UTF8'))`, [code]);
    const invite = rows[0].id;
    for (const actor of ['creatorA', 'brandA', 'anon'] as Actor[]) {
      await expectRefused('admin_invites', () => clientOf(actor).from('admin_invites').delete().eq('id', invite).select());
    }
    await expectAllowed(() => admin.client.from('admin_invites').delete().eq('id', invite).select());
  });
});

describe('the admin console (issue 12)', () => {
  const nobodyButAdmins: Actor[] = ['anon', 'creatorA', 'creatorB', 'brandA', 'brandB', 'service'];
  /** Every admin function, with arguments that would succeed for an admin. */
  const adminCalls: [string, () => Record<string, unknown>][] = [
    ['admin_set_suspended', () => ({ p_user_id: creatorB.id, p_suspended: true, p_reason: 'matrix test' })],
    ['admin_update_profile', () => ({ p_user_id: creatorB.id, p_first_name: 'Changed', p_last_name: null, p_tiktok_username: null, p_company_name: null, p_reason: 'matrix test' })],
    ['admin_exclude_video', () => ({ p_video: ids.videoB1, p_reason: 'matrix test' })],
    ['admin_reinstate_video', () => ({ p_video: ids.videoB1, p_reason: 'matrix test' })],
    ['admin_list_users', () => ({})],
    ['admin_user_detail', () => ({ p_user_id: creatorB.id })],
    ['admin_list_videos', () => ({})],
    ['admin_audit_page', () => ({})],
    ['admin_payouts_page', () => ({ p_paid: true })],
    ['admin_invoices_page', () => ({ p_status: 'paid' })],
    ['admin_metrics', () => ({})],
    ['create_admin_invite', () => ({ note: 'matrix test' })],
  ];

  it.each(nobodyButAdmins.flatMap((actor) => adminCalls.map(([name, args]) => [actor, name, args] as const)))(
    '%s calling %s is refused and changes nothing',
    async (actor, name, args) => {
      if (actor === 'service' && (name === 'admin_metrics' || name === 'create_admin_invite')) return; // The service role may read the figures and issue invites (npm run admin:create).
      const tables = ['profiles', 'tiktok_videos', 'admin_invites', 'admin_audit_log'];
      const before = await Promise.all(tables.map((table) => service.from(table).select('*').order('id')));
      const { data, error } = await clientOf(actor).rpc(name, args());
      expect(error, `${name} answered ${JSON.stringify(data)}`).not.toBeNull();
      if (actor !== 'anon') expect(error?.code).toMatch(/^(admin_only|42501)$/);
      const after = await Promise.all(tables.map((table) => service.from(table).select('*').order('id')));
      expect(after.map((result) => result.data)).toEqual(before.map((result) => result.data));
    },
  );

  it.each(nobodyButAdmins.filter((actor) => actor !== 'service'))('%s reads no audit row and no fraud signal', async (actor) => {
    await admin.client.rpc('admin_update_profile', { p_user_id: brandB.id, p_first_name: 'Brand B', p_last_name: null, p_tiktok_username: null, p_company_name: null, p_reason: 'matrix fixture' });
    expect((await admin.client.from('admin_audit_log').select('id')).data!.length).toBeGreaterThan(0);
    for (const view of ['admin_audit_log', 'video_signals']) {
      const { data, error } = await clientOf(actor).from(view).select('*');
      expect(error ? [] : data, view).toEqual([]);
    }
  });

  it.each(actors)('%s cannot write the audit log', async (actor) => {
    await expectRefused('admin_audit_log', () => clientOf(actor).from('admin_audit_log').insert({ action: 'suspend_user', target_type: 'user', target_id: creatorA.id }).select());
    await expectRefused('admin_audit_log', () => clientOf(actor).from('admin_audit_log').update({ reason: 'x' }).gt('id', 0).select());
    await expectRefused('admin_audit_log', () => clientOf(actor).from('admin_audit_log').delete().gt('id', 0).select());
  });

  // Admins too: an exclusion goes through admin_exclude_video, which checks the reason and audits it.
  it.each(actors.filter((a) => a !== 'service'))('%s cannot set the exclusion columns of a video directly', async (actor) => {
    await expectRefused('tiktok_videos', () => clientOf(actor).from('tiktok_videos').update({ excluded_at: new Date().toISOString(), excluded_note: 'x' }).eq('id', ids.videoA1).select());
  });
});

describe('money (issue 14)', () => {
  // A closed month with an entry for creator B's approved video, a payout row, payout details of
  // creator A with a tax ID, and a paid invoice: written as the database owner, as close_month would.
  beforeAll(async () => {
    const { rows } = await backend.server.db.query<{ month: string }>("select (private.current_month() - interval '2 months')::date::text as month");
    const month = rows[0].month;
    await backend.server.db.exec(
      `insert into public.month_closes (month, entries, payouts) values ($1, 1, 1);
       insert into public.ledger_entries (month, tiktok_video_id, video_id, creator_id, brand_id, brand_brief_id, views, counted_to,
                                          brand_rate_satang, creator_rate_satang, brand_charge_satang, creator_earning_satang, margin_satang)
         select $1, v.id, v.video_id, v.user_id, v.brand_id, v.brand_brief_id, 1000, 1000, 1000, 500, 1000, 500, 500 from public.tiktok_videos v where v.id = $2;
       insert into public.payouts (creator_id, month, gross_satang, wht_satang, net_satang, wht_rate_bp) values ($3, $1, 20000, 0, 20000, 300);
       insert into public.brand_invoice_payments (brand_id, month, paid_on, reference) values ($4, $1, $1, 'matrix');`.replace(/\$(\d)/g, (_, n) => ['', `'${month}'`, `'${ids.videoB1}'`, `'${creatorB.id}'`, `'${brandB.id}'`][Number(n)]),
    );
    expect((await creatorA.client.rpc('save_payout_account', { p_method: 'promptpay', p_promptpay_id: '0812345678', p_tax_id: '1234567890121', p_tax_consent: true })).error).toBeNull();
  });

  const moneyTables = ['ledger_entries', 'month_closes', 'payouts', 'brand_invoice_payments', 'payout_accounts', 'pay_rules'];

  it.each(actors.filter((actor) => actor !== 'service'))('%s cannot insert, update or delete the ledger, payouts, payout details or pay rules', async (actor) => {
    const client = clientOf(actor);
    for (const table of moneyTables) {
      const key = orderKey[table] ?? 'id';
      await expectRefused(table, () => client.from(table).insert({ creator_id: creatorA.id, month: '2020-01-01', method: 'promptpay', promptpay_id: '0899999999' }).select());
      await expectRefused(table, () => client.from(table).update({ reference: 'x', tax_id: null, views: 1, wht_rate_bp: 0 }).not(key, 'is', null).select());
      await expectRefused(table, () => client.from(table).delete().not(key, 'is', null).select());
    }
  });

  it('the service role, which bypasses row-level security, still cannot change a ledger entry or a closed month', async () => {
    for (const table of ['ledger_entries', 'month_closes']) {
      const key = orderKey[table] ?? 'id';
      await expectRefused(table, () => service.from(table).update({ views: 1, entries: 2 }).not(key, 'is', null).select());
      await expectRefused(table, () => service.from(table).delete().not(key, 'is', null).select());
    }
  });

  // Issue 29: a creator's entries, statements and payouts are theirs and admins'; a brand reads its
  // invoices, their lines and payments, not the ledger's lines with its creators' earnings (brand B
  // works with creator B: the entry is creator B's video on brand B's brief); which months are
  // closed, by whom and with how many entries, is for admins.
  const readers: Record<string, Actor[]> = {
    ledger_entries: ['creatorB', 'admin'],
    creator_statements: ['creatorB', 'admin'],
    payouts: ['creatorB', 'admin'],
    brand_invoices: ['brandB', 'admin'],
    brand_invoice_lines: ['brandB', 'admin'],
    brand_invoice_payments: ['brandB', 'admin'],
    month_closes: ['admin'],
  };
  it.each(Object.entries(readers).flatMap(([view, who]) => actors.filter((actor) => actor !== 'service').map((actor) => [view, actor, who.includes(actor)] as const)))(
    '%s as %s: reads its row %s',
    async (view, actor, reads) => {
      const { data } = await clientOf(actor).from(view).select('*');
      expect((data ?? []).length).toBe(reads ? 1 : 0);
    },
  );

  it.each(actors)('%s cannot write the statements, invoices or invoice lines', async (actor) => {
    const seen = async () => Promise.all(['creator_statements', 'brand_invoices', 'brand_invoice_lines'].map(async (view) => (await service.from(view).select('*')).data));
    const before = await seen();
    for (const view of ['creator_statements', 'brand_invoices', 'brand_invoice_lines']) {
      const client = clientOf(actor);
      expect((await client.from(view).insert({ brand_id: brandB.id, creator_id: creatorB.id, month: '2020-01-01', views: 1 }).select()).error, view).not.toBeNull();
      for (const attempt of [client.from(view).update({ views: 1 }).not('month', 'is', null).select(), client.from(view).delete().not('month', 'is', null).select()]) {
        const { data, error } = await attempt;
        expect(error !== null || (data ?? []).length === 0, `${view}: ${JSON.stringify(data)}`).toBe(true);
      }
    }
    expect(await seen()).toEqual(before);
  });

  it('keeps the tax ID and payout details to their owner and admins', async () => {
    for (const actor of ['anon', 'creatorB', 'brandA', 'brandB'] as Actor[]) {
      const { data } = await clientOf(actor).from('payout_accounts').select('*');
      expect(data ?? [], actor).toEqual([]);
    }
    expect((await creatorA.client.from('payout_accounts').select('tax_id').single()).data).toEqual({ tax_id: '1234567890121' });
    expect((await admin.client.from('payout_accounts').select('tax_id').eq('creator_id', creatorA.id).single()).data).toEqual({ tax_id: '1234567890121' });
  });

  const moneyCalls: [string, () => Record<string, unknown>][] = [
    ['close_month', () => ({ p_month: '2020-01-01' })],
    ['mark_payout_paid', () => ({ p_payout_id: ids.payout, p_reference: 'x', p_paid_on: '2026-11-01' })],
    ['mark_invoice_paid', () => ({ p_brand_id: brandB.id, p_month: '2020-01-01', p_reference: 'x', p_paid_on: '2026-11-01' })],
    ['pnd3_rows', () => ({ p_month: '2026-11-01' })],
    ['close_due_months', () => ({})],
  ];
  it.each((['anon', 'creatorA', 'creatorB', 'brandA', 'brandB'] as Actor[]).flatMap((actor) => moneyCalls.map(([name, args]) => [actor, name, args] as const)))(
    '%s calling %s is refused and changes nothing',
    async (actor, name, args) => {
      ids.payout ??= (await service.from('payouts').select('id').limit(1).single()).data!.id;
      const before = await Promise.all(moneyTables.map((table) => snapshot(table)));
      const { error } = await clientOf(actor).rpc(name, args());
      expect(error).not.toBeNull();
      expect(await Promise.all(moneyTables.map((table) => snapshot(table)))).toEqual(before);
    },
  );
});
