import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { z } from 'zod';
import { activeCaller } from './caller.ts';
import { checkAnswer, commonRefusals, jsonResponse, refuse, Refused, type FunctionEnv, type FunctionHandler, type Refusal } from './handler.ts';
import { decryptSecret, encryptSecret, sha256Hex } from './secrets.ts';
import { createTikTokClient, TikTokError, type ListedVideo, type TikTokClient } from './tiktok/client.ts';
import { authorizeUrl, codeChallenge, isStateShape, newCodeVerifier, newState, pkceEncoding, scopesSetting, stateLifetimeMs } from './tiktok/oauth.ts';
import { accessTokenFor, openVault, storedRefreshToken, storeTokens, tokenEnv, type TokenVault } from './tiktok/tokens.ts';
import { canonicalVideoUrl } from './tiktok/url.ts';

/**
 * tiktok-auth (spec §7, issue 13): connects a creator's TikTok account with Login Kit and keeps
 * it. Actions, in a JSON body:
 * - authorize → { url }: TikTok's consent page, with a one-time state and PKCE (S256);
 * - callback { code, state } → { connection }: exchanges the code, reads the account, stores the
 *   tokens encrypted, and sets the profile's TikTok username and avatar;
 * - fetch-videos → { videos }: the account's public videos (video.list, every page);
 * - sync → { synced, updated }: adds the videos not in ViewPact yet, with TikTok's own counts,
 *   and measures the others again (a display_api snapshot each);
 * - disconnect → { disconnected }: revokes the token at TikTok and forgets it;
 * - verify-bio → { proof, verified }: for a creator who cannot connect, reads the public profile
 *   page of their TikTok username and proves the account theirs when its bio holds their one-time
 *   code (public.tiktok_bio_code; the rule is public.tiktok_check_bio's).
 * Every refusal has a code and changes nothing; TikTok's failures become messages, never a 500.
 */

export const tiktokAuthEnv = [
  ...tokenEnv,
  'TIKTOK_SANDBOX_URL',
  'TIKTOK_TIMEOUT_MS',
  'TIKTOK_SCOPES',
  'TIKTOK_PKCE_ENCODING',
  'TIKTOK_REDIRECT_URI',
] as const;

export const authRefusals = {
  ...commonRefusals,
  auth: { status: 401, code: 'tiktok_login_required', error: 'You must be logged in to connect your TikTok account' },
  body: { status: 400, code: 'bad_request', error: 'Send a JSON body with an action: authorize, callback, fetch-videos, sync, disconnect or verify-bio' },
  otherUser: { status: 403, code: 'other_user', error: 'You can only connect your own account' },
  notConfigured: { status: 503, code: 'tiktok_not_configured', error: 'The TikTok connection is not configured on this server' },
  state: { status: 400, code: 'tiktok_state_invalid', error: 'This TikTok sign-in has expired or was already used. Start again.' },
  exchange: { status: 502, code: 'tiktok_connect_failed', error: 'Failed to connect TikTok account' },
  scope: { status: 502, code: 'tiktok_scope_not_approved', error: 'TikTok has not approved a permission ViewPact asks for' },
  notConnected: { status: 409, code: 'tiktok_not_connected', error: 'Connect your TikTok account first' },
  revoked: { status: 409, code: 'tiktok_reconnect', error: 'TikTok ended the connection: connect again' },
  unavailable: { status: 502, code: 'tiktok_unavailable', error: 'TikTok did not answer in time. Please try again.' },
  limited: { status: 429, code: 'tiktok_rate_limited', error: 'TikTok is limiting requests. Please try again in a minute.' },
  taken: { status: 409, code: 'tiktok_handle_taken', error: 'Another ViewPact account has already proved it owns this TikTok account' },
  noUsername: { status: 400, code: 'tiktok_username_required', error: 'Add your TikTok username first' },
  noAccount: { status: 404, code: 'tiktok_account_not_found', error: 'TikTok has no account with this username' },
  codeMissing: { status: 422, code: 'bio_code_missing', error: 'Your code is not in this account’s TikTok bio yet' },
} satisfies Record<string, Refusal>;

const payloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('authorize'), userId: z.uuid().nullish() }),
  z.object({ action: z.literal('callback'), code: z.string().min(1).max(2048), state: z.string().max(200), userId: z.uuid().nullish() }),
  z.object({ action: z.literal('fetch-videos'), userId: z.uuid().nullish() }),
  z.object({ action: z.literal('sync'), userId: z.uuid().nullish() }),
  z.object({ action: z.literal('disconnect'), userId: z.uuid().nullish() }),
  z.object({ action: z.literal('verify-bio'), userId: z.uuid().nullish() }),
]);

/** video.list pages read at most (20 videos a page): a creator's latest 1,000 videos. */
const maxListPages = 50;

/** A TikTok failure as the refusal the caller gets. */
function tiktokRefusal(error: unknown, fallback: Refusal): Refusal {
  if (error instanceof TikTokError) {
    if (error.kind === 'invalid_scope') return authRefusals.scope;
    // TikTok refused a token it had issued: revoked there, before its webhook reached us.
    if (error.kind === 'unauthorized') return authRefusals.revoked;
    if (error.kind === 'rate_limited') return authRefusals.limited;
    if (error.kind === 'timeout' || error.kind === 'unavailable') return authRefusals.unavailable;
  }
  return fallback;
}

type Context = { env: FunctionEnv; user: User; service: SupabaseClient; tiktok: TikTokClient; vault: TokenVault; origin: string | null };

/** Where TikTok sends the browser back: TIKTOK_REDIRECT_URI, else /connect on the site the request came from. */
function redirectUri(ctx: Context): string {
  const configured = ctx.env.get('TIKTOK_REDIRECT_URI');
  if (configured) return configured;
  if (!ctx.origin) refuse(authRefusals.notConfigured);
  return `${ctx.origin}/connect`;
}

/** TikTok's consent page; in sandbox mode the sandbox's, on the site the browser is on. */
function authorizeBase(ctx: Context): string {
  const sandbox = ctx.env.get('TIKTOK_SANDBOX_URL');
  if (!sandbox) return 'https://www.tiktok.com/v2/auth/authorize/';
  const base = ctx.origin ?? new URL(sandbox).origin;
  return new URL(`${new URL(sandbox).pathname.replace(/\/$/, '')}/www.tiktok.com/v2/auth/authorize/`, base).toString();
}

async function authorize(ctx: Context) {
  const state = newState();
  const verifier = newCodeVerifier();
  const redirect = redirectUri(ctx);
  const kept = await ctx.service.from('tiktok_auth_states').insert({
    state_hash: await sha256Hex(state),
    user_id: ctx.user.id,
    verifier_enc: await encryptSecret(ctx.vault.key, verifier),
    redirect_uri: redirect,
    expires_at: new Date(Date.now() + stateLifetimeMs).toISOString(),
  });
  checkAnswer(kept, 'Could not keep the sign-in state');
  const url = authorizeUrl({
    base: authorizeBase(ctx),
    clientKey: ctx.vault.app.clientKey,
    scopes: scopesSetting(ctx.env.get('TIKTOK_SCOPES')),
    redirectUri: redirect,
    state,
    challenge: await codeChallenge(verifier, pkceEncoding(ctx.env.get('TIKTOK_PKCE_ENCODING'))),
  });
  return { url };
}

const connectionColumns = 'is_connected, verified_status, username, display_name, avatar_url, expires_at, connected_at, revoked_reason, created_at, updated_at';

async function callback(ctx: Context, code: string, state: string) {
  if (!isStateShape(state)) refuse(authRefusals.state);
  const taken = await ctx.service.rpc('tiktok_take_state', { p_state_hash: await sha256Hex(state), p_user: ctx.user.id });
  checkAnswer(taken, 'Could not check the sign-in state');
  const saved = (taken.data as { verifier_enc: string; redirect_uri: string } | null) ?? refuse(authRefusals.state);

  let tokens;
  let account;
  try {
    tokens = await ctx.tiktok.exchangeCode(ctx.vault.app, { code, redirectUri: saved.redirect_uri, codeVerifier: await decryptSecret(ctx.vault.key, saved.verifier_enc) });
    account = await ctx.tiktok.userInfo(tokens.accessToken);
  } catch (failure) {
    console.warn('[tiktok-auth] connecting failed:', (failure as Error).message);
    return refuse(tiktokRefusal(failure, authRefusals.exchange));
  }
  // The connected account is the creator's TikTok identity: the profile says so, and the connection
  // proves it. A TikTok account another ViewPact account proved is refused before anything is kept.
  const profile: Record<string, string> = {};
  if (account.username) profile.tiktok_username = account.username;
  if (account.avatarUrl) profile.tiktok_avatar_url = account.avatarUrl;
  if (Object.keys(profile).length) {
    const updated = await ctx.service.from('profiles').update(profile).eq('id', ctx.user.id);
    if (updated.error?.code === 'tiktok_handle_taken') refuse(authRefusals.taken);
    if (updated.error) console.warn('[tiktok-auth] the profile kept its TikTok fields:', updated.error.message);
  }
  await storeTokens(ctx.service, ctx.vault, ctx.user.id, tokens);
  const connection = await ctx.service
    .from('tiktok_connections')
    .upsert(
      {
        user_id: ctx.user.id,
        is_connected: true,
        open_id: tokens.openId,
        username: account.username,
        display_name: account.displayName?.slice(0, 200) ?? null,
        avatar_url: account.avatarUrl && /^https?:\/\//.test(account.avatarUrl) ? account.avatarUrl : null,
        expires_at: new Date(Date.now() + tokens.refreshExpiresIn * 1000).toISOString(),
        connected_at: new Date().toISOString(),
        revoked_at: null,
        revoked_reason: null,
      },
      { onConflict: 'user_id' },
    )
    .select(connectionColumns)
    .single();
  checkAnswer(connection, 'Could not save the connection');
  return { connection: connection.data };
}

/** A usable access token, or the refusal that explains why there is none. */
async function accessToken(ctx: Context): Promise<string> {
  const { data: connection } = await ctx.service.from('tiktok_connections').select('is_connected, revoked_reason').eq('user_id', ctx.user.id).maybeSingle();
  if (!connection?.is_connected) refuse(connection?.revoked_reason ? authRefusals.revoked : authRefusals.notConnected);
  try {
    return (await accessTokenFor(ctx.service, ctx.tiktok, ctx.vault, ctx.user.id)) ?? refuse(authRefusals.revoked);
  } catch (failure) {
    if (failure instanceof Refused) throw failure;
    return refuse(tiktokRefusal(failure, authRefusals.unavailable));
  }
}

/** Every public video of the connected account, newest first, up to 1,000. */
async function allVideos(ctx: Context): Promise<ListedVideo[]> {
  const token = await accessToken(ctx);
  const videos: ListedVideo[] = [];
  let cursor: number | undefined;
  try {
    for (let page = 0; page < maxListPages; page += 1) {
      const answer = await ctx.tiktok.listVideos(token, cursor);
      videos.push(...answer.videos);
      if (!answer.hasMore || answer.cursor === null) break;
      cursor = answer.cursor;
    }
  } catch (failure) {
    return refuse(tiktokRefusal(failure, authRefusals.unavailable));
  }
  return videos;
}

const videoJson = (video: ListedVideo) => ({
  id: video.id,
  title: video.title,
  share_url: video.shareUrl,
  cover_image_url: video.coverUrl,
  create_time: video.createTime,
  view_count: video.counts.views,
  like_count: video.counts.likes,
  comment_count: video.counts.comments,
  share_count: video.counts.shares,
});

async function sync(ctx: Context) {
  const videos = await allVideos(ctx);
  const { data: connection } = await ctx.service.from('tiktok_connections').select('username').eq('user_id', ctx.user.id).single();
  const author = (connection as { username: string | null } | null)?.username ?? null;
  const known = new Map<string, { id: string; is_demo: boolean }>();
  for (let i = 0; i < videos.length; i += 100) {
    const ids = videos.slice(i, i + 100).map((video) => video.id);
    const read = await ctx.service.from('tiktok_videos').select('id, video_id, is_demo').eq('user_id', ctx.user.id).in('video_id', ids);
    checkAnswer(read, "Could not read the creator's videos");
    for (const row of read.data as { id: string; video_id: string; is_demo: boolean }[]) known.set(row.video_id, row);
  }
  const now = new Date().toISOString();
  // Counts read from the local sandbox are labelled as such, never as TikTok's.
  const source = ctx.env.get('TIKTOK_SANDBOX_URL') ? 'sandbox' : 'display_api';
  // video.list is newest first: each is "added" a millisecond before the one posted after it, so
  // My Videos (newest added first) shows the synced videos in their posting order.
  const addedAt = Date.now();
  const added = videos
    .filter((video) => !known.has(video.id))
    .map((video, index) => ({
      created_at: new Date(addedAt - index).toISOString(),
      user_id: ctx.user.id,
      video_id: video.id,
      share_url: canonicalVideoUrl(video.id, author),
      title: video.title?.slice(0, 300) ?? null,
      author_username: author,
      thumbnail_url: video.coverUrl && /^https?:\/\//.test(video.coverUrl) ? video.coverUrl : null,
      view_count: video.counts.views,
      like_count: video.counts.likes,
      comment_count: video.counts.comments,
      share_count: video.counts.shares,
      is_estimated: false,
      metrics_source: source,
      metrics_updated_at: now,
    }));
  // A new video's counts become its first snapshot (trigger); the others are measured again.
  if (added.length) {
    checkAnswer(await ctx.service.from('tiktok_videos').insert(added), 'Could not add the videos');
  }
  const measured = videos
    .filter((video) => known.has(video.id) && !known.get(video.id)!.is_demo)
    .map((video) => ({
      tiktok_video_id: known.get(video.id)!.id,
      measured_at: now,
      available: true,
      view_count: video.counts.views,
      like_count: video.counts.likes,
      comment_count: video.counts.comments,
      share_count: video.counts.shares,
      source,
    }));
  if (measured.length) {
    checkAnswer(await ctx.service.from('video_snapshots').insert(measured), 'Could not record the measurements');
  }
  return { synced: added.length, updated: measured.length };
}

async function disconnect(ctx: Context) {
  // Revoked at TikTok first; the connection ends here whatever TikTok answers.
  try {
    const token = await storedRefreshToken(ctx.service, ctx.vault, ctx.user.id);
    if (token) await ctx.tiktok.revokeToken(ctx.vault.app, token);
  } catch (failure) {
    console.warn('[tiktok-auth] TikTok did not confirm the revocation:', (failure as Error).message);
  }
  checkAnswer(await ctx.service.from('tiktok_connections').delete().eq('user_id', ctx.user.id), 'Could not remove the connection');
  return { disconnected: true };
}

/** The bio proof: the creator's code in their TikTok account's public bio proves the account theirs. */
async function verifyBio(service: SupabaseClient, tiktok: TikTokClient, userId: string) {
  const { data: profile } = await service.from('profiles').select('tiktok_username').eq('id', userId).single();
  const username = (profile as { tiktok_username: string | null } | null)?.tiktok_username ?? refuse(authRefusals.noUsername);
  let bio: string;
  try {
    bio = await tiktok.profileBio(username);
  } catch (failure) {
    if (failure instanceof TikTokError && failure.kind === 'not_found') return refuse(authRefusals.noAccount);
    return refuse(tiktokRefusal(failure, authRefusals.unavailable));
  }
  // A refusal of the database (tiktok_handle_taken) passes on with its code.
  const checked = await service.rpc('tiktok_check_bio', { p_user: userId, p_bio: bio });
  checkAnswer(checked, 'Could not check the bio');
  const answer = checked.data as { proof: string | null; verified: boolean; code_found: boolean };
  if (!answer.verified) refuse(authRefusals.codeMissing);
  return { proof: answer.proof, verified: answer.verified };
}

export const tiktokAuth: FunctionHandler = async (request, env) => {
  if (request.method === 'OPTIONS') return jsonResponse(null, 204);
  try {
    if (request.method !== 'POST') refuse(authRefusals.method);
    const user = await activeCaller(request, env, authRefusals.auth);
    const body = payloadSchema.safeParse(await request.json().catch(() => null));
    if (!body.success) refuse(authRefusals.body);
    const payload = body.data!;
    if (payload.userId && payload.userId !== user.id) refuse(authRefusals.otherUser);
    const timeout = Number(env.get('TIKTOK_TIMEOUT_MS'));
    const tiktok = createTikTokClient({ fetch: env.fetch, sandboxUrl: env.get('TIKTOK_SANDBOX_URL'), timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined });
    const service = createClient(env.supabaseUrl, env.secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
    // Reading a public profile needs no TikTok app keys.
    if (payload.action === 'verify-bio') return jsonResponse(await verifyBio(service, tiktok, user.id));
    const vault = (await openVault(env)) ?? refuse(authRefusals.notConfigured);
    const ctx: Context = {
      env,
      user,
      vault,
      service,
      tiktok,
      origin: request.headers.get('origin'),
    };
    switch (payload.action) {
      case 'authorize':
        return jsonResponse(await authorize(ctx));
      case 'callback':
        return jsonResponse(await callback(ctx, payload.code, payload.state));
      case 'fetch-videos':
        return jsonResponse({ videos: (await allVideos(ctx)).map(videoJson) });
      case 'sync':
        return jsonResponse(await sync(ctx));
      case 'disconnect':
        return jsonResponse(await disconnect(ctx));
    }
  } catch (error) {
    if (error instanceof Refused) return jsonResponse({ code: error.refusal.code, error: error.refusal.error }, error.refusal.status);
    throw error;
  }
};
