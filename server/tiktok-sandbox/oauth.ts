import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { sandboxCaption, sandboxCounts, sandboxHandle, sandboxVideoIsPublic } from './data';

/**
 * Login Kit and the Display API in the TikTok sandbox (issue 13): the consent page, the token
 * endpoint (authorization code with PKCE, refresh with rotation), revoke, user.info, video.list
 * and video.query, as reference §1–2 describe them, deterministic and offline.
 *
 * Access tokens carry their user and expiry, signed, so they outlive a restart. Refresh tokens
 * rotate: each works once; the ones used are remembered while the server runs.
 */

/** The app's credentials at the sandbox; the local server hands them to the functions in sandbox mode. */
export const sandboxApp = { clientKey: 'viewpact-sandbox', clientSecret: 'viewpact-sandbox-secret' } as const;

const accessLifetimeSeconds = 2 * 3600;
const refreshLifetimeSeconds = 180 * 24 * 3600;
const codeLifetimeMs = 10 * 60_000;

type Grant = { username: string; openId: string; scope: string };
type Code = Grant & { redirectUri: string; challenge: string; expiresAt: number };
type Claims = Grant & { kind: 'act' | 'rft'; id: string; issuedAt: number; expiresAt: number };

const sign = (payload: string) => createHmac('sha256', sandboxApp.clientSecret).update(payload).digest('base64url');
const openIdOf = (username: string) => `sandbox-${createHash('sha256').update(username.toLowerCase()).digest('hex').slice(0, 24)}`;

function issue(kind: 'act' | 'rft', grant: Grant, lifetime: number): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = Buffer.from(JSON.stringify({ ...grant, kind, id: randomBytes(9).toString('base64url'), issuedAt: now, expiresAt: now + lifetime })).toString('base64url');
  return `${kind}.sandbox.${payload}.${sign(payload)}`;
}

function read(token: string | undefined, kind: 'act' | 'rft'): Claims | null {
  const match = new RegExp(`^${kind}\\.sandbox\\.([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]+)$`).exec(token ?? '');
  if (!match) return null;
  const expected = Buffer.from(sign(match[1]));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const claims = JSON.parse(Buffer.from(match[1], 'base64url').toString()) as Claims;
  return claims.kind === kind && claims.expiresAt > Date.now() / 1000 ? claims : null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** PKCE S256 in either encoding TikTok's pages describe: base64url (43 characters) or hex (64). */
function pkceHolds(verifier: string, challenge: string): boolean {
  const digest = sha256(verifier);
  return challenge === digest.toString('base64url') || challenge.toLowerCase() === digest.toString('hex');
}

/**
 * A creator's deterministic public videos: 3 to 45 of them, posted over the last 60 days
 * (their ids carry the posting time, as TikTok's do), newest first.
 */
export function sandboxVideosOf(username: string, now = Date.now()): string[] {
  const seed = sha256(`videos:${username.toLowerCase()}`);
  const count = 3 + (seed.readUInt32BE(0) % 43);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const step = sha256(`video:${username.toLowerCase()}:${i}`).readUInt32BE(0);
    // Spread over 60 days, fixed per day so a day's sync sees the same videos.
    const day = Math.floor(now / 86_400_000) * 86_400;
    const posted = day - ((i * 60 * 86_400) / count + (step % 3600));
    const id = ((BigInt(Math.floor(posted)) << 32n) | BigInt(step >>> 1)).toString();
    if (id.length === 19 && sandboxVideoIsPublic(id)) ids.push(id);
  }
  return ids.sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The error envelope of the Display API (reference §2). */
const apiError = (c: Context, status: 400 | 401, code: string, message: string) => c.json({ data: {}, error: { code, message, log_id: 'sandbox' } }, status);
const oauthError = (c: Context, error: string, description: string) => c.json({ error, error_description: description, log_id: 'sandbox' }, 400);

export function addSandboxOAuth(app: Hono, publicUrl: () => string) {
  const codes = new Map<string, Code>();
  const usedRefreshTokens = new Set<string>();
  const revokedBefore = new Map<string, number>();
  const thumbnailUrl = (id: string) => `${publicUrl()}/thumbnails/${id}.svg`;

  /** The access token of a Display API call, when valid and not revoked. */
  const caller = (c: Context): Claims | null => {
    const claims = read(/^Bearer\s+(\S+)$/.exec(c.req.header('authorization') ?? '')?.[1], 'act');
    return claims && claims.issuedAt > (revokedBefore.get(claims.openId) ?? 0) ? claims : null;
  };

  app.get('/www.tiktok.com/v2/auth/authorize/', (c) => {
    const q = c.req.query();
    const problems = [
      q.client_key !== sandboxApp.clientKey && 'client_key',
      q.response_type !== 'code' && 'response_type',
      !/^https?:\/\/[^?#]+$/.test(q.redirect_uri ?? '') && 'redirect_uri',
      !q.state && 'state',
      (q.code_challenge_method !== 'S256' || !/^([A-Za-z0-9_-]{43}|[0-9a-f]{64})$/.test(q.code_challenge ?? '')) && 'code_challenge',
    ].filter(Boolean);
    if (problems.length) return c.html(`<!doctype html><title>TikTok sandbox</title><p>TikTok sandbox: this sign-in request is not valid (${problems.join(', ')}).</p>`, 400);
    const hidden = ['redirect_uri', 'state', 'code_challenge', 'scope'].map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(q[name] ?? '')}">`).join('');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Authorize ViewPact · TikTok sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#111}
h1{font-size:1.3rem}label{display:block;margin:1rem 0 .3rem;font-weight:600}input[type=text]{width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1rem;padding:.7rem 1rem;font-size:1rem;border-radius:.5rem;border:1px solid #999;cursor:pointer}.go{background:#fe2c55;color:#fff;border-color:#fe2c55}
.note{color:#555;font-size:.9rem}</style></head><body>
<p class="note"><strong>TikTok sandbox</strong>: a stand-in for TikTok's consent page, on this computer.</p>
<h1>ViewPact wants to access your TikTok account</h1>
<p class="note">Permissions: ${escapeHtml(q.scope ?? '')}</p>
<form method="post" action="decide">${hidden}
<label for="username">TikTok username</label><input id="username" type="text" name="username" value="sandbox.creator" autocomplete="off" required pattern="[A-Za-z0-9_.]{2,24}">
<div><button class="go" type="submit" name="decision" value="allow">Authorize ViewPact</button>
<button type="submit" name="decision" value="deny" formnovalidate>Cancel</button></div></form></body></html>`);
  });

  app.post('/www.tiktok.com/v2/auth/authorize/decide', async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const redirect = new URL(field('redirect_uri'));
    redirect.searchParams.set('state', field('state'));
    if (field('decision') !== 'allow') {
      redirect.searchParams.set('error', 'access_denied');
      redirect.searchParams.set('error_description', 'The user denied the request');
      return c.redirect(redirect.toString(), 302);
    }
    const username = field('username').trim().replace(/^@/, '');
    if (!/^[A-Za-z0-9_.]{2,24}$/.test(username)) return c.text('TikTok sandbox: a username has 2 to 24 letters, digits, dots or underscores', 400);
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { username, openId: openIdOf(username), scope: field('scope'), redirectUri: field('redirect_uri'), challenge: field('code_challenge'), expiresAt: Date.now() + codeLifetimeMs });
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('scopes', field('scope'));
    return c.redirect(redirect.toString(), 302);
  });

  const tokenAnswer = (c: Context, grant: Grant) =>
    c.json({
      open_id: grant.openId,
      scope: grant.scope,
      access_token: issue('act', grant, accessLifetimeSeconds),
      expires_in: accessLifetimeSeconds,
      refresh_token: issue('rft', grant, refreshLifetimeSeconds),
      refresh_expires_in: refreshLifetimeSeconds,
      token_type: 'Bearer',
    });

  app.post('/open.tiktokapis.com/v2/oauth/token/', async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    if (field('client_key') !== sandboxApp.clientKey || field('client_secret') !== sandboxApp.clientSecret) return oauthError(c, 'invalid_client', 'Client key or secret is invalid');
    if (field('grant_type') === 'authorization_code') {
      const code = codes.get(field('code'));
      codes.delete(field('code'));
      if (!code || code.expiresAt < Date.now()) return oauthError(c, 'invalid_grant', 'Authorization code is expired or was used');
      if (code.redirectUri !== field('redirect_uri')) return oauthError(c, 'invalid_request', 'redirect_uri does not match');
      if (!pkceHolds(field('code_verifier'), code.challenge)) return oauthError(c, 'invalid_grant', 'code_verifier does not match the code_challenge');
      return tokenAnswer(c, code);
    }
    if (field('grant_type') === 'refresh_token') {
      const claims = read(field('refresh_token'), 'rft');
      if (!claims || usedRefreshTokens.has(claims.id) || claims.issuedAt <= (revokedBefore.get(claims.openId) ?? 0) - 1) {
        return oauthError(c, 'invalid_grant', 'Refresh token is invalid or was used');
      }
      usedRefreshTokens.add(claims.id);
      return tokenAnswer(c, claims);
    }
    return oauthError(c, 'unsupported_grant_type', 'Unsupported grant type');
  });

  app.post('/open.tiktokapis.com/v2/oauth/revoke/', async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    if (field('client_key') !== sandboxApp.clientKey || field('client_secret') !== sandboxApp.clientSecret) return oauthError(c, 'invalid_client', 'Client key or secret is invalid');
    const claims = read(field('token'), 'act') ?? read(field('token'), 'rft');
    // Every token of the account issued until now stops working.
    if (claims) revokedBefore.set(claims.openId, Math.floor(Date.now() / 1000) + 1);
    return c.body(null, 200);
  });

  app.get('/open.tiktokapis.com/v2/user/info/', (c) => {
    const claims = caller(c);
    if (!claims) return apiError(c, 401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    return c.json({
      data: { user: { open_id: claims.openId, username: claims.username, display_name: `${claims.username} (sandbox)`, avatar_url: `${publicUrl()}/avatars/${encodeURIComponent(claims.username)}.svg` } },
      error: { code: 'ok', message: '', log_id: 'sandbox' },
    });
  });

  const videoJson = (id: string, username: string) => {
    const counts = sandboxCounts(id);
    return {
      id,
      title: sandboxCaption(id),
      video_description: sandboxCaption(id),
      create_time: Number(BigInt(id) >> 32n),
      cover_image_url: thumbnailUrl(id),
      share_url: `https://www.tiktok.com/@${username}/video/${id}`,
      view_count: counts.views,
      like_count: counts.likes,
      comment_count: counts.comments,
      share_count: counts.shares,
    };
  };

  app.post('/open.tiktokapis.com/v2/video/list/', async (c) => {
    const claims = caller(c);
    if (!claims) return apiError(c, 401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    const body = (await c.req.json().catch(() => ({}))) as { cursor?: number; max_count?: number };
    const size = Math.min(Math.max(Number(body.max_count) || 10, 1), 20);
    // The cursor is the posting time (ms) of the last video of the previous page.
    const all = sandboxVideosOf(claims.username);
    const after = typeof body.cursor === 'number' ? all.filter((id) => Number(BigInt(id) >> 32n) * 1000 < body.cursor!) : all;
    const page = after.slice(0, size);
    const last = page.at(-1);
    return c.json({
      data: { videos: page.map((id) => videoJson(id, claims.username)), cursor: last ? Number(BigInt(last) >> 32n) * 1000 : 0, has_more: after.length > size },
      error: { code: 'ok', message: '', log_id: 'sandbox' },
    });
  });

  // Any valid sandbox token owns every public video: the connection decides who may ask.
  app.post('/open.tiktokapis.com/v2/video/query/', async (c) => {
    const claims = caller(c);
    if (!claims) return apiError(c, 401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    const body = (await c.req.json().catch(() => ({}))) as { filters?: { video_ids?: unknown[] } };
    // Gone and private videos are not returned, as TikTok returns only the owner's live posts.
    const ids = (body.filters?.video_ids ?? []).map(String).filter((id) => /^\d{19}$/.test(id) && sandboxVideoIsPublic(id)).slice(0, 20);
    return c.json({ data: { videos: ids.map((id) => videoJson(id, sandboxHandle(id))), cursor: 0, has_more: false }, error: { code: 'ok', message: '', log_id: 'sandbox' } });
  });

  app.get('/avatars/:file{[A-Za-z0-9_.%]{1,40}\\.svg}', (c) => {
    const name = decodeURIComponent(c.req.param('file').slice(0, -4));
    const hue = sha256(name).readUInt16BE(0) % 360;
    return c.body(
      `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><rect width="100" height="100" fill="hsl(${hue} 70% 45%)"/><text x="50" y="62" font-family="sans-serif" font-size="40" fill="#fff" text-anchor="middle">${escapeHtml(name.slice(0, 1).toUpperCase())}</text></svg>`,
      200,
      { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' },
    );
  });
}
