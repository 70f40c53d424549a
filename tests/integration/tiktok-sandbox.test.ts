/** Local mode without TikTok keys: the sandbox answers for TikTok, deterministically. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCaption, sandboxCounts } from '../../server/tiktok-sandbox/data';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';

let backend: TestBackend;
let creator: TestUser;

beforeAll(async () => {
  backend = await startBackend();
  creator = await createUser(backend, 'creator');
});
afterAll(() => backend?.stop());

const add = (url: string) => creator.client.functions.invoke('tiktok-scraper', { body: { url } });

describe('the TikTok sandbox', () => {
  it('gives any well-formed video the same title, thumbnail and counts every time, labelled as sandbox data', async () => {
    const id = '7441200000000000123';
    const { data, error } = await add(`https://www.tiktok.com/@nok/video/${id}`);
    expect(error).toBeNull();
    const counts = sandboxCounts(id);
    expect(data).toMatchObject({ success: true, isEstimated: false, source: 'sandbox' });
    expect(data.video).toMatchObject({
      title: sandboxCaption(id),
      view_count: counts.views,
      like_count: counts.likes,
      comment_count: counts.comments,
      share_count: counts.shares,
      metrics_source: 'sandbox',
    });
    const thumbnail = await fetch(data.video.thumbnail_url);
    expect(thumbnail.headers.get('content-type')).toBe('image/svg+xml');
    expect(await thumbnail.text()).toContain('TikTok sandbox');
    const config = await (await fetch(`${backend.url}/config.json`)).json();
    expect(config.tiktok).toEqual({ sandbox: true, playerUrl: `${backend.url}/_tiktok-sandbox/player/v1` });
    expect(await (await fetch(`${config.tiktok.playerUrl}/${id}`)).text()).toContain('TikTok sandbox');
  });

  it('resolves short links, refuses "gone" videos, and estimates when the page is blocked', async () => {
    expect((await add('https://vm.tiktok.com/ZMsandbox1/')).data).toMatchObject({ success: true, source: 'sandbox' });
    const gone = await add('https://www.tiktok.com/@x/video/7441200000000000404');
    expect(gone.error?.context.status).toBe(404);
    const blocked = await add('https://www.tiktok.com/@x/video/7441200000000000503');
    expect(blocked.data).toMatchObject({ success: true, isEstimated: true, source: 'estimate' });
  });
});
