/**
 * Local mode without TikTok keys: the sandbox answers for TikTok, deterministically. Videos
 * are added through the SPA's own add-video call and read back through its video list; the
 * runtime configuration is read by the SPA's own loader.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVideo } from '@/features/videos/api/add-video';
import { getVideos } from '@/features/videos/api/get-videos';
import { loadRuntimeConfig } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { sandboxCaption, sandboxCounts, sandboxIdForCode } from '../../server/tiktok-sandbox/data';
import { sandboxApp, sandboxVideosOf } from '../../server/tiktok-sandbox/oauth';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs, lastStatus } from './helpers/spa';
import { createUser, type TestUser } from './helpers/users';

let backend: TestBackend;
let creator: TestUser;

beforeAll(async () => {
  backend = await startBackend();
  sandbox = `${backend.url}${sandboxPath}`;
  creator = await createUser(backend, 'creator');
});
afterAll(() => backend?.stop());

const sandboxPath = '/_tiktok-sandbox';
let sandbox = '';
const redirect = 'http://localhost/connect';
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const consentQuery = (state: string, challenge: string) =>
  new URLSearchParams({ client_key: sandboxApp.clientKey, response_type: 'code', scope: 'user.info.basic', redirect_uri: redirect, state, code_challenge: challenge, code_challenge_method: 'S256' });

/** The consent page's form, sent as the person's click on a button: where TikTok sends the browser back. */
async function decide(input: { decision: 'allow' | 'deny'; state: string; challenge: string; username?: string }): Promise<URL> {
  const form = new URLSearchParams({ redirect_uri: redirect, state: input.state, code_challenge: input.challenge, scope: 'user.info.basic', decision: input.decision, username: input.username ?? 'sandbox.creator' });
  const response = await fetch(`${sandbox}/www.tiktok.com/v2/auth/authorize/decide`, { method: 'POST', body: form, redirect: 'manual' });
  return new URL(response.headers.get('location')!);
}

type SandboxTokens = { access_token: string; refresh_token: string; open_id: string; expires_in: number; refresh_expires_in: number; token_type: string };

const token = async (form: Record<string, string>) =>
  (await fetch(`${sandbox}/open.tiktokapis.com/v2/oauth/token/`, { method: 'POST', body: new URLSearchParams({ client_key: sandboxApp.clientKey, client_secret: sandboxApp.clientSecret, ...form }) })).json();

/** Tokens for a sandbox account, through the consent page and the token endpoint with PKCE. */
async function sandboxTokens(username: string): Promise<SandboxTokens> {
  const verifier = 'v'.repeat(60);
  const code = (await decide({ decision: 'allow', state: 'tiktok.t', challenge: challengeOf(verifier), username })).searchParams.get('code')!;
  return (await token({ grant_type: 'authorization_code', code, redirect_uri: redirect, code_verifier: verifier })) as SandboxTokens;
}

const add = async (url: string, who = creator) => {
  await actAs(backend, who);
  return addVideo({ url });
};

/** The video as the creator's My Videos list shows it. */
const listed = async (id: string, who = creator) => {
  await actAs(backend, who);
  return (await getVideos({ ownerId: who.id, owner: 'creator', page: 1, pageSize: 100 })).data.find((video) => video.video_id === id);
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
    expect(config).toEqual({ supabaseUrl: backend.url, supabasePublishableKey: backend.publishableKey, tiktokSandbox: true, tiktokPlayerUrl: `${backend.url}/_tiktok-sandbox/player/v1` });
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
    // A creator of its own: the short link is another test's video too.
    const own = await createUser(backend, 'creator');
    expect(await add('https://vm.tiktok.com/ZMsandbox1/', own)).toMatchObject({ isEstimated: false, source: 'sandbox' });
    const id = sandboxIdForCode('ZMsandbox1');
    const video = await listed(id, own);
    // The counts of the hour it was measured in (the sandbox's clock is this process's).
    const counts = sandboxCounts(id, new Date(video!.metrics_updated_at!).getTime());
    expect(video).toMatchObject({ view_count: counts.views, like_count: counts.likes, metrics_source: 'sandbox' });
    // Posted days ago, but not 30: the counts are still growing.
    expect(counts.views).toBeLessThan(sandboxCounts(id, Date.now() + 30 * 24 * hour).views);
  });

  it('answers the Display API without gone or private videos, as TikTok returns only live posts', async () => {
    const ids = ['7441200000000000404', '7441200000000000403', '7441200000000000123'];
    const { access_token: accessToken } = await sandboxTokens('sandbox.viewer');
    const response = await fetch(`${sandbox}/open.tiktokapis.com/v2/video/query/?fields=id,view_count`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ filters: { video_ids: ids } }),
    });
    const body = (await response.json()) as { data: { videos: { id: string; view_count: number }[] } };
    expect(body.data.videos.map((video) => [video.id, video.view_count])).toEqual([['7441200000000000123', sandboxCounts('7441200000000000123').views]]);
  });

  it('refuses the Display API without a token it issued', async () => {
    for (const authorization of [undefined, 'Bearer act.sandbox.test', 'Bearer act.sandbox.e30.forged']) {
      const response = await fetch(`${sandbox}/open.tiktokapis.com/v2/user/info/?fields=open_id`, { headers: authorization ? { Authorization: authorization } : {} });
      expect([response.status, ((await response.json()) as { error: { code: string } }).error.code]).toEqual([401, 'access_token_invalid']);
    }
  });
});

describe('the TikTok sandbox’s Login Kit', () => {
  it('shows a consent page labelled as the sandbox, with a username field and both buttons', async () => {
    const page = await fetch(`${sandbox}/www.tiktok.com/v2/auth/authorize/?${consentQuery('tiktok.x', challengeOf('v'.repeat(43)))}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('TikTok sandbox');
    expect(html).toMatch(/name="username"/);
    expect(html).toContain('Authorize ViewPact');
    expect(html).toContain('Cancel');
    const bad = await fetch(`${sandbox}/www.tiktok.com/v2/auth/authorize/?client_key=someone-else&response_type=code`);
    expect(bad.status).toBe(400);
  });

  it('sends Cancel back to the redirect with access_denied and the state, and no code', async () => {
    const back = await decide({ decision: 'deny', state: 'tiktok.cancelled', challenge: challengeOf('v'.repeat(43)) });
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ state: 'tiktok.cancelled', error: 'access_denied' });
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('exchanges a code once, only with the verifier of its challenge, and rotates refresh tokens', async () => {
    const verifier = 'w'.repeat(50);
    const code = (await decide({ decision: 'allow', state: 'tiktok.s', challenge: challengeOf(verifier), username: 'rotating.one' })).searchParams.get('code')!;
    expect(await token({ grant_type: 'authorization_code', code, redirect_uri: redirect, code_verifier: 'x'.repeat(50) })).toMatchObject({ error: 'invalid_grant' });
    // A refused try used the code up, as TikTok's codes are single-use.
    expect(await token({ grant_type: 'authorization_code', code, redirect_uri: redirect, code_verifier: verifier })).toMatchObject({ error: 'invalid_grant' });

    const tokens = await sandboxTokens('rotating.one');
    expect(tokens).toMatchObject({ expires_in: 7200, refresh_expires_in: 15_552_000, token_type: 'Bearer', open_id: expect.stringMatching(/^sandbox-/) });
    const rotated = (await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })) as SandboxTokens;
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).toMatchObject({ error: 'invalid_grant' });
    // A hex challenge (TikTok's desktop page) is accepted too.
    const hexCode = (await decide({ decision: 'allow', state: 'tiktok.h', challenge: createHash('sha256').update(verifier).digest('hex'), username: 'hex.user' })).searchParams.get('code')!;
    expect(await token({ grant_type: 'authorization_code', code: hexCode, redirect_uri: redirect, code_verifier: verifier })).toMatchObject({ access_token: expect.stringMatching(/^act\.sandbox\./) });
  });

  it('lists the same videos for a username every time, newest first, a page at a time', async () => {
    const { access_token: accessToken } = await sandboxTokens('paging.person');
    const ids: string[] = [];
    let cursor: number | undefined;
    for (let page = 0; page < 10; page += 1) {
      const response = await fetch(`${sandbox}/open.tiktokapis.com/v2/video/list/?fields=id`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ max_count: 7, ...(cursor === undefined ? {} : { cursor }) }),
      });
      const { data } = (await response.json()) as { data: { videos: { id: string }[]; cursor: number; has_more: boolean } };
      expect(data.videos.length).toBeLessThanOrEqual(7);
      ids.push(...data.videos.map((video) => video.id));
      if (!data.has_more) break;
      cursor = data.cursor;
    }
    expect(ids).toEqual(sandboxVideosOf('paging.person'));
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect([...ids].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1))).toEqual(ids);
  });
});
