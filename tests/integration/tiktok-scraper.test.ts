/**
 * The tiktok-scraper function through the SPA's own add-video call (features/videos/api),
 * with TikTok's documented answers replayed by msw (no sandbox: the backend runs as if
 * TikTok keys were configured). What was stored is read back through the SPA's video list.
 * Crafted requests the SPA never sends (another user's id, no session, a URL or a duplicate
 * the SPA already turns away, a malformed body) go raw, to prove the function refuses them too.
 * At the end, tiktok-refresh re-measures videos added the same way, against the same TikTok answers.
 */
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { joinOpportunity } from '@/features/opportunities/api/join-opportunity';
import { addVideo, type AddVideoInput } from '@/features/videos/api/add-video';
import { getVideos } from '@/features/videos/api/get-videos';
import { AppError } from '@/lib/errors';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs, lastStatus } from './helpers/spa';
import { giveTokens, newTokenKey } from './helpers/tiktok';
import { createUser, type TestUser } from './helpers/users';

const testApp = { clientKey: 'test-client-key', clientSecret: 'test-client-secret' };
const tokenKey = newTokenKey();
let backend: TestBackend;
let service: SupabaseClient;
let creator: TestUser, brand: TestUser;
let openBrief: string;
const offsiteHits: string[] = [];

const videoId = (n: number) => String(7431200000000000000n + BigInt(n));
const videoUrl = (n: number) => `https://www.tiktok.com/@nok.dances/video/${videoId(n)}`;

// TikTok as the reference describes it; individual tests override pieces.
const tiktok = setupServer(
  http.get('https://www.tiktok.com/oembed', ({ request }) => {
    const url = new URL(request.url).searchParams.get('url')!;
    return HttpResponse.json({
      version: '1.0',
      type: 'video',
      title: `Caption of ${url.split('/').pop()}`,
      author_url: 'https://www.tiktok.com/@nok.dances',
      author_name: 'Nok',
      author_unique_id: 'nok.dances',
      thumbnail_url: 'https://p16-sign-sg.tiktokcdn.com/obj/cover.jpeg',
      provider_name: 'TikTok',
    });
  }),
  http.get('https://www.tiktok.com/:user/video/:id', ({ params }) =>
    HttpResponse.text(
      `<html><script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">${JSON.stringify({
        __DEFAULT_SCOPE__: {
          'webapp.video-detail': {
            statusCode: 0,
            itemInfo: { itemStruct: { id: params.id, stats: { playCount: 4200, diggCount: 310, commentCount: 12, shareCount: 7 } } },
          },
        },
      })}</script></html>`,
      { headers: { 'Content-Type': 'text/html' } },
    ),
  ),
  http.post('https://open.tiktokapis.com/v2/video/query/', async ({ request }) => {
    if (request.headers.get('authorization') !== 'Bearer act.valid') {
      return HttpResponse.json({ data: {}, error: { code: 'access_token_invalid', message: 'invalid', log_id: 'x' } }, { status: 401 });
    }
    const body = (await request.json()) as { filters: { video_ids: string[] } };
    return HttpResponse.json({
      data: {
        videos: body.filters.video_ids.map((id) => ({ id, title: 'From the API', cover_image_url: 'https://p16.tiktokcdn.com/api-cover.jpeg', view_count: 98765, like_count: 4321, comment_count: 210, share_count: 99 })),
      },
      error: { code: 'ok', message: '', log_id: 'x' },
    });
  }),
  http.get('https://vm.tiktok.com/:code', ({ params }) =>
    params.code === 'ZMoffsite'
      ? new HttpResponse(null, { status: 301, headers: { Location: 'https://evil.example/collect' } })
      : new HttpResponse(null, { status: 301, headers: { Location: `https://www.tiktok.com/@nok.dances/video/${videoId(900)}?_r=1` } }),
  ),
  http.all('https://evil.example/*', ({ request }) => {
    offsiteHits.push(request.url);
    return HttpResponse.text('gotcha');
  }),
);

beforeAll(async () => {
  // Only the backend itself may be reached without a handler: any other host fails the test.
  tiktok.listen({
    onUnhandledRequest(request, print) {
      if (!['127.0.0.1', 'localhost'].includes(new URL(request.url).hostname)) print.error();
    },
  });
  backend = await startBackend({
    env: { TIKTOK_CLIENT_KEY: testApp.clientKey, TIKTOK_CLIENT_SECRET: testApp.clientSecret, TOKEN_ENCRYPTION_KEY: tokenKey },
    functionSettings: { TIKTOK_TIMEOUT_MS: '300' },
  });
  service = backend.service();
  [creator, brand] = await Promise.all([createUser(backend, 'creator'), createUser(backend, 'brand')]);
  const { data } = await service.from('brand_briefs').insert({ brand_id: brand.id, title: 'Launch', description: 'Show the launch', created_at: '2024-01-01T00:00:00Z' }).select('id').single();
  openBrief = data!.id;
}, 60_000);
afterEach(() => tiktok.resetHandlers());
afterAll(async () => {
  tiktok.close();
  await backend?.stop();
});

const scraper = '/functions/v1/tiktok-scraper';

/** The video as the user's My Videos list shows it. */
async function listed(user: TestUser, id: string) {
  await actAs(backend, user);
  const { data } = await getVideos({ ownerId: user.id, owner: 'creator', page: 1, pageSize: 100 });
  return data.find((video) => video.video_id === id);
}

/** The Add Video form's call as `user`, and the stored video `id` as the user's list then shows it. */
async function add(user: TestUser, input: AddVideoInput, id: string) {
  await actAs(backend, user);
  const result = await addVideo(input);
  expect(lastStatus(scraper)).toBe(200);
  return { result, video: await listed(user, id) };
}

/** The SPA's add-video call as `user` (or signed out), refused: the AppError it gave. */
async function refusal(user: TestUser | undefined, input: AddVideoInput): Promise<AppError> {
  await actAs(backend, user);
  const error = await addVideo(input).then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error, 'the call should have been refused').toBeInstanceOf(AppError);
  return error as AppError;
}

type Answer = { success: boolean; error: string | null; code?: string; video?: Record<string, unknown>; isEstimated?: boolean; source?: string };

/** A crafted request straight to the function, with a body the SPA would not send. */
async function send(client: SupabaseClient, body: Record<string, unknown>): Promise<{ status: number; answer: Answer }> {
  const { data, error } = await client.functions.invoke('tiktok-scraper', { body });
  if (error instanceof FunctionsHttpError) return { status: error.context.status, answer: await error.context.json() };
  if (error) throw error;
  return { status: 200, answer: data as Answer };
}

const videosOf = async (user: TestUser) => (await service.from('tiktok_videos').select('video_id, view_count, is_estimated').eq('user_id', user.id).order('video_id')).data!;

describe('adding a video', () => {
  it('takes title, thumbnail and author from oEmbed and counts from the public page', async () => {
    const { result, video } = await add(creator, { url: `${videoUrl(1)}?is_from_webapp=1` }, videoId(1));
    expect(result).toEqual({ isEstimated: false, source: 'page', userId: creator.id });
    expect(video).toMatchObject({
      user_id: creator.id,
      video_id: videoId(1),
      share_url: videoUrl(1),
      title: `Caption of ${videoId(1)}`,
      description: `Caption of ${videoId(1)}`,
      thumbnail_url: 'https://p16-sign-sg.tiktokcdn.com/obj/cover.jpeg',
      author_username: 'nok.dances',
      view_count: 4200,
      like_count: 310,
      comment_count: 12,
      share_count: 7,
      metrics_source: 'page',
      is_estimated: false,
    });
  });

  it('answers with success, error, video and isEstimated (spec §7), of which the SPA reads a part', async () => {
    const { status, answer } = await send(creator.client, { url: videoUrl(7), userId: creator.id, customTitle: null, brandId: null, brandBriefId: null, thumbnailUrl: null });
    expect(status).toBe(200);
    expect(answer).toMatchObject({ success: true, error: null, isEstimated: false, source: 'page' });
    expect(answer.video).toMatchObject({ user_id: creator.id, video_id: videoId(7), view_count: 4200, metrics_source: 'page' });
  });

  it('keeps the caller’s title, or gives the default title when TikTok has no caption', async () => {
    expect((await add(creator, { url: videoUrl(2), customTitle: '  My launch video  ' }, videoId(2))).video).toMatchObject({ title: 'My launch video' });
    // The function trims a title itself, too (a crafted request: the SPA trims before sending).
    expect((await send(creator.client, { url: videoUrl(6), customTitle: '  Raw title  ' })).answer.video).toMatchObject({ title: 'Raw title' });
    tiktok.use(http.get('https://www.tiktok.com/oembed', () => HttpResponse.json({ version: '1.0', type: 'video', author_unique_id: 'nok.dances' })));
    expect((await add(creator, { url: videoUrl(3) }, videoId(3))).video).toMatchObject({ title: 'TikTok Video #74312000' });
  });

  it('uses the Display API when the creator connected TikTok and owns the video', async () => {
    const connected = await createUser(backend, 'creator');
    await giveTokens(service, tokenKey, connected.id, { accessToken: 'act.valid', refreshToken: 'rft.valid' }, testApp);
    const { result, video } = await add(connected, { url: videoUrl(4) }, videoId(4));
    expect(result).toMatchObject({ isEstimated: false, source: 'display_api' });
    expect(video).toMatchObject({ view_count: 98765, like_count: 4321, comment_count: 210, share_count: 99, thumbnail_url: 'https://p16.tiktokcdn.com/api-cover.jpeg', metrics_source: 'display_api' });
  });

  it('stores an honest estimate — the median of the creator’s measured videos — when TikTok fails', async () => {
    const estimator = await createUser(backend, 'creator');
    for (const [n, views] of [[11, 100], [12, 300], [13, 1000]] as const) {
      await service.from('tiktok_videos').insert({ user_id: estimator.id, video_id: videoId(n), share_url: videoUrl(n), view_count: views, like_count: views / 10, metrics_source: 'page' });
    }
    tiktok.use(http.get('https://www.tiktok.com/:user/video/:id', () => new HttpResponse('Access denied', { status: 403 })));
    const { result, video } = await add(estimator, { url: videoUrl(14) }, videoId(14));
    expect(result).toMatchObject({ isEstimated: true, source: 'estimate' });
    expect(video).toMatchObject({ view_count: 300, like_count: 30, is_estimated: true, metrics_source: 'estimate' });
  });

  it('estimates zero for a creator with no measured videos, also when TikTok times out', async () => {
    const newcomer = await createUser(backend, 'creator');
    tiktok.use(
      http.get('https://www.tiktok.com/oembed', async () => {
        await delay(2000);
        return HttpResponse.json({});
      }),
      http.get('https://www.tiktok.com/:user/video/:id', async () => {
        await delay(2000);
        return HttpResponse.text('late');
      }),
    );
    const { result, video } = await add(newcomer, { url: videoUrl(15) }, videoId(15));
    expect(result).toMatchObject({ isEstimated: true, source: 'estimate' });
    expect(video).toMatchObject({ view_count: 0, title: 'TikTok Video #74312000', thumbnail_url: null, is_estimated: true });
  });

  it('resolves a short link that stays on TikTok', async () => {
    const { result, video } = await add(creator, { url: 'https://vm.tiktok.com/ZMshort01/' }, videoId(900));
    expect(result).toMatchObject({ isEstimated: false });
    expect(video).toMatchObject({ video_id: videoId(900), share_url: `https://www.tiktok.com/@nok.dances/video/${videoId(900)}` });
  });

  it('links to a brief the creator joined, taking the brand from the brief; a brand alone is a pitch', async () => {
    const joiner = await createUser(backend, 'creator');
    await actAs(backend, joiner);
    await joinOpportunity({ briefId: openBrief, isCreator: true });
    expect((await add(joiner, { url: videoUrl(20), brandBriefId: openBrief }, videoId(20))).video).toMatchObject({ brand_brief_id: openBrief, brand_id: brand.id, is_pitch: false });
    expect((await add(joiner, { url: videoUrl(21), brandId: brand.id }, videoId(21))).video).toMatchObject({ brand_id: brand.id, brand_brief_id: null, is_pitch: true });
  });
});

describe('refusals leave the database unchanged', () => {
  const count = async () => (await service.from('tiktok_videos').select('id', { count: 'exact', head: true })).count;
  let before: number | null;
  /** A creator who already added videoUrl(1). */
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createUser(backend, 'creator');
    await add(owner, { url: videoUrl(1) }, videoId(1));
  });
  beforeEach(async () => {
    before = await count();
  });
  afterEach(async () => {
    expect(await count()).toBe(before);
  });

  /** The function's refusal of a crafted request: its HTTP status, code and (when given) text. */
  async function refusedRaw(client: SupabaseClient, body: Record<string, unknown>, status: number, code: string, error?: string) {
    const result = await send(client, body);
    expect(result.status).toBe(status);
    expect(result.answer).toMatchObject({ success: false, code, ...(error ? { error } : {}) });
  }

  it('without a session: the SPA asks to sign in; the function answers Authentication required', async () => {
    expect((await refusal(undefined, { url: videoUrl(30) })).code).toBe('not_signed_in_add_video');
    expect(lastStatus(scraper), 'the SPA does not call the function').toBeUndefined();
    await refusedRaw(backend.client(), { url: videoUrl(30) }, 401, 'auth_required', 'Authentication required');
  });

  it('a URL with no video id: Invalid TikTok URL, in the SPA and in the function', async () => {
    for (const url of ['https://www.tiktok.com/@nok.dances', 'https://tiktok.com.evil.example/@a/video/7431200000000000031', 'javascript:alert(1)', '']) {
      expect((await refusal(creator, { url })).code).toBe('invalid_url');
      expect(lastStatus(scraper), 'the link never leaves the SPA').toBeUndefined();
      await refusedRaw(creator.client, { url }, 400, 'invalid_url', 'Invalid TikTok URL');
    }
  });

  it('a duplicate for the same user, in the SPA and in the function', async () => {
    expect((await refusal(owner, { url: videoUrl(1) })).code).toBe('duplicate');
    expect(lastStatus(scraper), 'the SPA finds the copy itself').toBeUndefined();
    await refusedRaw(owner.client, { url: videoUrl(1) }, 409, 'duplicate', 'This video has already been added to your collection');
  });

  it('another user’s userId (a crafted request: the SPA always sends the caller’s)', async () => {
    await refusedRaw(creator.client, { url: videoUrl(31), userId: brand.id }, 403, 'other_user');
  });

  it('a brief the creator has not joined, a brief or brand that does not exist', async () => {
    expect(await refusal(creator, { url: videoUrl(32), brandBriefId: openBrief })).toMatchObject({ code: 'opportunity_not_joined', detail: 'Join this opportunity before adding videos to it' });
    expect(lastStatus(scraper)).toBe(403);
    expect((await refusal(creator, { url: videoUrl(33), brandBriefId: '00000000-0000-4000-8000-000000000000' })).code).toBe('opportunity_not_found');
    expect(lastStatus(scraper)).toBe(404);
    expect((await refusal(creator, { url: videoUrl(34), brandId: creator.id })).code).toBe('brand_not_found');
    expect(lastStatus(scraper)).toBe(404);
  });

  it('a video TikTok says is gone or private', async () => {
    tiktok.use(http.get('https://www.tiktok.com/oembed', () => HttpResponse.json({ code: 400, message: 'Something went wrong' }, { status: 400 })));
    expect((await refusal(creator, { url: videoUrl(35) })).code).toBe('video_unavailable');
    expect(lastStatus(scraper)).toBe(404);
  });

  it('a short link that redirects off TikTok, without fetching where it points', async () => {
    expect((await refusal(creator, { url: 'https://vm.tiktok.com/ZMoffsite/' })).code).toBe('short_link_offsite');
    expect(lastStatus(scraper)).toBe(400);
    expect(offsiteHits).toEqual([]);
  });

  it('a body that is not the payload', async () => {
    const response = await fetch(`${backend.url}/functions/v1/tiktok-scraper`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${(await creator.client.auth.getSession()).data.session!.access_token}`, 'Content-Type': 'application/json' },
      body: '{"url": 42}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: 'bad_request' });
  });
});

it('every video above is in the database exactly once', async () => {
  const rows = await videosOf(creator);
  expect(new Set(rows.map((row) => row.video_id)).size).toBe(rows.length);
});

describe('re-measuring with tiktok-refresh, against TikTok itself', () => {
  /**
   * Videos of a new creator, stored as the add-video call above stores them (counts from the page;
   * `connected`: a creator with tokens, measured by the Display API): the tiktok_videos ids, as
   * the scheduler would pass them.
   */
  const stored = async (ns: number[], { connected = false } = {}) => {
    const owner = await createUser(backend, 'creator');
    if (connected) await giveTokens(service, tokenKey, owner.id, { accessToken: 'act.valid', refreshToken: 'rft.valid' }, testApp);
    for (const n of ns) await add(owner, { url: videoUrl(n) }, videoId(n));
    const { data } = await service.from('tiktok_videos').select('id, video_id').eq('user_id', owner.id);
    return ns.map((n) => data!.find((row) => row.video_id === videoId(n))!.id);
  };
  const latestSnapshot = async (rowId: string) =>
    (await service.from('video_snapshots').select('available, view_count, source').eq('tiktok_video_id', rowId).order('measured_at', { ascending: false }).order('id', { ascending: false }).limit(1).single()).data;
  const refresh = async (ids: string[]) => {
    const { data, error } = await service.functions.invoke('tiktok-refresh', { body: { ids } });
    expect(error).toBeNull();
    return data;
  };
  const page = (statusCode: number) =>
    HttpResponse.text(
      `<html><script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">${JSON.stringify({ __DEFAULT_SCOPE__: { 'webapp.video-detail': { statusCode, statusMsg: '' } } })}</script></html>`,
      { headers: { 'Content-Type': 'text/html' } },
    );

  it('labels each snapshot by where its counts came from: the Display API for a connected creator, else the page', async () => {
    const [fromPage] = await stored([1]);
    const [fromApi] = await stored([4], { connected: true });
    expect(await refresh([fromPage, fromApi])).toEqual({ refreshed: 2, unavailable: 0, failed: 0, skipped: 0 });
    expect(await latestSnapshot(fromPage)).toEqual({ available: true, view_count: 4200, source: 'page' });
    expect(await latestSnapshot(fromApi)).toEqual({ available: true, view_count: 98765, source: 'display_api' });
  });

  it('takes a page that answers 404 or says deleted or private as unavailable once oEmbed agrees; a 500, or a 404 oEmbed denies, as a failure for later', async () => {
    const ids = await stored([2, 3, 6, 7, 1]);
    const byId: Record<string, () => Response> = {
      [videoId(2)]: () => new HttpResponse('Not found', { status: 404 }),
      [videoId(3)]: () => page(10216),
      [videoId(6)]: () => page(10204),
      [videoId(7)]: () => new HttpResponse('Server error', { status: 500 }),
      // A 404 from a wrong handle in the address: oEmbed still finds the video.
      [videoId(1)]: () => new HttpResponse('Not found', { status: 404 }),
    };
    const gone = new Set([videoId(2), videoId(3), videoId(6)]);
    tiktok.use(
      http.get('https://www.tiktok.com/:user/video/:id', ({ params }) => byId[params.id as string]()),
      http.get('https://www.tiktok.com/oembed', ({ request }) => {
        const id = /video\/(\d{19})/.exec(new URL(request.url).searchParams.get('url') ?? '')?.[1] ?? '';
        return gone.has(id) ? HttpResponse.json({ code: 400, message: 'Something went wrong' }, { status: 400 }) : HttpResponse.json({ title: 'Still here', author_unique_id: 'x' });
      }),
    );
    expect(await refresh(ids)).toEqual({ refreshed: 0, unavailable: 3, failed: 2, skipped: 0 });
    for (const id of ids.slice(0, 3)) expect(await latestSnapshot(id)).toEqual({ available: false, view_count: null, source: 'page' });
    for (const id of ids.slice(3)) expect(await latestSnapshot(id)).toMatchObject({ available: true, source: 'page' });
  });

  it('never reads a page without a view count as 0 views: nothing is written and the video stays due', async () => {
    const [id] = await stored([7]);
    const before = await latestSnapshot(id);
    const stats = { diggCount: 5, commentCount: 1, shareCount: 0 };
    tiktok.use(
      http.get('https://www.tiktok.com/:user/video/:id', () =>
        HttpResponse.text(
          `<html><script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">${JSON.stringify({ __DEFAULT_SCOPE__: { 'webapp.video-detail': { statusCode: 0, itemInfo: { itemStruct: { stats } } } } })}</script></html>`,
          { headers: { 'Content-Type': 'text/html' } },
        ),
      ),
      http.get('https://www.tiktok.com/oembed', () => HttpResponse.json({ title: 'Still here', author_unique_id: 'x' })),
    );
    expect(await refresh([id])).toEqual({ refreshed: 0, unavailable: 0, failed: 1, skipped: 0 });
    expect(await latestSnapshot(id)).toEqual(before);
  });

  it('takes a blocked page as unavailable only when oEmbed also says the video is gone', async () => {
    const [id] = await stored([900]);
    tiktok.use(
      http.get('https://www.tiktok.com/:user/video/:id', () => new HttpResponse('Access denied', { status: 403 })),
      http.get('https://www.tiktok.com/oembed', () => HttpResponse.json({ code: 400, message: 'Something went wrong' }, { status: 400 })),
    );
    expect(await refresh([id])).toEqual({ refreshed: 0, unavailable: 1, failed: 0, skipped: 0 });
    expect(await latestSnapshot(id)).toEqual({ available: false, view_count: null, source: 'page' });
  });
});
