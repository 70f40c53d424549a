/**
 * GoTrue's answers where hosted Supabase does something particular: a repeated sign-up, PKCE
 * e-mail links, a retried refresh, a banned user's token. Each was read from GoTrue's source
 * (supabase/auth: internal/api/signup.go, pkce.go, verify.go, token.go, tokens/service.go, auth.go).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../server/auth/rate-limit';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, uniqueEmail } from './helpers/users';

/** A supabase-js client in PKCE mode, as @supabase/ssr and the SPA make it; its code verifier stays in memory. */
const pkceClient = (backend: TestBackend): SupabaseClient =>
  createClient(backend.url, backend.anonKey, {
    auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

const mailsTo = (backend: TestBackend, email: string) => backend.mailbox.messages.filter((message) => message.to === email);
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];
const newestLink = (backend: TestBackend, email: string) => linkIn(mailsTo(backend, email)[0].text);

/** Opens an e-mail link as a browser would, without following the redirect: where it leads. */
async function open(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

/** A raw POST to /auth/v1, for what supabase-js keeps to itself (the code verifier). */
const post = (backend: TestBackend, path: string, body: object) =>
  fetch(`${backend.url}/auth/v1/${path}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const exchange = (backend: TestBackend, body: Record<string, string>) => post(backend, 'token?grant_type=pkce', body);

describe('e-mail confirmation on (AUTH_AUTOCONFIRM=0)', () => {
  let backend: TestBackend;
  let clock = Date.now();
  beforeAll(async () => {
    backend = await startBackend({ env: { AUTH_AUTOCONFIRM: '0' }, authLimiter: new RateLimiter(() => clock) });
  });
  afterAll(() => backend?.stop());

  it('a repeated sign-up of a confirmed address answers a made-up user with no identities, and sends nothing', async () => {
    const email = uniqueEmail('confirmed');
    const first = await backend.client().auth.signUp({ email, password: 'secret-pw' });
    await open(newestLink(backend, email));
    const mails = mailsTo(backend, email).length;

    const again = await backend.client().auth.signUp({ email, password: 'other-pw', options: { data: { user_type: 'brand' } } });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    // supabase-js's documented "already registered" test.
    expect(again.data.user!.identities).toEqual([]);
    expect(again.data.user).toMatchObject({ email, role: '', email_confirmed_at: null, user_metadata: { user_type: 'brand' } });
    expect(again.data.user!.id).not.toBe(first.data.user!.id);
    expect(mailsTo(backend, email).length).toBe(mails);
    expect((await backend.client().auth.signInWithPassword({ email, password: 'secret-pw' })).error).toBeNull();
    expect((await backend.client().auth.signInWithPassword({ email, password: 'other-pw' })).error?.code).toBe('invalid_credentials');
  });

  it('a repeated sign-up of an unconfirmed address sends the confirmation again, at most once a minute, for the same user', async () => {
    const email = uniqueEmail('unconfirmed');
    const first = await backend.client().auth.signUp({ email, password: 'secret-pw' });
    expect(first.error).toBeNull();
    const firstLink = newestLink(backend, email);

    const tooSoon = await backend.client().auth.signUp({ email, password: 'secret-pw' });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(mailsTo(backend, email).length).toBe(1);

    clock += 61_000;
    const again = await backend.client().auth.signUp({ email, password: 'other-pw', options: { data: { user_type: 'brand' } } });
    expect(again.error).toBeNull();
    expect(again.data.user!.id).toBe(first.data.user!.id);
    expect(again.data.user!.identities).toHaveLength(1);
    // GoTrue does not change the user: the claimed identity is not proven yet.
    expect(again.data.user!.user_metadata).toEqual(first.data.user!.user_metadata);
    expect(mailsTo(backend, email).length).toBe(2);

    // The new e-mail's link replaces the first one.
    expect((await open(firstLink)).hash).toContain('error_code=otp_expired');
    expect(new URLSearchParams((await open(newestLink(backend, email))).hash.slice(1)).get('access_token')).toBeTruthy();
    expect((await backend.client().auth.signInWithPassword({ email, password: 'secret-pw' })).error).toBeNull();
    expect((await backend.client().auth.signInWithPassword({ email, password: 'other-pw' })).error?.code).toBe('invalid_credentials');
  });

  it('PKCE sign-up and resend: the link leads to ?code=, which the same client trades for a session', async () => {
    const email = uniqueEmail('pkce-signup');
    const client = pkceClient(backend);
    const signUp = await client.auth.signUp({ email, password: 'secret-pw', options: { emailRedirectTo: `${backend.url}/welcome` } });
    expect(signUp.error).toBeNull();
    expect((await backend.server.db.query(`select authentication_method from auth.flow_state where user_id = $1`, [signUp.data.user!.id])).rows).toEqual([
      { authentication_method: 'email/signup' },
    ]);

    // A resend a minute later starts a flow of its own, and its link replaces the first.
    clock += 61_000;
    expect((await client.auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${backend.url}/welcome` } })).error).toBeNull();
    const landing = await open(newestLink(backend, email));
    expect(`${landing.origin}${landing.pathname}`).toBe(`${backend.url}/welcome`);
    expect(landing.hash).toBe('');
    const code = landing.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session!.user).toMatchObject({ id: signUp.data.user!.id, email });
    expect(data.session!.user.email_confirmed_at).toBeTruthy();
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString());
    expect(claims.amr).toEqual([expect.objectContaining({ method: 'email/signup' })]);
    expect((await client.auth.getUser()).data.user?.id).toBe(signUp.data.user!.id);
  });
});

describe('PKCE', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend({ env: { AUTH_REFRESH_TOKEN_REUSE_INTERVAL: '60' } });
  });
  afterAll(() => backend?.stop());

  it('recovery: the link leads to ?code=, traded for a recovery session that sets a new password without the old one', async () => {
    const user = await createUser(backend, 'creator');
    const client = pkceClient(backend);
    expect((await client.auth.resetPasswordForEmail(user.email, { redirectTo: `${backend.url}/reset-password` })).error).toBeNull();
    const link = new URL(newestLink(backend, user.email));
    expect(link.searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{64}$/);
    const landing = await open(link.toString());
    expect(`${landing.origin}${landing.pathname}`).toBe(`${backend.url}/reset-password`);
    expect(landing.hash).toBe('');

    const { data, error } = await client.auth.exchangeCodeForSession(landing.searchParams.get('code')!);
    expect(error).toBeNull();
    // supabase-js then announces PASSWORD_RECOVERY, as it does for an implicit recovery link.
    expect((data as { redirectType?: string | null }).redirectType).toBe('recovery');
    expect(data.user!.id).toBe(user.id);
    expect((await client.auth.updateUser({ password: 'after-pkce-reset' })).error).toBeNull();
    expect((await backend.client().auth.signInWithPassword({ email: user.email, password: 'after-pkce-reset' })).error).toBeNull();
  });

  it('refuses a wrong verifier (the code stays usable), a code used already, and a flow older than five minutes', async () => {
    const user = await createUser(backend, 'creator');
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const recover = await post(backend, 'recover', { email: user.email, code_challenge: challenge, code_challenge_method: 's256' });
    expect(recover.status).toBe(200);
    const code = (await open(newestLink(backend, user.email))).searchParams.get('code')!;

    const wrong = await exchange(backend, { auth_code: code, code_verifier: verifier + 'x' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'bad_code_verifier' });
    const right = await exchange(backend, { auth_code: code, code_verifier: verifier });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ token_type: 'bearer', user: { id: user.id } });
    const twice = await exchange(backend, { auth_code: code, code_verifier: verifier });
    expect(twice.status).toBe(404);
    expect(await twice.json()).toMatchObject({ code: 'flow_state_not_found' });

    // The plain method compares the verifier itself; a flow older than five minutes is refused.
    const other = await createUser(backend, 'creator');
    const plain = 'p'.repeat(50);
    await post(backend, 'recover', { email: other.email, code_challenge: plain, code_challenge_method: 'plain' });
    const plainCode = (await open(newestLink(backend, other.email))).searchParams.get('code')!;
    await backend.server.db.query(`update auth.flow_state set created_at = now() - interval '6 minutes' where user_id = $1`, [other.id]);
    const late = await exchange(backend, { auth_code: plainCode, code_verifier: plain });
    expect(late.status).toBe(422);
    expect(await late.json()).toMatchObject({ code: 'flow_state_expired' });
    await backend.server.db.query(`update auth.flow_state set created_at = now() where user_id = $1`, [other.id]);
    expect((await exchange(backend, { auth_code: plainCode, code_verifier: plain })).status).toBe(200);
  });

  it('checks the challenge as GoTrue does, and the e-mailed code still verifies by POST /verify', async () => {
    const user = await createUser(backend, 'creator');
    for (const [body, message] of [
      [{ code_challenge: 'c'.repeat(43) }, 'PKCE flow requires code_challenge_method and code_challenge'],
      [{ code_challenge: 'short', code_challenge_method: 's256' }, 'code challenge has to be between 43 and 128 characters'],
      [{ code_challenge: 'c'.repeat(42) + '!', code_challenge_method: 's256' }, 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes'],
      [{ code_challenge: 'c'.repeat(43), code_challenge_method: 'md5' }, 'unsupported code_challenge method "md5"'],
    ] as const) {
      for (const path of ['recover', 'signup', 'resend']) {
        const response = await post(backend, path, { email: uniqueEmail('bad'), password: 'secret-pw', type: 'signup', ...body });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ code: 'validation_failed', message });
      }
    }
    expect(mailsTo(backend, user.email)).toEqual([]);

    const client = pkceClient(backend);
    await client.auth.resetPasswordForEmail(user.email);
    const code6 = /(?:Code|รหัส): (\d{6})/.exec(mailsTo(backend, user.email)[0].text)![1];
    const verified = await backend.client().auth.verifyOtp({ type: 'recovery', email: user.email, token: code6 });
    expect(verified.error).toBeNull();
    expect(verified.data.user!.id).toBe(user.id);
  });
});

describe('refresh token reuse (AUTH_REFRESH_TOKEN_REUSE_INTERVAL=60)', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend({ env: { AUTH_REFRESH_TOKEN_REUSE_INTERVAL: '60' } });
  });
  afterAll(() => backend?.stop());

  const ageTokens = (userId: string) =>
    backend.server.db.query(`update auth.refresh_tokens set updated_at = now() - interval '2 minutes' where user_id = $1`, [userId]);

  it('a retry with the token just rotated gets the active refresh token again, even after the interval', async () => {
    const user = await createUser(backend, 'creator');
    const first = (await user.client.auth.getSession()).data.session!;
    const second = (await user.client.auth.refreshSession()).data.session!;
    await ageTokens(user.id);

    const retry = await backend.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(retry.error).toBeNull();
    expect(retry.data.session!.refresh_token).toBe(second.refresh_token);
    // Nothing was revoked: the active token still refreshes, and the session still answers.
    const next = await backend.client().auth.refreshSession({ refresh_token: second.refresh_token });
    expect(next.error).toBeNull();
    expect(next.data.session!.refresh_token).not.toBe(second.refresh_token);
    expect((await backend.client().auth.getUser(retry.data.session!.access_token)).data.user?.id).toBe(user.id);
  });

  it('an older used token gets a new one within the interval; after it, it ends the session', async () => {
    const user = await createUser(backend, 'creator');
    const first = (await user.client.auth.getSession()).data.session!;
    await user.client.auth.refreshSession();
    const third = (await user.client.auth.refreshSession()).data.session!;

    const within = await backend.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(within.error).toBeNull();
    expect([first.refresh_token, third.refresh_token]).not.toContain(within.data.session!.refresh_token);

    const again = await createUser(backend, 'creator');
    const oldest = (await again.client.auth.getSession()).data.session!;
    await again.client.auth.refreshSession();
    const active = (await again.client.auth.refreshSession()).data.session!;
    await ageTokens(again.id);
    const stolen = await backend.client().auth.refreshSession({ refresh_token: oldest.refresh_token });
    expect(stolen.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    expect((await backend.client().auth.refreshSession({ refresh_token: active.refresh_token })).error).toMatchObject({ status: 400 });
    const response = await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${active.access_token}` } });
    expect(response.status).toBe(403);
  });

  it('GET /user with the token of a banned user answers 403 user_banned, and works again once the ban ends', async () => {
    const user = await createUser(backend, 'creator');
    const ban = (until: string) => backend.server.db.query(`update auth.users set banned_until = now() + $2::interval where id = $1`, [user.id, until]);
    await ban('1 day');
    const banned = await user.client.auth.getUser();
    expect(banned.data.user).toBeNull();
    expect(banned.error).toMatchObject({ status: 403, code: 'user_banned', message: 'User is banned' });
    await ban('-1 second');
    expect((await user.client.auth.getUser()).data.user?.id).toBe(user.id);
  });
});
