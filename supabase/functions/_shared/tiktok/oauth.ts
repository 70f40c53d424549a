import { base64url, hmacSha256Hex, randomBytes, sameText } from '../secrets.ts';

/**
 * Login Kit for Web (reference §1 and §7): the state that guards the callback, PKCE, the
 * authorize URL, and the deauthorization webhook's signature.
 */

/** /connect accepts an answer whose state starts so (spec §2 checks "tiktok"); the function checks the rest. */
export const statePrefix = 'tiktok.';

/** A one-time state: the prefix and 32 random bytes. */
export const newState = () => `${statePrefix}${base64url.encode(randomBytes(32))}`;

export const isStateShape = (state: unknown): state is string => typeof state === 'string' && /^tiktok\.[A-Za-z0-9_-]{43}$/.test(state);

/** How long a state (and its verifier) may wait for TikTok's answer. */
export const stateLifetimeMs = 10 * 60_000;

/** A PKCE code verifier: 64 characters of RFC 7636's unreserved set. */
export const newCodeVerifier = () => base64url.encode(randomBytes(48));

export type PkceEncoding = 'base64url' | 'hex';

/** TIKTOK_PKCE_ENCODING: base64url (RFC 7636) by default, hex as TikTok's desktop page describes. */
export const pkceEncoding = (value: string | undefined): PkceEncoding => (value?.trim().toLowerCase() === 'hex' ? 'hex' : 'base64url');

/** S256: the SHA-256 of the verifier, in the configured encoding. */
export async function codeChallenge(verifier: string, encoding: PkceEncoding): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return encoding === 'hex' ? Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('') : base64url.encode(digest);
}

/** TIKTOK_SCOPES, comma-separated; by default what ViewPact needs (username needs user.info.profile). */
export const defaultScopes = 'user.info.basic,user.info.profile,video.list';
export const scopesSetting = (value: string | undefined) =>
  (value?.trim() ? value : defaultScopes)
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean)
    .join(',');

export function authorizeUrl(options: { base: string; clientKey: string; scopes: string; redirectUri: string; state: string; challenge: string }): string {
  const url = new URL(options.base);
  url.searchParams.set('client_key', options.clientKey);
  url.searchParams.set('scope', options.scopes);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('state', options.state);
  url.searchParams.set('code_challenge', options.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/** How old a webhook's timestamp may be: TikTok retries for 72 hours, each try signed anew. */
export const webhookToleranceSeconds = 5 * 60;

/**
 * Checks a `TikTok-Signature: t=<unix seconds>,s=<hex HMAC-SHA256 of "<t>.<body>">` header
 * against the client secret (reference §7), and that the timestamp is recent.
 */
export async function verifyWebhookSignature(header: string | null, body: string, secret: string, nowMs = Date.now()): Promise<boolean> {
  if (!header || !secret) return false;
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = parts.get('t');
  const signature = parts.get('s');
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > webhookToleranceSeconds) return false;
  return sameText(signature.toLowerCase(), await hmacSha256Hex(secret, `${timestamp}.${body}`));
}

/** The header TikTok sends with a webhook (the sandbox and tests sign with it). */
export async function signWebhook(body: string, secret: string, nowMs = Date.now()): Promise<string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return `t=${timestamp},s=${await hmacSha256Hex(secret, `${timestamp}.${body}`)}`;
}
