/**
 * The tiktok-scraper function through supabase-js, with TikTok's documented answers
 * replayed by msw (no sandbox: the backend runs as if TikTok keys were configured).
 */
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';

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
  backend = await startBackend({ env: { TIKTOK_CLIENT_KEY: 'test-client-key' }, functionSettings: { TIKTOK_TIMEOUT_MS: '300' } });
  service = backend.service();
  [creator, brand] = await Promise.all([createUser(backend, 'creator'), createUser(backend, 'brand')]);
  const { data } = await service.from('brand_briefs').insert({ brand_id: brand.id, title: 'Launch', description: 'Show the launch' }).select('id').single();
  openBrief = data!.id;
}, 60_000);
afterEach(() => tiktok.resetHandlers());
afterAll(async () => {
  tiktok.close();
  await backend?.stop();
});

type Answer = { success: boolean; error: string | null; code?: string; video?: Record<string, unknown>; isEstimated?: boolean; source?: string };

async function add(client: SupabaseClient, body: Record<string, unknown>): Promise<{ status: number; answer: Answer }> {
  const { data, error } = await client.functions.invoke('tiktok-scraper', { body });
  if (error instanceof FunctionsHttpError) return { status: error.context.status, answer: await error.context.json() };
  if (error) throw error;
  return { status: 200, answer: data as Answer };
}

const videosOf = async (user: TestUser) => (await service.from('tiktok_videos').select('video_id, view_count, is_estimated').eq('user_id', user.id).order('video_id')).data!;

describe('adding a video', () => {
  it('takes title, thumbnail and author from oEmbed and counts from the public page', async () => {
    const { status, answer } = await add(creator.client, { url: `${videoUrl(1)}?is_from_webapp=1`, userId: creator.id });
    expect(status).toBe(200);
    expect(answer).toMatchObject({ success: true, isEstimated: false, source: 'page_data' });
    expect(answer.video).toMatchObject({
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
      metrics_source: 'page_data',
      is_estimated: false,
    });
  });

  it('keeps the caller’s title, or gives the default title when TikTok has no caption', async () => {
    expect((await add(creator.client, { url: videoUrl(2), customTitle: '  My launch video  ' })).answer.video).toMatchObject({ title: 'My launch video' });
    tiktok.use(http.get('https://www.tiktok.com/oembed', () => HttpResponse.json({ version: '1.0', type: 'video', author_unique_id: 'nok.dances' })));
    expect((await add(creator.client, { url: videoUrl(3) })).answer.video).toMatchObject({ title: 'TikTok Video #74312000' });
  });

  it('uses the Display API when the creator connected TikTok and owns the video', async () => {
    const connected = await createUser(backend, 'creator');
    await service.from('tiktok_tokens').insert({
      user_id: connected.id, open_id: 'open-1', access_token: 'act.valid', refresh_token: 'rft.valid', expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const { answer } = await add(connected.client, { url: videoUrl(4) });
    expect(answer).toMatchObject({ success: true, isEstimated: false, source: 'display_api' });
    expect(answer.video).toMatchObject({ view_count: 98765, like_count: 4321, comment_count: 210, share_count: 99, thumbnail_url: 'https://p16.tiktokcdn.com/api-cover.jpeg' });
  });

  it('stores an honest estimate — the median of the creator’s measured videos — when TikTok fails', async () => {
    const estimator = await createUser(backend, 'creator');
    for (const [n, views] of [[11, 100], [12, 300], [13, 1000]] as const) {
      await service.from('tiktok_videos').insert({ user_id: estimator.id, video_id: videoId(n), share_url: videoUrl(n), view_count: views, like_count: views / 10, metrics_source: 'page_data' });
    }
    tiktok.use(http.get('https://www.tiktok.com/:user/video/:id', () => new HttpResponse('Access denied', { status: 403 })));
    const { answer } = await add(estimator.client, { url: videoUrl(14) });
    expect(answer).toMatchObject({ success: true, isEstimated: true, source: 'estimate' });
    expect(answer.video).toMatchObject({ view_count: 300, like_count: 30, is_estimated: true, metrics_source: 'estimate' });
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
    const { status, answer } = await add(newcomer.client, { url: videoUrl(15) });
    expect(status).toBe(200);
    expect(answer).toMatchObject({ success: true, isEstimated: true });
    expect(answer.video).toMatchObject({ view_count: 0, title: 'TikTok Video #74312000', thumbnail_url: null });
  });

  it('resolves a short link that stays on TikTok', async () => {
    const { answer } = await add(creator.client, { url: 'https://vm.tiktok.com/ZMshort01/' });
    expect(answer).toMatchObject({ success: true });
    expect(answer.video).toMatchObject({ video_id: videoId(900) });
  });

  it('links to a brief the creator joined, taking the brand from the brief', async () => {
    const joiner = await createUser(backend, 'creator');
    await joiner.client.from('creator_brand_connections').insert({ creator_id: joiner.id, brand_brief_id: openBrief });
    const { answer } = await add(joiner.client, { url: videoUrl(20), brandBriefId: openBrief });
    expect(answer.video).toMatchObject({ brand_brief_id: openBrief, brand_id: brand.id });
    const direct = await add(joiner.client, { url: videoUrl(21), brandId: brand.id });
    expect(direct.answer.video).toMatchObject({ brand_id: brand.id, brand_brief_id: null });
  });
});

describe('refusals leave the database unchanged', () => {
  async function refused(client: SupabaseClient, body: Record<string, unknown>, status: number, code: string, error?: string) {
    const before = (await service.from('tiktok_videos').select('id', { count: 'exact', head: true })).count;
    const result = await add(client, body);
    expect(result.status).toBe(status);
    expect(result.answer).toMatchObject({ success: false, code, ...(error ? { error } : {}) });
    expect((await service.from('tiktok_videos').select('id', { count: 'exact', head: true })).count).toBe(before);
  }

  it('without a session: Authentication required', async () => {
    await refused(backend.client(), { url: videoUrl(30) }, 401, 'auth_required', 'Authentication required');
  });

  it('a URL with no video id: Invalid TikTok URL', async () => {
    for (const url of ['https://www.tiktok.com/@nok.dances', 'https://tiktok.com.evil.example/@a/video/7431200000000000031', 'javascript:alert(1)', '']) {
      await refused(creator.client, { url }, 400, 'invalid_url', 'Invalid TikTok URL');
    }
  });

  it('a duplicate for the same user', async () => {
    await refused(creator.client, { url: videoUrl(1) }, 409, 'duplicate', 'This video has already been added to your collection');
  });

  it('another user’s userId', async () => {
    await refused(creator.client, { url: videoUrl(31), userId: brand.id }, 403, 'other_user');
  });

  it('a brief the creator has not joined, a brief or brand that does not exist', async () => {
    await refused(creator.client, { url: videoUrl(32), brandBriefId: openBrief }, 403, 'opportunity_not_joined', 'Join this opportunity before adding videos to it');
    await refused(creator.client, { url: videoUrl(33), brandBriefId: '00000000-0000-4000-8000-000000000000' }, 404, 'opportunity_not_found');
    await refused(creator.client, { url: videoUrl(34), brandId: creator.id }, 404, 'brand_not_found');
  });

  it('a video TikTok says is gone or private', async () => {
    tiktok.use(http.get('https://www.tiktok.com/oembed', () => HttpResponse.json({ code: 400, message: 'Something went wrong' }, { status: 400 })));
    await refused(creator.client, { url: videoUrl(35) }, 404, 'video_unavailable');
  });

  it('a short link that redirects off TikTok, without fetching where it points', async () => {
    await refused(creator.client, { url: 'https://vm.tiktok.com/ZMoffsite/' }, 400, 'short_link_offsite');
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
