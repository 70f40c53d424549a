/**
 * tiktok-auth configured for the real TikTok (app keys set, no sandbox), with msw answering at
 * TikTok's own addresses in the shapes reference §1–2 documents: the authorize URL on
 * www.tiktok.com with a hex PKCE challenge (TIKTOK_PKCE_ENCODING=hex), a fixed redirect URI and
 * configured scopes; the token exchange TikTok checks; user.info without the username (the
 * user.info.profile scope not granted); video.list; revoke.
 */
import { createHash } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { callTikTokAuth, newTokenKey } from './helpers/tiktok';
import { createUser, type TestUser } from './helpers/users';

const app = { clientKey: 'aw-live-client-key', clientSecret: 'live-client-secret' };
const redirectUri = 'https://viewpact.example/connect';
/** The challenge of the last authorize URL, which the token endpoint checks the verifier against. */
let challenge = '';
const exchanges: URLSearchParams[] = [];
const revoked: URLSearchParams[] = [];

const tiktok = setupServer(
  http.post('https://open.tiktokapis.com/v2/oauth/token/', async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    exchanges.push(form);
    const verifierHolds = createHash('sha256').update(form.get('code_verifier') ?? '').digest('hex') === challenge;
    if (form.get('client_key') !== app.clientKey || form.get('client_secret') !== app.clientSecret) {
      return HttpResponse.json({ error: 'invalid_client', error_description: 'Client key or secret is incorrect.', log_id: 'L1' }, { status: 401 });
    }
    if (form.get('code') !== 'live-code' || form.get('redirect_uri') !== redirectUri || !verifierHolds) {
      return HttpResponse.json({ error: 'invalid_grant', error_description: 'Authorization code is expired.', log_id: 'L2' }, { status: 400 });
    }
    return HttpResponse.json({
      access_token: 'act.example12345Example12345Example',
      expires_in: 7200,
      open_id: 'afd97af1-b87b-48b9-ac98-410aghda5344',
      refresh_expires_in: 15552000,
      refresh_token: 'rft.example12345Example12345Example',
      scope: 'user.info.basic,video.list',
      token_type: 'Bearer',
    });
  }),
  http.get('https://open.tiktokapis.com/v2/user/info/', ({ request }) => {
    if (request.headers.get('authorization') !== 'Bearer act.example12345Example12345Example') {
      return HttpResponse.json({ data: {}, error: { code: 'access_token_invalid', message: 'The access token is invalid or not found in the request.', log_id: 'L3' } }, { status: 401 });
    }
    return HttpResponse.json({
      data: { user: { open_id: 'afd97af1-b87b-48b9-ac98-410aghda5344', union_id: 'u-1', avatar_url: 'https://p19-sign.tiktokcdn-us.com/avatar.jpeg', display_name: 'Tik Toker' } },
      error: { code: 'ok', message: '', log_id: 'L4' },
    });
  }),
  http.post('https://open.tiktokapis.com/v2/video/list/', () =>
    HttpResponse.json({
      data: {
        videos: [
          { id: '7450000000000000001', title: 'First', create_time: 1734000000, cover_image_url: 'https://p16-sign.tiktokcdn-us.com/cover1.jpeg', share_url: 'https://www.tiktok.com/@tiktoker/video/7450000000000000001', view_count: 1200, like_count: 30, comment_count: 4, share_count: 1 },
        ],
        cursor: 1734000000000,
        has_more: false,
      },
      error: { code: 'ok', message: '', log_id: 'L5' },
    }),
  ),
  http.post('https://open.tiktokapis.com/v2/oauth/revoke/', async ({ request }) => {
    revoked.push(new URLSearchParams(await request.text()));
    return new HttpResponse(null, { status: 200 });
  }),
);

let backend: TestBackend;
let creator: TestUser;

beforeAll(async () => {
  tiktok.listen({
    onUnhandledRequest(request, print) {
      if (!['127.0.0.1', 'localhost'].includes(new URL(request.url).hostname)) print.error();
    },
  });
  backend = await startBackend({
    env: { TIKTOK_CLIENT_KEY: app.clientKey, TIKTOK_CLIENT_SECRET: app.clientSecret, TOKEN_ENCRYPTION_KEY: newTokenKey() },
    functionSettings: { TIKTOK_PKCE_ENCODING: 'hex', TIKTOK_REDIRECT_URI: redirectUri, TIKTOK_SCOPES: 'user.info.basic, video.list' },
  });
}, 60_000);
// A creator of each test's own, so that no test finds another's connection.
beforeEach(async () => {
  creator = await createUser(backend, 'creator', { tiktok_username: 'nok.dances' });
});
afterEach(() => {
  exchanges.length = 0;
  revoked.length = 0;
});
afterAll(async () => {
  tiktok.close();
  await backend?.stop();
});

async function authorize() {
  const { answer } = await callTikTokAuth(backend, creator.client, { action: 'authorize' });
  const url = new URL((answer as { url: string }).url);
  challenge = url.searchParams.get('code_challenge')!;
  return url;
}

/** Authorizes and comes back with TikTok's code: the connection as tiktok-auth answers it. */
async function connect() {
  const state = (await authorize()).searchParams.get('state');
  return callTikTokAuth(backend, creator.client, { action: 'callback', code: 'live-code', state });
}

describe('tiktok-auth with TikTok itself', () => {
  it('sends the person to www.tiktok.com with the configured redirect, scopes and a hex challenge', async () => {
    const url = await authorize();
    expect(url.origin + url.pathname).toBe('https://www.tiktok.com/v2/auth/authorize/');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_key: app.clientKey, scope: 'user.info.basic,video.list', redirect_uri: redirectUri, code_challenge_method: 'S256' });
    expect(challenge).toMatch(/^[0-9a-f]{64}$/);
  });

  it('connects with TikTok’s documented answers; without user.info.profile there is no username, so no verification', async () => {
    const { status, answer } = await connect();
    expect(status).toBe(200);
    expect((answer as { connection: unknown }).connection).toMatchObject({ is_connected: true, username: null, display_name: 'Tik Toker', verified_status: 'unverified', avatar_url: 'https://p19-sign.tiktokcdn-us.com/avatar.jpeg' });
    expect(exchanges).toHaveLength(1);
    expect(Object.fromEntries(exchanges[0])).toMatchObject({ client_key: app.clientKey, grant_type: 'authorization_code', code: 'live-code', redirect_uri: redirectUri });
    // The profile's username stays what the creator wrote.
    const { data: profile } = await creator.client.from('profiles').select('tiktok_username').eq('id', creator.id).single();
    expect(profile).toEqual({ tiktok_username: 'nok.dances' });

    const fetched = await callTikTokAuth(backend, creator.client, { action: 'fetch-videos' });
    expect(fetched.answer).toEqual({
      videos: [
        {
          id: '7450000000000000001',
          title: 'First',
          share_url: 'https://www.tiktok.com/@tiktoker/video/7450000000000000001',
          cover_image_url: 'https://p16-sign.tiktokcdn-us.com/cover1.jpeg',
          create_time: 1734000000,
          view_count: 1200,
          like_count: 30,
          comment_count: 4,
          share_count: 1,
        },
      ],
    });
  });

  it('answers an expired code as a failed connection', async () => {
    const state = (await authorize()).searchParams.get('state');
    expect(await callTikTokAuth(backend, creator.client, { action: 'callback', code: 'old-code', state })).toEqual({
      status: 502,
      answer: { code: 'tiktok_connect_failed', error: 'Failed to connect TikTok account' },
    });
  });

  it('revokes the refresh token at TikTok on disconnect', async () => {
    expect((await connect()).status).toBe(200);
    expect((await callTikTokAuth(backend, creator.client, { action: 'disconnect' })).status).toBe(200);
    expect(revoked.map((form) => Object.fromEntries(form))).toEqual([{ client_key: app.clientKey, client_secret: app.clientSecret, token: 'rft.example12345Example12345Example' }]);
  });
});
