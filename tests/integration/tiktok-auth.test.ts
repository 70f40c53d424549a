/**
 * The TikTok connection (issue 13) through supabase-js: tiktok-auth's actions against the
 * TikTok sandbox (consent page, token endpoint with PKCE and rotation, user.info, video.list,
 * revoke), the one-time state, tokens encrypted at rest and refreshed by one caller at a time,
 * the deauthorization webhook, and POST /api/tiktok-auth. The function's requests towards
 * TikTok pass through a recording fetch, so a test can count them or answer in TikTok's place.
 */
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getConnection, syncTikTokVideos } from '@/features/tiktok/api/tiktok-connection';
import { getVideos } from '@/features/videos/api/get-videos';
import { sandboxApp, sandboxVideosOf } from '../../server/tiktok-sandbox/oauth';
import { decryptSecret } from '../../supabase/functions/_shared/secrets';
import { signWebhook } from '../../supabase/functions/_shared/tiktok/oauth';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs } from './helpers/spa';
import { callTikTokAuth, connectInSandbox, newTokenKey, signInAtSandbox, testVault } from './helpers/tiktok';
import { createUser, type TestUser } from './helpers/users';

type TikTokRequest = { path: string; form: URLSearchParams | null; authorization: string | null };

/** Every request tiktok-auth sends towards TikTok (here, the sandbox), in order. */
const tiktokRequests: TikTokRequest[] = [];
/** A test's stand-in answer, or undefined to let the sandbox answer. */
let answerInstead: ((request: TikTokRequest) => Promise<Response | undefined> | Response | undefined) | undefined;

const recordingFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const body = typeof init?.body === 'string' && init.body.includes('=') && !init.body.startsWith('{') ? new URLSearchParams(init.body) : null;
  const request = { path: url.pathname, form: body, authorization: new Headers(init?.headers).get('authorization') };
  tiktokRequests.push(request);
  return (await answerInstead?.(request)) ?? fetch(input, init);
};

const tokenKey = newTokenKey();
let backend: TestBackend;
let service: SupabaseClient;

beforeAll(async () => {
  backend = await startBackend({ env: { TOKEN_ENCRYPTION_KEY: tokenKey }, functionFetch: recordingFetch });
  service = backend.service();
}, 60_000);
afterAll(async () => backend?.stop());
beforeEach(() => {
  tiktokRequests.length = 0;
  answerInstead = undefined;
});

let names = 0;
/** A TikTok username of its own for each test (the sandbox's videos follow the name). */
const newUsername = (prefix = 'creator') => `${prefix}.${process.pid % 1000}.${(names += 1)}`;

const tokenRequests = (grant: string) => tiktokRequests.filter((request) => request.path.endsWith('/oauth/token/') && request.form?.get('grant_type') === grant);

async function connectionOf(userId: string) {
  const { data } = await service.from('tiktok_connections').select('*').eq('user_id', userId).maybeSingle();
  return data;
}

async function tokensOf(userId: string) {
  const { data } = await service.from('tiktok_tokens').select('*').eq('user_id', userId).maybeSingle();
  return data as { open_id: string; access_token_enc: string; refresh_token_enc: string; expires_at: string; refreshing_until: string | null } | null;
}

async function plainTokens(userId: string) {
  const row = await tokensOf(userId);
  const vault = await testVault(tokenKey);
  return { access: await decryptSecret(vault.key, row!.access_token_enc), refresh: await decryptSecret(vault.key, row!.refresh_token_enc) };
}

/** The access token expires in a minute: the next use refreshes it first. */
const expireSoon = (userId: string) => service.from('tiktok_tokens').update({ expires_at: new Date(Date.now() + 60_000).toISOString() }).eq('user_id', userId);

describe('signing in with TikTok', () => {
  let creator: TestUser;
  beforeAll(async () => {
    creator = await createUser(backend, 'creator', { tiktok_username: 'someone.else' });
  });

  it('starts at TikTok’s consent page with the app, the scopes, /connect, a one-time state and a PKCE challenge', async () => {
    const { status, answer } = await callTikTokAuth(backend, creator.client, { action: 'authorize', userId: creator.id });
    expect(status).toBe(200);
    const url = new URL((answer as { url: string }).url);
    expect(url.origin + url.pathname).toBe(`${backend.url}/_tiktok-sandbox/www.tiktok.com/v2/auth/authorize/`);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      client_key: sandboxApp.clientKey,
      scope: 'user.info.basic,user.info.profile,video.list',
      response_type: 'code',
      redirect_uri: `${backend.url}/connect`,
      code_challenge_method: 'S256',
    });
    expect(query.state).toMatch(/^tiktok\.[A-Za-z0-9_-]{43}$/);
    expect(query.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Kept by its hash, for this user, with the verifier encrypted, for 10 minutes.
    const { data: kept } = await service.from('tiktok_auth_states').select('*').eq('state_hash', createHash('sha256').update(query.state).digest('hex')).single();
    expect(kept).toMatchObject({ user_id: creator.id, used_at: null, redirect_uri: `${backend.url}/connect` });
    expect(kept.verifier_enc).toMatch(/^v1\./);
    expect(new Date(kept.expires_at).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(new Date(kept.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    // A second sign-in gets a state of its own.
    const again = await callTikTokAuth(backend, creator.client, { action: 'authorize' });
    expect(new URL((again.answer as { url: string }).url).searchParams.get('state')).not.toBe(query.state);
  });

  it('connects: exchanges the code with its verifier, reads the account, stores the tokens encrypted and verifies the profile', async () => {
    const username = newUsername();
    const { code, state } = await signInAtSandbox(backend, creator, username);
    const { status, answer } = await callTikTokAuth(backend, creator.client, { action: 'callback', code, state, userId: creator.id });
    expect(status).toBe(200);
    const { connection } = answer as { connection: Record<string, unknown> };
    expect(connection).toMatchObject({ is_connected: true, verified_status: 'verified', username, display_name: `${username} (sandbox)`, revoked_reason: null });
    expect(new Date(connection.expires_at as string).getTime()).toBeGreaterThan(Date.now() + 179 * 86_400_000);
    expect(connection.avatar_url).toMatch(/\/avatars\/.+\.svg$/);
    // No token in the answer, none in the clear in the database.
    const tokens = await plainTokens(creator.id);
    expect(tokens.access).toMatch(/^act\.sandbox\./);
    expect(JSON.stringify(answer)).not.toMatch(/act\.|rft\./);
    expect(JSON.stringify(await tokensOf(creator.id))).not.toMatch(/act\.|rft\./);
    // The exchange carried the verifier whose S256 is the challenge sent, and the same redirect.
    const [exchange] = tokenRequests('authorization_code');
    expect(exchange.form?.get('redirect_uri')).toBe(`${backend.url}/connect`);
    expect(exchange.form?.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    // The profile names the connected account, with its avatar: the creator is verified.
    const { data: profile } = await creator.client.from('profiles').select('tiktok_username, tiktok_avatar_url').eq('id', creator.id).single();
    expect(profile).toEqual({ tiktok_username: username, tiktok_avatar_url: connection.avatar_url });
    // What Settings → Integrations reads, through the SPA's own fetcher.
    await actAs(backend, creator);
    expect(await getConnection(creator.id)).toMatchObject({ is_connected: true, verified_status: 'verified', username });
  });

  it('refuses a state used before, expired, of another user or of another shape, and changes nothing', async () => {
    const username = newUsername();
    const first = await signInAtSandbox(backend, creator, username);
    expect((await callTikTokAuth(backend, creator.client, { action: 'callback', code: first.code, state: first.state })).status).toBe(200);
    const before = await connectionOf(creator.id);
    const refused = { status: 400, answer: { code: 'tiktok_state_invalid', error: expect.any(String) } };

    // Used once already.
    expect(await callTikTokAuth(backend, creator.client, { action: 'callback', code: first.code, state: first.state })).toEqual(refused);

    // Expired: ten minutes went by.
    const late = await signInAtSandbox(backend, creator, newUsername());
    await service.from('tiktok_auth_states').update({ expires_at: new Date(Date.now() - 1000).toISOString() }).eq('state_hash', createHash('sha256').update(late.state!).digest('hex'));
    expect(await callTikTokAuth(backend, creator.client, { action: 'callback', code: late.code, state: late.state })).toEqual(refused);

    // Someone else's: refused, and still good for its owner.
    const other = await createUser(backend, 'creator');
    const theirs = await signInAtSandbox(backend, other, newUsername());
    expect(await callTikTokAuth(backend, creator.client, { action: 'callback', code: theirs.code, state: theirs.state })).toEqual(refused);

    // The spec's constant, and garbage.
    for (const state of ['tiktok', 'tiktok.' + 'x'.repeat(43), 'evil']) {
      expect(await callTikTokAuth(backend, creator.client, { action: 'callback', code: 'any', state })).toEqual(refused);
    }
    expect(await connectionOf(creator.id)).toEqual(before);
    expect(tokenRequests('authorization_code')).toHaveLength(1);
    expect((await callTikTokAuth(backend, other.client, { action: 'callback', code: theirs.code, state: theirs.state })).status).toBe(200);
  });

  it('answers a refused or failed exchange as a clear error and keeps no connection', async () => {
    const newcomer = await createUser(backend, 'creator');
    const refusedCode = await signInAtSandbox(backend, newcomer, newUsername());
    // A code TikTok does not know (expired, or already exchanged).
    expect(await callTikTokAuth(backend, newcomer.client, { action: 'callback', code: 'not-a-code', state: refusedCode.state })).toEqual({
      status: 502,
      answer: { code: 'tiktok_connect_failed', error: 'Failed to connect TikTok account' },
    });
    // TikTok's documented refusal of an unapproved scope.
    const scoped = await signInAtSandbox(backend, newcomer, newUsername());
    answerInstead = (request) =>
      request.path.endsWith('/oauth/token/') ? Response.json({ error: 'invalid_scope', error_description: 'The scope is not authorized', log_id: 'x' }, { status: 400 }) : undefined;
    expect((await callTikTokAuth(backend, newcomer.client, { action: 'callback', code: scoped.code, state: scoped.state })).answer).toMatchObject({ code: 'tiktok_scope_not_approved' });
    // TikTok down.
    const down = await signInAtSandbox(backend, newcomer, newUsername());
    answerInstead = () => new Response('<html>Bad gateway</html>', { status: 502 });
    expect(await callTikTokAuth(backend, newcomer.client, { action: 'callback', code: down.code, state: down.state })).toMatchObject({ status: 502, answer: { code: 'tiktok_unavailable' } });
    // TikTok unreachable.
    const unreachable = await signInAtSandbox(backend, newcomer, newUsername());
    answerInstead = () => Promise.reject(new TypeError('fetch failed'));
    expect((await callTikTokAuth(backend, newcomer.client, { action: 'callback', code: unreachable.code, state: unreachable.state })).answer).toMatchObject({ code: 'tiktok_unavailable' });
    expect(await connectionOf(newcomer.id)).toBeNull();
    expect(await tokensOf(newcomer.id)).toBeNull();
  });

  it('refuses callers without a session, for someone else, or with a body that is not an action', async () => {
    const anonymous = backend.client();
    expect(await callTikTokAuth(backend, anonymous, { action: 'authorize' })).toEqual({
      status: 401,
      answer: { code: 'tiktok_login_required', error: 'You must be logged in to connect your TikTok account' },
    });
    expect((await callTikTokAuth(backend, creator.client, { action: 'authorize', userId: '00000000-0000-4000-8000-000000000000' })).answer).toMatchObject({ code: 'other_user' });
    for (const body of [{}, { action: 'steal-tokens' }, { action: 'callback' }, { action: 'callback', code: '', state: 'tiktok.x' }]) {
      expect(await callTikTokAuth(backend, creator.client, body)).toMatchObject({ status: 400, answer: { code: 'bad_request' } });
    }
  });
});

describe('videos of the connected account', () => {
  it('syncs every page of video.list: adds the videos with measured counts, then adds none', async () => {
    // A username whose sandbox account has more than one page of videos.
    let username = newUsername('many');
    while (sandboxVideosOf(username).length <= 20) username = newUsername('many');
    const expected = sandboxVideosOf(username);
    const creator = await createUser(backend, 'creator');
    await connectInSandbox(backend, creator, username);

    const fetched = await callTikTokAuth(backend, creator.client, { action: 'fetch-videos' });
    const videos = (fetched.answer as { videos: { id: string; view_count: number }[] }).videos;
    expect(videos.map((video) => video.id)).toEqual(expected);
    expect(tiktokRequests.filter((request) => request.path.endsWith('/video/list/')).length).toBe(Math.ceil(expected.length / 20));

    // Through the SPA's own call, as the Sync videos button makes it.
    await actAs(backend, creator);
    expect(await syncTikTokVideos()).toEqual({ synced: expected.length, updated: 0 });
    const { data: listed, totalCount: count } = await getVideos({ ownerId: creator.id, owner: 'creator', page: 1, pageSize: 100 });
    expect(count).toBe(expected.length);
    // Newest posted first, as on TikTok.
    expect(listed.map((video) => video.video_id)).toEqual(expected);
    const byId = new Map(videos.map((video) => [video.id, video]));
    for (const video of listed) {
      // Counts read from the local sandbox are labelled as such, never as TikTok's.
      expect(video).toMatchObject({ author_username: username, is_estimated: false, metrics_source: 'sandbox', view_count: byId.get(video.video_id)!.view_count, excluded_reason: 'no_campaign' });
    }
    const { data: snapshots } = await service.from('video_snapshots').select('tiktok_video_id, source').in('tiktok_video_id', listed.map((video) => video.id));
    expect(snapshots).toHaveLength(expected.length);

    // Nothing new the second time: each video is measured again instead.
    expect(await syncTikTokVideos()).toEqual({ synced: 0, updated: expected.length });
    expect((await getVideos({ ownerId: creator.id, owner: 'creator', page: 1, pageSize: 100 })).totalCount).toBe(expected.length);
  });

  it('asks to connect first when there is no connection', async () => {
    const stranger = await createUser(backend, 'creator');
    await actAs(backend, stranger);
    await expect(syncTikTokVideos()).rejects.toMatchObject({ code: 'tiktok_not_connected' });
    expect(await callTikTokAuth(backend, stranger.client, { action: 'fetch-videos' })).toMatchObject({ status: 409, answer: { code: 'tiktok_not_connected' } });
  });
});

describe('tokens', () => {
  it('are refreshed shortly before they expire by one of two concurrent callers, storing the rotated refresh token', async () => {
    const creator = await createUser(backend, 'creator');
    await connectInSandbox(backend, creator, newUsername());
    const before = await plainTokens(creator.id);
    await expireSoon(creator.id);
    tiktokRequests.length = 0;

    const answers = await Promise.all([
      callTikTokAuth(backend, creator.client, { action: 'fetch-videos' }),
      callTikTokAuth(backend, creator.client, { action: 'fetch-videos' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(tokenRequests('refresh_token')).toHaveLength(1);
    expect(tokenRequests('refresh_token')[0].form?.get('refresh_token')).toBe(before.refresh);

    const after = await plainTokens(creator.id);
    expect(after.refresh).not.toBe(before.refresh);
    expect(after.access).not.toBe(before.access);
    const row = await tokensOf(creator.id);
    expect(row!.refreshing_until).toBeNull();
    expect(new Date(row!.expires_at).getTime()).toBeGreaterThan(Date.now() + 3600_000);
    // Both list calls used the new access token.
    const lists = tiktokRequests.filter((request) => request.path.endsWith('/video/list/'));
    expect(lists.every((request) => request.authorization === `Bearer ${after.access}`)).toBe(true);
    // The old refresh token died with the rotation.
    const reused = await fetch(`${backend.url}/_tiktok-sandbox/open.tiktokapis.com/v2/oauth/token/`, {
      method: 'POST',
      body: new URLSearchParams({ client_key: sandboxApp.clientKey, client_secret: sandboxApp.clientSecret, grant_type: 'refresh_token', refresh_token: before.refresh }),
    });
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('gives the refresh lease to one caller at a time', async () => {
    const creator = await createUser(backend, 'creator');
    await connectInSandbox(backend, creator, newUsername());
    const claims = await Promise.all([1, 2, 3].map(() => service.rpc('tiktok_claim_refresh', { p_user: creator.id })));
    expect(claims.map((claim) => claim.data).sort()).toEqual([false, false, true]);
  });

  it('revokes the connection when TikTok refuses the refresh token (invalid_grant), and asks to reconnect', async () => {
    const creator = await createUser(backend, 'creator');
    await connectInSandbox(backend, creator, newUsername());
    await expireSoon(creator.id);
    answerInstead = (request) =>
      request.path.endsWith('/oauth/token/') ? Response.json({ error: 'invalid_grant', error_description: 'Refresh token is invalid or expired.', log_id: 'x' }, { status: 400 }) : undefined;
    expect(await callTikTokAuth(backend, creator.client, { action: 'sync' })).toEqual({
      status: 409,
      answer: { code: 'tiktok_reconnect', error: 'TikTok ended the connection: connect again' },
    });
    expect(await connectionOf(creator.id)).toMatchObject({ is_connected: false, revoked_reason: 'refresh_failed', verified_status: 'unverified' });
    expect(await tokensOf(creator.id)).toBeNull();
    // Connecting again mends it.
    answerInstead = undefined;
    expect(await connectInSandbox(backend, creator, newUsername())).toMatchObject({ is_connected: true, revoked_reason: null });
  });

  it('leaves a failing refresh for the next caller when TikTok is down, without revoking anything', async () => {
    const creator = await createUser(backend, 'creator');
    await connectInSandbox(backend, creator, newUsername());
    await expireSoon(creator.id);
    answerInstead = (request) => (request.path.endsWith('/oauth/token/') ? new Response('unavailable', { status: 503 }) : undefined);
    expect(await callTikTokAuth(backend, creator.client, { action: 'fetch-videos' })).toMatchObject({ status: 502, answer: { code: 'tiktok_unavailable' } });
    expect(await connectionOf(creator.id)).toMatchObject({ is_connected: true });
    expect((await tokensOf(creator.id))!.refreshing_until).toBeNull();
    answerInstead = undefined;
    expect((await callTikTokAuth(backend, creator.client, { action: 'fetch-videos' })).status).toBe(200);
  });

  it('are revoked at TikTok and forgotten on disconnect', async () => {
    const creator = await createUser(backend, 'creator');
    await connectInSandbox(backend, creator, newUsername());
    const { access } = await plainTokens(creator.id);
    expect(await callTikTokAuth(backend, creator.client, { action: 'disconnect' })).toEqual({ status: 200, answer: { disconnected: true } });
    expect(tiktokRequests.filter((request) => request.path.endsWith('/oauth/revoke/'))).toHaveLength(1);
    expect(await connectionOf(creator.id)).toBeNull();
    expect(await tokensOf(creator.id)).toBeNull();
    // TikTok no longer takes the access token.
    const info = await fetch(`${backend.url}/_tiktok-sandbox/open.tiktokapis.com/v2/user/info/?fields=open_id`, { headers: { Authorization: `Bearer ${access}` } });
    expect(info.status).toBe(401);
    // The profile keeps its username, now unverified.
    await actAs(backend, creator);
    expect(await getConnection(creator.id)).toBeNull();
  });

  it('can be read by no client role: tokens, sign-in states, webhook events and their functions', async () => {
    const creator = await createUser(backend, 'creator');
    await connectInSandbox(backend, creator, newUsername());
    await signInAtSandbox(backend, creator, newUsername());
    for (const client of [creator.client, backend.client()]) {
      for (const table of ['tiktok_tokens', 'tiktok_auth_states', 'tiktok_webhook_events']) {
        const { data, error } = await client.from(table).select('*');
        expect(error ?? data).toSatisfy((result: unknown) => (Array.isArray(result) ? result.length === 0 : Boolean(result)));
        expect(error?.code ?? '42501').toBe('42501');
      }
      for (const [fn, args] of [
        ['tiktok_take_state', { p_state_hash: '0'.repeat(64), p_user: creator.id }],
        ['tiktok_claim_refresh', { p_user: creator.id }],
        ['tiktok_mark_revoked', { p_user: creator.id }],
        ['tiktok_deauthorize', { p_open_id: 'x', p_event_key: 'x' }],
      ] as const) {
        expect((await client.rpc(fn, args)).error?.code).toBe('42501');
      }
    }
    expect(await connectionOf(creator.id)).toMatchObject({ is_connected: true });
    // The creator reads their own connection and may remove it, nothing more.
    const { error } = await creator.client.from('tiktok_connections').update({ verified_status: 'verified', username: 'forged' }).eq('user_id', creator.id).select();
    expect(error?.code).toBe('42501');
  });
});

describe('the deauthorization webhook', () => {
  const webhook = '/functions/v1/tiktok-webhook';
  const send = async (body: string, signature: string | null) => {
    const response = await fetch(`${backend.url}${webhook}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(signature ? { 'TikTok-Signature': signature } : {}) },
      body,
    });
    return { status: response.status, answer: await response.json() };
  };

  it('disconnects on a signed authorization.removed, once, however often it is delivered', async () => {
    const creator = await createUser(backend, 'creator');
    await connectInSandbox(backend, creator, newUsername());
    const { open_id: openId } = (await tokensOf(creator.id))!;
    const event = JSON.stringify({ client_key: sandboxApp.clientKey, event: 'authorization.removed', create_time: Math.floor(Date.now() / 1000), user_openid: openId, content: '{"reason":1}' });

    expect(await send(event, await signWebhook(event, sandboxApp.clientSecret))).toEqual({ status: 200, answer: { received: true, handled: true } });
    expect(await connectionOf(creator.id)).toMatchObject({ is_connected: false, revoked_reason: 'deauthorized', verified_status: 'unverified' });
    expect(await tokensOf(creator.id)).toBeNull();
    // Delivered again (TikTok retries for 72 hours): acknowledged, nothing more happens.
    await service.from('tiktok_connections').update({ revoked_at: '2026-01-01T00:00:00Z' }).eq('user_id', creator.id);
    expect(await send(event, await signWebhook(event, sandboxApp.clientSecret))).toEqual({ status: 200, answer: { received: true, handled: false } });
    expect(await connectionOf(creator.id)).toMatchObject({ revoked_at: '2026-01-01T00:00:00+00:00' });
    // The creator sees why, through the SPA's fetcher.
    await actAs(backend, creator);
    expect(await getConnection(creator.id)).toMatchObject({ is_connected: false, revoked_reason: 'deauthorized' });
  });

  it('refuses a missing, wrong or stale signature and a body that is not TikTok’s event, changing nothing', async () => {
    const creator = await createUser(backend, 'creator');
    await connectInSandbox(backend, creator, newUsername());
    const { open_id: openId } = (await tokensOf(creator.id))!;
    const event = JSON.stringify({ client_key: sandboxApp.clientKey, event: 'authorization.removed', create_time: Math.floor(Date.now() / 1000), user_openid: openId });
    const badSignature = { status: 401, answer: { code: 'bad_signature', error: expect.any(String) } };
    expect(await send(event, null)).toEqual(badSignature);
    expect(await send(event, await signWebhook(event, 'not-the-secret'))).toEqual(badSignature);
    expect(await send(event, await signWebhook(event, sandboxApp.clientSecret, Date.now() - 3600_000))).toEqual(badSignature);
    expect(await send(event.replace(openId, 'someone-else'), await signWebhook(event, sandboxApp.clientSecret))).toEqual(badSignature);
    const notJson = 'not json';
    expect((await send(notJson, await signWebhook(notJson, sandboxApp.clientSecret))).answer).toMatchObject({ code: 'bad_request' });
    const otherApp = event.replace(sandboxApp.clientKey, 'another-app');
    expect((await send(otherApp, await signWebhook(otherApp, sandboxApp.clientSecret))).answer).toMatchObject({ code: 'bad_request' });
    // Another event is acknowledged and left alone.
    const other = event.replace('authorization.removed', 'video.publish.completed');
    expect(await send(other, await signWebhook(other, sandboxApp.clientSecret))).toEqual({ status: 200, answer: { received: true, handled: false } });
    expect((await fetch(`${backend.url}${webhook}`)).status).toBe(405);
    expect(await connectionOf(creator.id)).toMatchObject({ is_connected: true, revoked_reason: null });
    expect(await tokensOf(creator.id)).not.toBeNull();
  });
});

describe('verified ownership', () => {
  it('marks the creator on the cards a brand sees and on its Creators page, while the profile names the connected account', async () => {
    const brand = await createUser(backend, 'brand');
    const username = newUsername();
    const creator = await createUser(backend, 'creator');
    // Published before the sandbox account's videos were posted, so that they fall inside its dates.
    const { data: brief } = await service.from('brand_briefs').insert({ brand_id: brand.id, title: 'Launch', description: 'Show it', created_at: '2020-01-01T00:00:00Z' }).select('id').single();
    await service.from('creator_brand_connections').insert({ creator_id: creator.id, brand_brief_id: brief!.id });
    const { data: video } = await service
      .from('tiktok_videos')
      .insert({ user_id: creator.id, video_id: sandboxVideosOf(username)[0], share_url: `https://www.tiktok.com/@${username}/video/${sandboxVideosOf(username)[0]}`, brand_id: brand.id, brand_brief_id: brief!.id, author_username: username, view_count: 10 })
      .select('id')
      .single();
    const seenByBrand = async () => (await brand.client.from('video_listings').select('creator_verified').eq('id', video!.id).single()).data?.creator_verified;
    const onCreatorsPage = async () => (await brand.client.rpc('brand_creators', { p_brand: brand.id })).data?.[0]?.tiktok_verified;

    expect([await seenByBrand(), await onCreatorsPage()]).toEqual([false, false]);
    await connectInSandbox(backend, creator, username);
    expect([await seenByBrand(), await onCreatorsPage()]).toEqual([true, true]);
    // The profile names another account: no longer verified.
    await creator.client.from('profiles').update({ tiktok_username: 'not.me' }).eq('id', creator.id);
    expect(await connectionOf(creator.id)).toMatchObject({ is_connected: true, verified_status: 'unverified' });
    expect([await seenByBrand(), await onCreatorsPage()]).toEqual([false, false]);
    await creator.client.from('profiles').update({ tiktok_username: username.toUpperCase() }).eq('id', creator.id);
    expect(await seenByBrand()).toBe(true);
  });

  it('re-measures a connected creator’s videos with the Display API and their access token', async () => {
    const creator = await createUser(backend, 'creator');
    const username = newUsername();
    await connectInSandbox(backend, creator, username);
    const { access } = await plainTokens(creator.id);
    const id = sandboxVideosOf(username)[0];
    const { data: video } = await service
      .from('tiktok_videos')
      .insert({ user_id: creator.id, video_id: id, share_url: `https://www.tiktok.com/@${username}/video/${id}`, author_username: username, view_count: 1 })
      .select('id')
      .single();
    tiktokRequests.length = 0;
    const { data, error } = await service.functions.invoke('tiktok-refresh', { body: { ids: [video!.id] } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ refreshed: 1, failed: 0 });
    const queries = tiktokRequests.filter((request) => request.path.endsWith('/video/query/'));
    expect(queries).toEqual([expect.objectContaining({ authorization: `Bearer ${access}` })]);
    expect(tiktokRequests.some((request) => request.path.includes('/video/') && !request.path.includes('open.tiktokapis.com'))).toBe(false);
  });
});

describe('POST /api/tiktok-auth', () => {
  it('answers the same JSON as the function, with its refusals', async () => {
    const creator = await createUser(backend, 'creator');
    const { data: session } = await creator.client.auth.getSession();
    const post = (body: unknown, token?: string) =>
      fetch(`${backend.url}/api/tiktok-auth`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: backend.url, apikey: backend.anonKey, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const started = await post({ action: 'authorize' }, session.session!.access_token);
    expect(started.status).toBe(200);
    expect(started.headers.get('content-type')).toMatch(/application\/json/);
    expect(new URL(((await started.json()) as { url: string }).url).searchParams.get('redirect_uri')).toBe(`${backend.url}/connect`);
    // Signed out, supabase-js sends the anon key as the bearer.
    const anonymous = await post({ action: 'authorize' }, backend.anonKey);
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { code: 'tiktok_login_required', error: 'You must be logged in to connect your TikTok account' }]);
    const garbage = await fetch(`${backend.url}/api/tiktok-auth`, { method: 'POST', headers: { Authorization: `Bearer ${session.session!.access_token}` }, body: '{not json' });
    expect([garbage.status, ((await garbage.json()) as { code: string }).code]).toEqual([400, 'bad_request']);
  });
});
