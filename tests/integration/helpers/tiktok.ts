import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { sandboxApp } from '../../../server/tiktok-sandbox/oauth';
import type { FunctionEnv } from '../../../supabase/functions/_shared/handler';
import { openVault, storeTokens } from '../../../supabase/functions/_shared/tiktok/tokens';
import type { TestBackend } from './backend';
import type { TestUser } from './users';

/** A token key for a test backend (TOKEN_ENCRYPTION_KEY), so a test can write tokens as the functions do. */
export const newTokenKey = () => randomBytes(32).toString('base64url');

/** The vault of a backend started with `key`, for the sandbox's app unless another is named. */
export async function testVault(key: string, app: { clientKey: string; clientSecret: string } = sandboxApp) {
  const settings: Record<string, string> = { TIKTOK_CLIENT_KEY: app.clientKey, TIKTOK_CLIENT_SECRET: app.clientSecret, TOKEN_ENCRYPTION_KEY: key };
  const vault = await openVault({ get: (name) => settings[name] } satisfies Pick<FunctionEnv, 'get'>);
  return vault!;
}

/** Tokens written straight into tiktok_tokens, encrypted as tiktok-auth writes them, expiring in `expiresIn` seconds. */
export async function giveTokens(
  service: SupabaseClient,
  key: string,
  userId: string,
  tokens: { accessToken: string; refreshToken: string; openId?: string; expiresIn?: number },
  app?: { clientKey: string; clientSecret: string },
) {
  await storeTokens(service, await testVault(key, app), userId, {
    openId: tokens.openId ?? `open-${userId.slice(0, 8)}`,
    scope: 'user.info.basic,user.info.profile,video.list',
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresIn: tokens.expiresIn ?? 7200,
    refreshExpiresIn: 180 * 86_400,
  });
}

/** tiktok-auth as the SPA calls it, from the backend's own origin (where /connect is). */
export async function callTikTokAuth(backend: TestBackend, client: SupabaseClient, body: Record<string, unknown>) {
  const { data, error } = await client.functions.invoke('tiktok-auth', { body, headers: { Origin: backend.url } });
  const answer = error ? await (error as { context?: Response }).context?.json?.().catch(() => null) : data;
  const status = error ? ((error as { context?: Response }).context?.status ?? 0) : 200;
  return { status, answer };
}

export type SandboxAnswer = { code: string | null; state: string | null; error: string | null; redirect: URL };

/**
 * The person's part of a sign-in in the sandbox: starts it (authorize), opens the consent
 * page, and authorizes as `username` (or cancels). Answers what TikTok sends back to /connect.
 */
export async function signInAtSandbox(backend: TestBackend, user: TestUser, username: string, decision: 'allow' | 'deny' = 'allow'): Promise<SandboxAnswer> {
  const { status, answer } = await callTikTokAuth(backend, user.client, { action: 'authorize' });
  if (status !== 200) throw new Error(`authorize answered ${status}: ${JSON.stringify(answer)}`);
  const consent = new URL((answer as { url: string }).url);
  const page = await fetch(consent);
  if (!page.ok) throw new Error(`The consent page answered ${page.status}`);
  const form = new URLSearchParams({ decision, username });
  for (const name of ['redirect_uri', 'state', 'code_challenge', 'scope']) form.set(name, consent.searchParams.get(name) ?? '');
  const decided = await fetch(new URL('decide', consent), { method: 'POST', body: form, redirect: 'manual' });
  const redirect = new URL(decided.headers.get('location')!);
  return { code: redirect.searchParams.get('code'), state: redirect.searchParams.get('state'), error: redirect.searchParams.get('error'), redirect };
}

/** The whole connection in the sandbox: sign-in, then the callback; answers the connection. */
export async function connectInSandbox(backend: TestBackend, user: TestUser, username: string) {
  const { code, state } = await signInAtSandbox(backend, user, username);
  const { status, answer } = await callTikTokAuth(backend, user.client, { action: 'callback', code, state, userId: user.id });
  if (status !== 200) throw new Error(`callback answered ${status}: ${JSON.stringify(answer)}`);
  return (answer as { connection: Record<string, unknown> }).connection;
}
