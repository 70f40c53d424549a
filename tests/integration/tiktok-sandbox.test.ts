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
import { sandboxCaption, sandboxCounts, sandboxIdForCode } from '../../server/tiktok-sandbox/data';
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

  it('resolves short links, refuses gone and private videos, and estimates when the page is blocked', async () => {
    expect(await add('https://vm.tiktok.com/ZMsandbox1/')).toMatchObject({ isEstimated: false, source: 'sandbox' });
    for (const id of ['7441200000000000404', '7441200000000000403']) {
      const refused = await add(`https://www.tiktok.com/@x/video/${id}`).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 'video_unavailable' });
      expect(lastStatus('/functions/v1/tiktok-scraper')).toBe(404);
    }
    expect(await add('https://www.tiktok.com/@x/video/7441200000000000503')).toMatchObject({ isEstimated: true, source: 'estimate' });
    expect(await listed('7441200000000000503')).toMatchObject({ is_estimated: true, metrics_source: 'estimate' });
  });
});

describe('sandbox time', () => {
  const hour = 3_600_000;
  const postedAt = (id: string) => Number(BigInt(id) >> 32n) * 1000;

  it('grows a video’s counts with the whole hours since posting, and holds them after 30 days', () => {
    const posted = Date.UTC(2026, 0, 10, 12);
    const id = ((BigInt(posted / 1000) << 32n) | 123_456n).toString();
    expect(sandboxCounts(id, posted - hour)).toEqual({ views: 0, likes: 0, comments: 0, shares: 0 });
    const firstHour = sandboxCounts(id, posted);
    expect(firstHour.views).toBeGreaterThan(0);
    expect(sandboxCounts(id, posted + hour - 1)).toEqual(firstHour);
    const views = [1, 24, 24 * 7, 24 * 29].map((hours) => sandboxCounts(id, posted + hours * hour).views);
    expect(views).toEqual([...views].sort((a, b) => a - b));
    expect(new Set([firstHour.views, ...views]).size).toBe(5);
    expect(sandboxCounts(id, posted + 30 * 24 * hour)).toEqual(sandboxCounts(id, posted + 400 * 24 * hour));
  });

  it('sends a short link to a video posted in the three days before today, the same one all day', () => {
    const morning = Date.UTC(2026, 2, 5, 0, 5);
    const evening = Date.UTC(2026, 2, 5, 23, 55);
    const id = sandboxIdForCode('ZMsandbox1', morning);
    expect(sandboxIdForCode('ZMsandbox1', evening)).toBe(id);
    expect(id).toMatch(/^\d{19}$/);
    expect(postedAt(id)).toBeLessThan(Date.UTC(2026, 2, 5));
    expect(postedAt(id)).toBeGreaterThanOrEqual(Date.UTC(2026, 2, 2));
    expect(sandboxIdForCode('ZMsandbox2', morning)).not.toBe(id);
  });

  it('serves a short-linked video with its counts of the moment', async () => {
    const id = sandboxIdForCode('ZMsandbox1');
    const video = await listed(id);
    // The counts of the hour it was measured in (the sandbox's clock is this process's).
    const counts = sandboxCounts(id, new Date(video!.metrics_updated_at!).getTime());
    expect(video).toMatchObject({ view_count: counts.views, like_count: counts.likes, metrics_source: 'sandbox' });
    // Posted days ago, but not 30: the counts are still growing.
    expect(counts.views).toBeLessThan(sandboxCounts(id, Date.now() + 30 * 24 * hour).views);
  });

  it('answers the Display API without gone or private videos, as TikTok returns only live posts', async () => {
    const ids = ['7441200000000000404', '7441200000000000403', '7441200000000000123'];
    const response = await fetch(`${backend.url}/_tiktok-sandbox/open.tiktokapis.com/v2/video/query/?fields=id,view_count`, {
      method: 'POST',
      headers: { Authorization: 'Bearer act.sandbox.test', 'Content-Type': 'application/json' },
      body: JSON.stringify({ filters: { video_ids: ids } }),
    });
    const body = (await response.json()) as { data: { videos: { id: string; view_count: number }[] } };
    expect(body.data.videos.map((video) => [video.id, video.view_count])).toEqual([['7441200000000000123', sandboxCounts('7441200000000000123').views]]);
  });
});
