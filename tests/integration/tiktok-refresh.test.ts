/**
 * tiktok-refresh (ledger rule 2) against the TikTok sandbox: the scheduler's call re-measures
 * the videos that are due and appends a snapshot each; gone and private videos become
 * unavailable after two checks; the Display API serves connected creators in batches of 20; a
 * 429 is retried, then the video is left for the next run; demo rows are never re-measured;
 * only the scheduler (service role) or an admin (one video) may call it. The TikTok requests
 * the function makes pass through a recording fetch that a test can answer in TikTok's place.
 */
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRefresh } from '../../server/functions/scheduled';
import { functionEnvAllowList, functionHandlers, functionsWithoutJwt } from '../../server/functions/registry';
import { sandboxCounts } from '../../server/tiktok-sandbox/data';
import { createTikTokRefresh, tiktokRefreshEnv, type RefreshSummary } from '../../supabase/functions/_shared/tiktok-refresh';
import { decryptSecret } from '../../supabase/functions/_shared/secrets';
import { startBackend, type TestBackend } from './helpers/backend';
import { connectInSandbox, giveTokens, newTokenKey, testVault } from './helpers/tiktok';
import { createUser, type TestUser } from './helpers/users';

const hourMs = 3_600_000;

type TikTokRequest = { method: string; path: string; authorization: string | null };

/** Every request the function sends towards TikTok (here, the sandbox), in order. */
const tiktokRequests: TikTokRequest[] = [];
/** A test's stand-in answer for a request, or undefined to let the sandbox answer. */
let answerInstead: ((request: TikTokRequest) => Response | undefined) | undefined;

const recordingFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const request = { method: init?.method ?? 'GET', path: url.pathname, authorization: new Headers(init?.headers).get('authorization') };
  tiktokRequests.push(request);
  return answerInstead?.(request) ?? fetch(input, init);
};

const tokenKey = newTokenKey();
const variants = ['tiktok-refresh-out-of-time', 'tiktok-refresh-short-budget'];
let backend: TestBackend;
let service: SupabaseClient;
let creator: TestUser, brand: TestUser, admin: TestUser;

beforeAll(async () => {
  // The variant that reaches the sandbox reads what tiktok-refresh reads; the variants are
  // deployed as tiktok-refresh is, without the JWT check (the secret key is not a JWT).
  functionEnvAllowList['tiktok-refresh-short-budget'] = tiktokRefreshEnv;
  (functionsWithoutJwt as string[]).push(...variants);
  backend = await startBackend({
    env: { TOKEN_ENCRYPTION_KEY: tokenKey },
    functionFetch: recordingFetch,
    // TikTok's backoff is 1 s, 2 s, 4 s; the test waits milliseconds.
    functions: {
      ...functionHandlers,
      'tiktok-refresh': createTikTokRefresh({ retryBaseMs: 5 }),
      // The same function out of time from the start, as when a run reaches its time budget.
      'tiktok-refresh-out-of-time': createTikTokRefresh({ timeBudgetMs: 0 }),
      // TikTok's real backoff, inside a budget it would overrun.
      'tiktok-refresh-short-budget': createTikTokRefresh({ retryBaseMs: 60_000, timeBudgetMs: 5_000 }),
    },
  });
  service = backend.service();
  [creator, brand, admin] = await Promise.all([createUser(backend, 'creator'), createUser(backend, 'brand'), createUser(backend, 'admin')]);
}, 60_000);
afterAll(async () => {
  delete functionEnvAllowList['tiktok-refresh-short-budget'];
  for (const name of variants) (functionsWithoutJwt as string[]).splice(functionsWithoutJwt.indexOf(name), 1);
  await backend?.stop();
});
beforeEach(async () => {
  tiktokRequests.length = 0;
  answerInstead = undefined;
  // The scheduler's call measures every due video, and a run counts the measurements of the last
  // minute: each test starts with no video (nor measurement) another test left behind.
  await backend.server.db.query('delete from public.tiktok_videos');
});

let sequence = 0;

/**
 * A TikTok id posted `hoursAgo` hours ago, plus half an hour: the sandbox's counts change on
 * whole hours since posting, so they hold still while a test runs. `ending` picks the last
 * three digits (404 gone, 403 private, 503 page blocked in the sandbox).
 */
function postedId(hoursAgo: number, ending = '100'): string {
  sequence += 1;
  const seconds = BigInt(Math.floor((Date.now() - hoursAgo * hourMs - hourMs / 2) / 1000));
  const base = (seconds << 32n) + BigInt(sequence) * 1000n;
  return (base - (base % 1000n) + BigInt(ending)).toString().padStart(19, '0');
}

type Added = { id: string; videoId: string; counts: ReturnType<typeof sandboxCounts> };

/**
 * Videos as tiktok-scraper stores them, measured by the sandbox `checkedHoursAgo` hours ago
 * (their first snapshot, written by the database on insert).
 */
async function addVideos(owner: TestUser, videos: { videoId: string; checkedHoursAgo: number; demo?: boolean }[]): Promise<Added[]> {
  const rows = videos.map(({ videoId, checkedHoursAgo, demo = false }) => {
    const checkedAt = Date.now() - checkedHoursAgo * hourMs;
    const counts = sandboxCounts(videoId, checkedAt);
    return {
      user_id: owner.id,
      video_id: videoId,
      share_url: `https://www.tiktok.com/@nok/video/${videoId}`,
      author_username: 'nok',
      view_count: counts.views,
      like_count: counts.likes,
      comment_count: counts.comments,
      share_count: counts.shares,
      metrics_source: demo ? 'demo' : 'sandbox',
      is_demo: demo,
      metrics_updated_at: new Date(checkedAt).toISOString(),
    };
  });
  const { data, error } = await service.from('tiktok_videos').insert(rows).select('id, video_id, view_count, like_count, comment_count, share_count');
  expect(error).toBeNull();
  return videos.map(({ videoId }) => {
    const row = data!.find((candidate) => candidate.video_id === videoId)!;
    return { id: row.id, videoId, counts: { views: row.view_count, likes: row.like_count, comments: row.comment_count, shares: row.share_count } };
  });
}

const addVideo = async (owner: TestUser, videoId: string, checkedHoursAgo: number) => (await addVideos(owner, [{ videoId, checkedHoursAgo }]))[0];

type Answer = RefreshSummary | { code: string; error: string };

/** A call of tiktok-refresh through supabase-js: its status and answer. */
async function refresh(client: SupabaseClient, body?: Record<string, unknown>): Promise<{ status: number; answer: Answer }> {
  const { data, error } = await client.functions.invoke('tiktok-refresh', body ? { body } : {});
  if (error instanceof FunctionsHttpError) return { status: error.context.status, answer: await error.context.json() };
  if (error) throw error;
  return { status: 200, answer: data as Answer };
}

const snapshotsOf = async (id: string) =>
  (
    await service
      .from('video_snapshots')
      .select('measured_at, available, view_count, like_count, comment_count, share_count, source')
      .eq('tiktok_video_id', id)
      .order('measured_at')
      .order('id')
  ).data!;

const videoRow = async (id: string) =>
  (await service.from('tiktok_videos').select('view_count, like_count, comment_count, share_count, metrics_source, checked_at, availability, window_views').eq('id', id).single()).data!;

const dueIds = async () => ((await service.rpc('videos_due_for_refresh')).data as { id: string }[]).map((row) => row.id);

const pageRequestsFor = (videoId: string) => tiktokRequests.filter((request) => request.path.endsWith(`/video/${videoId}`));
const videoQueries = () => tiktokRequests.filter((request) => request.path.endsWith('/open.tiktokapis.com/v2/video/query/'));

describe('the scheduled refresh', () => {
  it('re-measures each due video once, as the local timer calls it, and the video takes the new counts', async () => {
    const [early, late, fresh, old] = await addVideos(creator, [
      // Two days old, last checked 7 hours ago: due (every 6 hours in the first week).
      { videoId: postedId(50), checkedHoursAgo: 7 },
      // Ten days old, checked 25 hours ago: due (every 24 hours after the first week).
      { videoId: postedId(240), checkedHoursAgo: 25 },
      // Checked a moment ago: not due.
      { videoId: postedId(2), checkedHoursAgo: 0 },
      // Forty days old: its counting window is over, so it is not re-measured.
      { videoId: postedId(960), checkedHoursAgo: 48 },
    ]);
    expect(await dueIds()).toEqual(expect.arrayContaining([early.id, late.id]));
    expect(await dueIds()).not.toContain(fresh.id);
    expect(await dueIds()).not.toContain(old.id);

    const before = new Date();
    const summary = await callRefresh((request) => fetch(request), backend.url, backend.serviceKey);
    const after = new Date();
    expect(summary).toEqual({ refreshed: 2, unavailable: 0, failed: 0, skipped: 0 });

    for (const video of [early, late]) {
      const now = sandboxCounts(video.videoId);
      // The sandbox's counts grow with time: a later measurement finds more views.
      expect(now.views).toBeGreaterThan(video.counts.views);
      const snapshots = await snapshotsOf(video.id);
      expect(snapshots).toHaveLength(2);
      expect(snapshots[1]).toMatchObject({ available: true, view_count: now.views, like_count: now.likes, comment_count: now.comments, share_count: now.shares, source: 'sandbox' });
      const measuredAt = new Date(snapshots[1].measured_at).getTime();
      expect(measuredAt).toBeGreaterThanOrEqual(before.getTime());
      expect(measuredAt).toBeLessThanOrEqual(after.getTime());
      expect(await videoRow(video.id)).toMatchObject({ view_count: now.views, like_count: now.likes, metrics_source: 'sandbox', availability: 'live', window_views: now.views });
    }
    for (const video of [fresh, old]) expect(await snapshotsOf(video.id)).toHaveLength(1);
    // Measured now, so no longer due.
    expect(await dueIds()).not.toContain(early.id);
    expect(pageRequestsFor(fresh.videoId)).toEqual([]);
  });

  it('finds gone and private videos unavailable after two checks, and keeps their counted views', async () => {
    const [gone, hidden] = await addVideos(creator, [
      { videoId: postedId(30, '404'), checkedHoursAgo: 7 },
      { videoId: postedId(30, '403'), checkedHoursAgo: 7 },
    ]);
    const first = await refresh(service);
    expect(first).toEqual({ status: 200, answer: { refreshed: 0, unavailable: 2, failed: 0, skipped: 0 } });
    for (const video of [gone, hidden]) {
      // One failed check could be TikTok having a bad moment: the video is still live.
      expect(await videoRow(video.id)).toMatchObject({ availability: 'live', view_count: video.counts.views, window_views: video.counts.views });
    }
    // Checked a moment ago, so not due again: the second check is asked for by id.
    expect(await refresh(service, { ids: [gone.id, hidden.id] })).toEqual({ status: 200, answer: { refreshed: 0, unavailable: 2, failed: 0, skipped: 0 } });
    for (const video of [gone, hidden]) {
      expect(await videoRow(video.id)).toMatchObject({ availability: 'unavailable', view_count: video.counts.views, metrics_source: 'sandbox', window_views: video.counts.views });
      const snapshots = await snapshotsOf(video.id);
      expect(snapshots.map((snapshot) => snapshot.available)).toEqual([true, false, false]);
      expect(snapshots[2]).toMatchObject({ view_count: null, like_count: null, comment_count: null, share_count: null, source: 'sandbox' });
      expect(await dueIds()).not.toContain(video.id);
    }
  });

  it('uses the Display API for a connected creator, 20 videos a request, and the page for what it does not return', async () => {
    const connected = await createUser(backend, 'creator');
    await connectInSandbox(backend, connected, 'connected.creator');
    const { access_token_enc: sealed } = (await service.from('tiktok_tokens').select('access_token_enc').eq('user_id', connected.id).single()).data!;
    const accessToken = await decryptSecret((await testVault(tokenKey)).key, sealed);
    const owned = await addVideos(connected, Array.from({ length: 21 }, () => ({ videoId: postedId(20), checkedHoursAgo: 8 })));
    // The API returns only live posts: a deleted one is missing, and its page says it is gone.
    const deleted = await addVideo(connected, postedId(20, '404'), 8);
    // A creator whose tokens TikTok no longer takes is measured from the page.
    const lapsed = await createUser(backend, 'creator');
    await giveTokens(service, tokenKey, lapsed.id, { accessToken: 'act.sandbox.lapsed', refreshToken: 'rft.sandbox.lapsed', expiresIn: -3600 });
    const lapsedVideo = await addVideo(lapsed, postedId(20), 8);

    expect((await refresh(service)).answer).toEqual({ refreshed: 22, unavailable: 1, failed: 0, skipped: 0 });
    expect(videoQueries()).toHaveLength(2);
    expect(videoQueries().every((request) => request.authorization === `Bearer ${accessToken}`)).toBe(true);
    expect(tiktokRequests.some((request) => request.authorization?.includes('lapsed'))).toBe(false);
    for (const video of owned) expect(pageRequestsFor(video.videoId)).toEqual([]);
    expect(pageRequestsFor(deleted.videoId)).toHaveLength(1);
    expect(pageRequestsFor(lapsedVideo.videoId)).toHaveLength(1);
    expect(await videoRow(owned[20].id)).toMatchObject({ view_count: sandboxCounts(owned[20].videoId).views });
    expect((await snapshotsOf(deleted.id)).at(-1)).toMatchObject({ available: false });
  });

  it('retries a 429 with backoff, then leaves the video without a snapshot for the next run', async () => {
    const limited = await addVideo(creator, postedId(12), 7);
    answerInstead = (request) => (request.path.endsWith(`/video/${limited.videoId}`) ? new Response('Too many requests', { status: 429 }) : undefined);
    expect((await refresh(service, { ids: [limited.id] })).answer).toEqual({ refreshed: 0, unavailable: 0, failed: 1, skipped: 0 });
    // The first try and three retries.
    expect(pageRequestsFor(limited.videoId)).toHaveLength(4);
    expect(await snapshotsOf(limited.id)).toHaveLength(1);
    expect(await dueIds()).toContain(limited.id);

    // A limit that lifts after one retry costs nothing.
    tiktokRequests.length = 0;
    answerInstead = (request) =>
      request.path.endsWith(`/video/${limited.videoId}`) && pageRequestsFor(limited.videoId).length === 1 ? new Response('Too many requests', { status: 429 }) : undefined;
    expect((await refresh(service, { ids: [limited.id] })).answer).toEqual({ refreshed: 1, unavailable: 0, failed: 0, skipped: 0 });
    expect(pageRequestsFor(limited.videoId)).toHaveLength(2);
    expect(await snapshotsOf(limited.id)).toHaveLength(2);
  });

  it('counts a blocked page as failed, not unavailable, when oEmbed still knows the video', async () => {
    const blocked = await addVideo(creator, postedId(12, '503'), 7);
    expect((await refresh(service, { ids: [blocked.id] })).answer).toEqual({ refreshed: 0, unavailable: 0, failed: 1, skipped: 0 });
    expect(tiktokRequests.some((request) => request.path.endsWith('/www.tiktok.com/oembed'))).toBe(true);
    expect(await snapshotsOf(blocked.id)).toHaveLength(1);
    expect(await videoRow(blocked.id)).toMatchObject({ availability: 'live' });
  });

  it('starts no measurement once its time is up, and leaves the videos due for the next run', async () => {
    const waiting = await addVideo(creator, postedId(12), 7);
    const { data } = await service.functions.invoke('tiktok-refresh-out-of-time', { body: { ids: [waiting.id] } });
    expect(data).toEqual({ refreshed: 0, unavailable: 0, failed: 1, skipped: 0 });
    expect(tiktokRequests).toEqual([]);
    expect(await snapshotsOf(waiting.id)).toHaveLength(1);
    expect(await dueIds()).toContain(waiting.id);
  });

  it('gives up a wait that would overrun its time budget, and keeps what it measured', async () => {
    const [quick, limited] = await addVideos(creator, [
      { videoId: postedId(12), checkedHoursAgo: 7 },
      { videoId: postedId(12), checkedHoursAgo: 7 },
    ]);
    answerInstead = (request) => (request.path.endsWith(`/video/${limited.videoId}`) ? new Response('Too many requests', { status: 429 }) : undefined);
    const started = Date.now();
    const { data } = await service.functions.invoke('tiktok-refresh-short-budget', { body: { ids: [quick.id, limited.id] } });
    expect(data).toEqual({ refreshed: 1, unavailable: 0, failed: 1, skipped: 0 });
    // Not the 60 s TikTok's backoff asks for.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await snapshotsOf(quick.id)).toHaveLength(2);
    expect(await snapshotsOf(limited.id)).toHaveLength(1);
  });

  it('never re-measures demo videos: skipped by id, and never due', async () => {
    const [demo] = await addVideos(creator, [{ videoId: postedId(50), checkedHoursAgo: 30, demo: true }]);
    expect(await dueIds()).not.toContain(demo.id);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await refresh(service, { ids: [demo.id, unknown] })).answer).toEqual({ refreshed: 0, unavailable: 0, failed: 0, skipped: 2 });
    expect(tiktokRequests).toEqual([]);
    expect(await snapshotsOf(demo.id)).toHaveLength(1);
  });
});

describe('who may refresh', () => {
  let video: Added;
  beforeEach(async () => {
    video = await addVideo(creator, postedId(5), 1);
  });

  it('refuses creators and brands, the video’s owner included', async () => {
    for (const user of [creator, brand]) {
      expect(await refresh(user.client, { ids: [video.id] })).toEqual({
        status: 403,
        answer: { code: 'refresh_forbidden', error: 'Only the scheduler or an admin can refresh counts' },
      });
      expect(await refresh(user.client)).toMatchObject({ status: 403, answer: { code: 'refresh_forbidden' } });
    }
    expect(tiktokRequests).toEqual([]);
    expect(await snapshotsOf(video.id)).toHaveLength(1);
  });

  it('asks a signed-out caller to sign in', async () => {
    expect(await refresh(backend.client(), { ids: [video.id] })).toMatchObject({ status: 401, answer: { code: 'auth_required' } });
  });

  it('lets an admin refresh one video, but not several, nor the whole due list', async () => {
    expect(await refresh(admin.client, { ids: [video.id] })).toEqual({ status: 200, answer: { refreshed: 1, unavailable: 0, failed: 0, skipped: 0 } });
    expect(await snapshotsOf(video.id)).toHaveLength(2);
    const other = await addVideo(creator, postedId(5), 1);
    expect(await refresh(admin.client, { ids: [video.id, other.id] })).toMatchObject({ status: 403, answer: { code: 'refresh_forbidden' } });
    expect(await refresh(admin.client)).toMatchObject({ status: 403, answer: { code: 'refresh_forbidden' } });
    expect(await snapshotsOf(other.id)).toHaveLength(1);
  });

  it('refuses a malformed body and other methods', async () => {
    for (const body of [{ ids: ['not-a-uuid'] }, { ids: [] }, { ids: Array.from({ length: 1001 }, () => video.id) }, { ids: video.id }]) {
      expect(await refresh(service, body)).toMatchObject({ status: 400, answer: { code: 'bad_request' } });
    }
    const response = await fetch(`${backend.url}/functions/v1/tiktok-refresh`, { headers: { Authorization: `Bearer ${backend.serviceKey}` } });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ code: 'method_not_allowed' });
    const invalid = await fetch(`${backend.url}/functions/v1/tiktok-refresh`, { method: 'POST', headers: { Authorization: `Bearer ${backend.serviceKey}` }, body: '{"ids": [' });
    expect(invalid.status).toBe(400);
    expect(await snapshotsOf(video.id)).toHaveLength(1);
  });
});

describe("TikTok's 600 requests a minute", () => {
  it('counts what earlier runs measured this minute: a run right after a full minute sends nothing and leaves the video due', async () => {
    const busy = await addVideo(creator, postedId(30), 2);
    // Measured a moment ago: still inside the minute when the run starts, however long writing them takes.
    const earlier = new Date(Date.now() - 1_000).toISOString();
    const rows = Array.from({ length: 600 }, () => ({ tiktok_video_id: busy.id, measured_at: earlier, view_count: 1, like_count: 0, comment_count: 0, share_count: 0, source: 'sandbox' }));
    // By requests of 100: each measurement runs every trigger, and a request stays inside the statement timeout.
    for (let from = 0; from < rows.length; from += 100) {
      expect((await service.from('video_snapshots').insert(rows.slice(from, from + 100))).error).toBeNull();
    }
    const waiting = await addVideo(creator, postedId(12), 7);
    tiktokRequests.length = 0;
    const { data } = await service.functions.invoke('tiktok-refresh-short-budget', { body: { ids: [waiting.id] } });
    expect(data).toEqual({ refreshed: 0, unavailable: 0, failed: 1, skipped: 0 });
    expect(tiktokRequests).toEqual([]);
    expect(await dueIds()).toContain(waiting.id);
  }, 60_000); // 600 measurements of one video go in through every trigger first: about 20 s on a busy machine
});
