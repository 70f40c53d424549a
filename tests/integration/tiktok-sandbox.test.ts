/**
 * Local mode without TikTok keys: the sandbox answers for TikTok, deterministically. Videos
 * are added through the SPA's own add-video call and read back through its video list; the
 * runtime configuration is read by the SPA's own loader.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVideo } from '@/features/videos/api/add-video';
import { getVideos } from '@/features/videos/api/get-videos';
import { loadRuntimeConfig } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { sandboxCaption, sandboxCounts } from '../../server/tiktok-sandbox/data';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs, lastStatus } from './helpers/spa';
import { createUser, type TestUser } from './helpers/users';

let backend: TestBackend;
let creator: TestUser;

beforeAll(async () => {
  backend = await startBackend();
  creator = await createUser(backend, 'creator');
});
afterAll(() => backend?.stop());

const add = async (url: string) => {
  await actAs(backend, creator);
  return addVideo({ url });
};

/** The video as the creator's My Videos list shows it. */
const listed = async (id: string) => {
  await actAs(backend, creator);
  return (await getVideos({ ownerId: creator.id, owner: 'creator', page: 1, pageSize: 100 })).data.find((video) => video.video_id === id);
};

describe('the TikTok sandbox', () => {
  it('gives any well-formed video the same title, thumbnail and counts every time, labelled as sandbox data', async () => {
    const id = '7441200000000000123';
    expect(await add(`https://www.tiktok.com/@nok/video/${id}`)).toEqual({ isEstimated: false, source: 'sandbox', userId: creator.id });
    const counts = sandboxCounts(id);
    const video = await listed(id);
    expect(video).toMatchObject({
      title: sandboxCaption(id),
      view_count: counts.views,
      like_count: counts.likes,
      comment_count: counts.comments,
      share_count: counts.shares,
      metrics_source: 'sandbox',
    });
    const thumbnail = await fetch(video!.thumbnail_url!);
    expect(thumbnail.headers.get('content-type')).toBe('image/svg+xml');
    expect(await thumbnail.text()).toContain('TikTok sandbox');
    // The SPA's own loader reads /config.json (relative in the browser; on the backend's origin here).
    const config = await loadRuntimeConfig((path, init) => fetch(new URL(String(path), backend.url), init));
    expect(config).toEqual({ supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, tiktokSandbox: true, tiktokPlayerUrl: `${backend.url}/_tiktok-sandbox/player/v1` });
    expect(await (await fetch(`${config.tiktokPlayerUrl}/${id}`)).text()).toContain('TikTok sandbox');
  });

  it('resolves short links, refuses "gone" videos, and estimates when the page is blocked', async () => {
    expect(await add('https://vm.tiktok.com/ZMsandbox1/')).toMatchObject({ isEstimated: false, source: 'sandbox' });
    const gone = await add('https://www.tiktok.com/@x/video/7441200000000000404').then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(gone).toBeInstanceOf(AppError);
    expect(gone).toMatchObject({ code: 'video_unavailable' });
    expect(lastStatus('/functions/v1/tiktok-scraper')).toBe(404);
    expect(await add('https://www.tiktok.com/@x/video/7441200000000000503')).toMatchObject({ isEstimated: true, source: 'estimate' });
    expect(await listed('7441200000000000503')).toMatchObject({ is_estimated: true, metrics_source: 'estimate' });
  });
});
