import { AuthApiError, AuthSessionMissingError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, issueInvite, uniqueEmail } from './helpers/users';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.stop());

const profileOf = async (id: string) => {
  const { data, error } = await backend.service().from('profiles').select('*').eq('id', id).single();
  if (error) throw error;
  return data;
};

const userCount = async () => Number((await backend.server.db.query<{ n: string }>('select count(*)::text as n from auth.users')).rows[0].n);

describe('sign-up', () => {
  it('creates the user and a profile from the metadata, stripping @ and parsing the follower count', async () => {
    const email = uniqueEmail('creator');
    const { data, error } = await backend.client().auth.signUp({
      email,
      password: 'secret-pw',
      options: {
        data: {
          first_name: ' Nok ',
          last_name: 'Sukjai',
          tiktok_username: '@nok.dances',
          follower_count: '12500',
          user_type: 'creator',
          role: 'creator',
        },
      },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata.user_type).toBe('creator');
    expect(data.session?.access_token).toBeTruthy();
    const profile = await profileOf(data.user!.id);
    expect(profile).toMatchObject({
      user_type: 'creator',
      first_name: 'Nok',
      last_name: 'Sukjai',
      tiktok_username: 'nok.dances',
      follower_count: 12500,
    });
  });

  it('stores a brand with website, industry and company name, and a follower count given as a number', async () => {
    const { data, error } = await backend.client().auth.signUp({
      email: uniqueEmail('brand'),
      password: 'secret-pw',
      options: {
        data: { user_type: 'brand', first_name: 'GlowLab', last_name: 'Pim', website: 'glowlab.example', industry: 'Beauty', company_name: 'GlowLab Co.', follower_count: 99.7 },
      },
    });
    expect(error).toBeNull();
    expect(await profileOf(data.user!.id)).toMatchObject({
      user_type: 'brand',
      first_name: 'GlowLab',
      website: 'https://glowlab.example',
      industry: 'Beauty',
      company_name: 'GlowLab Co.',
      follower_count: 99,
    });
  });

  it('defaults to a creator profile when no type is given', async () => {
    const { data } = await backend.client().auth.signUp({ email: uniqueEmail('plain'), password: 'secret-pw' });
    expect((await profileOf(data.user!.id)).user_type).toBe('creator');
  });

  it('refuses a weak password with the reasons, and a taken e-mail', async () => {
    const weak = await backend.client().auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });

    const email = uniqueEmail('taken');
    await backend.client().auth.signUp({ email, password: 'secret-pw' });
    const again = await backend.client().auth.signUp({ email: email.toUpperCase(), password: 'secret-pw' });
    expect(again.error).toBeInstanceOf(AuthApiError);
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('refuses a malformed e-mail and unknown account types, leaving no user behind', async () => {
    const before = await userCount();
    const badEmail = await backend.client().auth.signUp({ email: 'not-an-email', password: 'secret-pw' });
    expect(badEmail.error).toMatchObject({ status: 400, code: 'email_address_invalid' });
    const badType = await backend.client().auth.signUp({
      email: uniqueEmail('root'),
      password: 'secret-pw',
      options: { data: { user_type: 'superuser' } },
    });
    expect(badType.error).toMatchObject({ status: 422, code: 'invalid_user_type' });
    const badUsername = await backend.client().auth.signUp({
      email: uniqueEmail('name'),
      password: 'secret-pw',
      options: { data: { tiktok_username: 'has spaces!' } },
    });
    // Raised by the trigger with SQLSTATE PGRST: its status, code and message reach the client.
    expect(badUsername.error).toMatchObject({ status: 400, code: 'invalid_tiktok_username', message: 'A TikTok username has 1 to 24 letters, digits, underscores or dots' });
    expect(await userCount()).toBe(before);
  });
});

describe('admin sign-up', () => {
  it('is refused without an invite, and leaves no user behind', async () => {
    const before = await userCount();
    const email = uniqueEmail('admin');
    const { error } = await backend.client().auth.signUp({ email, password: 'secret-pw', options: { data: { user_type: 'admin' } } });
    expect(error).toMatchObject({ status: 403, code: 'admin_invite_invalid', message: 'A valid admin invite code is required to register as an admin' });
    expect(await userCount()).toBe(before);
    const signIn = await backend.client().auth.signInWithPassword({ email, password: 'secret-pw' });
    expect(signIn.error?.code).toBe('invalid_credentials');
  });

  it('succeeds once with a valid invite, which is then used up and kept out of the token', async () => {
    const code = await issueInvite(backend);
    const anon = backend.client();
    expect((await anon.rpc('admin_invite_is_valid', { code })).data).toBe(true);

    const first = await anon.auth.signUp({
      email: uniqueEmail('admin'),
      password: 'secret-pw',
      options: { data: { user_type: 'admin', first_name: 'Ada', admin_invite_code: code } },
    });
    expect(first.error).toBeNull();
    expect((await profileOf(first.data.user!.id)).user_type).toBe('admin');
    expect(first.data.user!.user_metadata).not.toHaveProperty('admin_invite_code');
    expect((await anon.rpc('admin_invite_is_valid', { code })).data).toBe(false);

    const before = await userCount();
    const second = await backend.client().auth.signUp({
      email: uniqueEmail('admin'),
      password: 'secret-pw',
      options: { data: { user_type: 'admin', admin_invite_code: code } },
    });
    expect(second.error).toMatchObject({ status: 403, code: 'admin_invite_invalid' });
    expect(await userCount()).toBe(before);
  });

  it('refuses an expired invite', async () => {
    const code = await issueInvite(backend, { expiresInSeconds: -1 });
    const { error } = await backend.client().auth.signUp({
      email: uniqueEmail('admin'),
      password: 'secret-pw',
      options: { data: { user_type: 'admin', admin_invite_code: code } },
    });
    expect(error).toMatchObject({ status: 403, code: 'admin_invite_invalid' });
  });

  it('lets an admin issue an invite that works, and nobody else', async () => {
    const admin = await createUser(backend, 'admin');
    const issued = await admin.client.rpc('create_admin_invite', { note: 'for Ploy' }).single<{ code: string; expires_at: string }>();
    expect(issued.error).toBeNull();
    expect(issued.data!.code).toMatch(/^[0-9a-f]{64}$/);
    const { error } = await backend.client().auth.signUp({
      email: uniqueEmail('admin'),
      password: 'secret-pw',
      options: { data: { user_type: 'admin', admin_invite_code: issued.data!.code } },
    });
    expect(error).toBeNull();

    const creator = await createUser(backend, 'creator');
    const refused = await creator.client.rpc('create_admin_invite', {});
    expect(refused.error).toMatchObject({ code: 'admin_only', message: 'Only admins can do this', details: null, hint: null });
    expect(refused.status).toBe(403);
    const anonymous = await backend.client().rpc('create_admin_invite', {});
    expect(anonymous.status).toBe(401);
  });
});

describe('sign-in, session and user', () => {
  it('signs in with a password and returns a session with a Supabase-shaped token', async () => {
    const user = await createUser(backend, 'creator');
    const client = backend.client();
    const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(data.session!.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id, role: 'authenticated', aud: 'authenticated', email: user.email, aal: 'aal1', is_anonymous: false });
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.auth.getSession()).data.session?.user.id).toBe(user.id);
    const got = await client.auth.getUser();
    expect(got.data.user).toMatchObject({ id: user.id, email: user.email, aud: 'authenticated', app_metadata: { provider: 'email' } });
  });

  it('answers wrong credentials and unknown e-mails alike', async () => {
    const user = await createUser(backend, 'creator');
    const wrong = await backend.client().auth.signInWithPassword({ email: user.email, password: 'wrong-password' });
    const unknown = await backend.client().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'whatever' });
    for (const { error } of [wrong, unknown]) {
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('updates metadata (null removes a key) and the password', async () => {
    const user = await createUser(backend, 'creator', { nickname: 'nok' });
    const updated = await user.client.auth.updateUser({ data: { user_type: 'creator', nickname: null, theme: 'dark' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user!.user_metadata).toMatchObject({ user_type: 'creator', theme: 'dark' });
    expect(updated.data.user!.user_metadata).not.toHaveProperty('nickname');

    const same = await user.client.auth.updateUser({ password: user.password, current_password: user.password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const changed = await user.client.auth.updateUser({ password: 'brand-new-pw', current_password: user.password });
    expect(changed.error).toBeNull();
    expect((await backend.client().auth.signInWithPassword({ email: user.email, password: user.password })).error?.code).toBe('invalid_credentials');
    expect((await backend.client().auth.signInWithPassword({ email: user.email, password: 'brand-new-pw' })).error).toBeNull();
  });

  it('does not let metadata change the account type the database knows', async () => {
    const user = await createUser(backend, 'creator');
    await user.client.auth.updateUser({ data: { user_type: 'admin' } });
    expect((await profileOf(user.id)).user_type).toBe('creator');
    const metrics = await user.client.rpc('admin_metrics');
    expect(metrics.status).toBe(403);
  });

  it('refuses to change the e-mail address (support does it)', async () => {
    const user = await createUser(backend, 'creator');
    const { error } = await user.client.auth.updateUser({ email: uniqueEmail('new') });
    expect(error).toMatchObject({ status: 422, code: 'email_change_not_allowed' });
  });
});

describe('password change', () => {
  it('asks for the current password, counts wrong ones, and signs every other device out', async () => {
    const user = await createUser(backend, 'creator');
    const otherDevice = (await backend.client().auth.signInWithPassword({ email: user.email, password: user.password })).data.session!;

    const missing = await user.client.auth.updateUser({ password: 'new-password-1' });
    expect(missing.error).toMatchObject({ status: 400, code: 'current_password_required' });
    const wrong = await user.client.auth.updateUser({ password: 'new-password-1', current_password: 'not-the-password' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_mismatch' });
    expect((await backend.client().auth.signInWithPassword({ email: user.email, password: 'new-password-1' })).error?.code).toBe('invalid_credentials');

    const changed = await user.client.auth.updateUser({ password: 'new-password-1', current_password: user.password });
    expect(changed.error).toBeNull();
    expect((await user.client.auth.getUser()).error).toBeNull();
    const signedOut = await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${otherDevice.access_token}` } });
    expect(signedOut.status).toBe(403);
    expect(await signedOut.json()).toMatchObject({ code: 'session_not_found' });
    expect((await backend.client().auth.signInWithPassword({ email: user.email, password: 'new-password-1' })).error).toBeNull();
  });

  it('needs no current password in a session a reset link opened, even after a refresh', async () => {
    const user = await createUser(backend, 'creator');
    await backend.client().auth.resetPasswordForEmail(user.email);
    const link = new URL(/https?:\/\/\S+/.exec(backend.mailbox.messages.find((m) => m.to === user.email)!.text)![0]);
    const recovering = backend.client();
    expect((await recovering.auth.verifyOtp({ type: 'recovery', token_hash: link.searchParams.get('token')! })).error).toBeNull();
    expect((await recovering.auth.refreshSession()).error).toBeNull();
    expect((await recovering.auth.updateUser({ password: 'after-reset-pw' })).error).toBeNull();
    expect((await backend.client().auth.signInWithPassword({ email: user.email, password: 'after-reset-pw' })).error).toBeNull();
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh gives a new token, and one used before the last, reused after the reuse interval, ends the session', async () => {
    const user = await createUser(backend, 'creator');
    const first = (await user.client.auth.getSession()).data.session!;
    const refreshed = await user.client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user.id).toBe(user.id);
    const third = (await user.client.auth.refreshSession()).data.session!;
    expect(third.refresh_token).not.toBe(second.refresh_token);

    // Outside the reuse interval (10 s), a token older than the active one's parent is taken as stolen.
    await backend.server.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where user_id = $1`, [user.id]);
    const thief = backend.client();
    const reuse = await thief.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    // The whole session is revoked: the active token no longer works either.
    const after = await backend.client().auth.refreshSession({ refresh_token: third.refresh_token });
    expect(after.error?.code).toMatch(/refresh_token_(not_found|already_used)/);
    // And so is every access token of that session.
    for (const token of [first.access_token, third.access_token]) {
      const response = await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(403);
    }
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await backend.client().auth.refreshSession({ refresh_token: 'not-a-real-token' });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('sign-out', () => {
  async function signedInTwice() {
    const user = await createUser(backend, 'creator');
    const other = backend.client();
    await other.auth.signInWithPassword({ email: user.email, password: user.password });
    return { user, other };
  }

  it('local ends this session only', async () => {
    const { user, other } = await signedInTwice();
    const token = (await user.client.auth.getSession()).data.session!.access_token;
    expect((await user.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await user.client.auth.getSession()).data.session).toBeNull();
    const stale = await backend.client().auth.getUser(token);
    expect(stale.error).toBeInstanceOf(AuthSessionMissingError);
    expect((await other.auth.getUser()).error).toBeNull();
  });

  it('global ends every session; others keeps this one', async () => {
    const a = await signedInTwice();
    await a.user.client.auth.signOut({ scope: 'others' });
    expect((await a.user.client.auth.getUser()).error).toBeNull();
    expect((await a.other.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);

    const b = await signedInTwice();
    const refresh = (await b.other.auth.getSession()).data.session!.refresh_token;
    await b.user.client.auth.signOut();
    expect((await b.other.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
    expect((await backend.client().auth.refreshSession({ refresh_token: refresh })).error).toBeTruthy();
  });
});

describe('password recovery', () => {
  const lastMailTo = (email: string) => backend.mailbox.messages.find((message) => message.to === email);

  it('mails a link whose token signs the user in for a password change', async () => {
    const user = await createUser(backend, 'creator');
    const anon = backend.client();
    expect((await anon.auth.resetPasswordForEmail(user.email, { redirectTo: `${backend.url}/reset-password` })).error).toBeNull();
    const mail = lastMailTo(user.email)!;
    expect(mail.subject).toMatch(/Reset your ViewPact password/);
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('redirect_to')).toBe(`${backend.url}/reset-password`);

    const verified = await anon.auth.verifyOtp({ type: 'recovery', token_hash: link.searchParams.get('token')! });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(user.id);
    expect((await anon.auth.updateUser({ password: 'recovered-pw' })).error).toBeNull();
    expect((await backend.client().auth.signInWithPassword({ email: user.email, password: 'recovered-pw' })).error).toBeNull();

    const replay = await backend.client().auth.verifyOtp({ type: 'recovery', token_hash: link.searchParams.get('token')! });
    expect(replay.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('redirects the e-mail link to the app with the session in the fragment, and never off-site', async () => {
    const user = await createUser(backend, 'creator');
    await backend.client().auth.resetPasswordForEmail(user.email, { redirectTo: 'https://evil.example/steal' });
    const link = /https?:\/\/\S+/.exec(lastMailTo(user.email)!.text)![0];
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe(backend.url);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('access_token')).toBeTruthy();
    const reused = await fetch(link, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(reused.headers.get('location')!).hash.slice(1)).get('error_code')).toBe('otp_expired');
  });

  it('verifies the 6-digit code from the e-mail too', async () => {
    const user = await createUser(backend, 'creator');
    await backend.client().auth.resetPasswordForEmail(user.email);
    const code = /(?:Code|รหัส): (\d{6})/.exec(lastMailTo(user.email)!.text)![1];
    const wrong = await backend.client().auth.verifyOtp({ type: 'recovery', email: user.email, token: code === '000000' ? '111111' : '000000' });
    expect(wrong.error?.code).toBe('otp_expired');
    const right = await backend.client().auth.verifyOtp({ type: 'recovery', email: user.email, token: code });
    expect(right.error).toBeNull();
  });

  it('answers the same for an unknown address, and sends nothing', async () => {
    const count = backend.mailbox.messages.length;
    const { error } = await backend.client().auth.resetPasswordForEmail(uniqueEmail('nobody'));
    expect(error).toBeNull();
    expect(backend.mailbox.messages.length).toBe(count);
  });

  it('limits a registered and an unknown address alike (one e-mail a minute)', async () => {
    const user = await createUser(backend, 'creator');
    const unknown = uniqueEmail('nobody');
    const answers = [];
    for (const email of [user.email, unknown, user.email, unknown]) {
      const { error } = await backend.client().auth.resetPasswordForEmail(email);
      answers.push(error ? `${error.status} ${error.code}` : 'ok');
    }
    expect(answers).toEqual(['ok', 'ok', '429 over_email_send_rate_limit', '429 over_email_send_rate_limit']);
  });

  it('refuses a link older than an hour', async () => {
    const user = await createUser(backend, 'creator');
    await backend.client().auth.resetPasswordForEmail(user.email);
    const token = new URL(/https?:\/\/\S+/.exec(lastMailTo(user.email)!.text)![0]).searchParams.get('token')!;
    await backend.server.db.query(`update auth.one_time_tokens set created_at = now() - interval '61 minutes' where user_id = $1`, [user.id]);
    const late = await backend.client().auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(late.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });
});

describe('tokens that must not work', () => {
  const forge = (claims: object, alg = 'HS256', signature = 'c2lnbmF0dXJl') =>
    [Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url'), Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');

  it('refuses tampered, expired, alg-none and wrong-audience tokens on /auth/v1/user', async () => {
    const user = await createUser(backend, 'creator');
    const token = (await user.client.auth.getSession()).data.session!.access_token;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = [header, Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url'), signature].join('.');
    const expired = await backend.server.keys.sign({ ...claims, exp: undefined, iat: undefined }, -10);
    const none = forge({ ...claims }, 'none', '');
    const otherAudience = await backend.server.keys.sign({ ...claims, aud: 'another-api', exp: undefined, iat: undefined }, 600);
    for (const bad of [tampered, expired, none, otherAudience]) {
      const response = await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${bad}` } });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'bad_jwt' });
    }
  });

  it('refuses a bearer token that is not a JWT, instead of falling back to the API key', async () => {
    const { data, error } = await backend.client().auth.getUser('opaque-token');
    expect(data.user).toBeNull();
    expect(error).toMatchObject({
      status: 403,
      code: 'bad_jwt',
      message: 'invalid JWT: unable to parse or verify signature, token is malformed: token contains an invalid number of segments',
    });
  });
});

describe('the GoTrue surface', () => {
  const auth = (path: string, init: RequestInit = {}) =>
    fetch(`${backend.url}/auth/v1/${path}`, { ...init, headers: { apikey: backend.anonKey, 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) } });

  it('answers /settings and /health as GoTrue does, with its API version on every answer', async () => {
    const settings = await auth('settings');
    expect(settings.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await settings.json()).toMatchObject({ external: { email: true, phone: false }, disable_signup: false, mailer_autoconfirm: true });
    expect((await auth('health')).status).toBe(200);
    const refused = await auth('signup', { method: 'POST', body: JSON.stringify({ email: 'bad', password: 'secret-pw' }) });
    expect(refused.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await refused.json()).toMatchObject({ code: 'email_address_invalid', error_code: 'email_address_invalid', msg: 'Unable to validate email address: invalid format' });
  });

  it('answers 404 for what it does not implement: admin, one-time-password, MFA and SSO endpoints', async () => {
    for (const [method, path] of [['GET', 'admin/users'], ['POST', 'otp'], ['POST', 'invite'], ['POST', 'factors'], ['POST', 'sso'], ['GET', 'authorize?provider=github']]) {
      const response = await auth(path, { method, body: method === 'POST' ? '{}' : undefined });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
    const otp = await backend.client().auth.signInWithOtp({ email: uniqueEmail('otp') });
    expect(otp.error).toMatchObject({ status: 404 });
  });

  it('refuses anonymous and phone sign-ups as GoTrue does with those providers off', async () => {
    const anonymous = await backend.client().auth.signInAnonymously();
    expect(anonymous.error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
    const phone = await backend.client().auth.signUp({ phone: '+66800000000', password: 'secret-pw' });
    expect(phone.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
  });
});

describe('identities', () => {
  it('returns the e-mail identity GoTrue keeps, on sign-up and from GET /user', async () => {
    const email = uniqueEmail('identity');
    const { data, error } = await backend.client().auth.signUp({ email, password: 'secret-pw' });
    expect(error).toBeNull();
    const user = data.user!;
    const identity = {
      identity_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      id: user.id,
      user_id: user.id,
      identity_data: { sub: user.id, email, email_verified: true, phone_verified: false },
      provider: 'email',
      last_sign_in_at: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      email,
    };
    expect(user.identities).toEqual([identity]);
    const fetched = await backend.client().auth.getUser(data.session!.access_token);
    expect(fetched.data.user!.identities).toEqual([{ ...identity, identity_id: user.identities![0].identity_id }]);
  });
});

describe('refusals raised by a sign-up trigger', () => {
  beforeAll(async () => {
    await backend.server.db.exec(`
      create schema test_hooks;
      create function test_hooks.refuse_signup() returns trigger language plpgsql as $$
      begin
        if new.raw_user_meta_data ->> 'refuse_with' = 'pgrst' then
          raise sqlstate 'PGRST' using
            message = json_build_object('code', 'signups_closed', 'message', 'Sign-ups are closed today', 'details', null, 'hint', null)::text,
            detail = json_build_object('status', 403, 'headers', json_build_object())::text;
        elsif new.raw_user_meta_data ->> 'refuse_with' = 'pt' then
          raise exception 'Legacy refusal' using errcode = 'PT409', hint = 'legacy_code';
        end if;
        return new;
      end $$;
      create trigger a_test_refusal before insert on auth.users for each row execute function test_hooks.refuse_signup();
    `);
  });
  afterAll(() => backend.server.db.exec('drop trigger a_test_refusal on auth.users; drop schema test_hooks cascade'));

  it('answer SQLSTATE PGRST with the status, code and message the SQL chose, leaving no user behind', async () => {
    const before = await userCount();
    const { error } = await backend.client().auth.signUp({ email: uniqueEmail('closed'), password: 'secret-pw', options: { data: { refuse_with: 'pgrst' } } });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 403, code: 'signups_closed', message: 'Sign-ups are closed today' });
    expect(await userCount()).toBe(before);
  });

  it('still answer the older PTxxx with the code in the hint', async () => {
    const { error } = await backend.client().auth.signUp({ email: uniqueEmail('legacy'), password: 'secret-pw', options: { data: { refuse_with: 'pt' } } });
    expect(error).toMatchObject({ status: 409, code: 'legacy_code', message: 'Legacy refusal' });
  });
});

describe('rate limits', () => {
  it('answer 429 after too many failed sign-ins or sign-ups from one address', async () => {
    const limited = await startBackend({ env: { AUTH_SIGNIN_FAILURES_PER_5MIN: '3', AUTH_SIGNUPS_PER_HOUR: '2' } });
    try {
      const client = limited.client();
      for (let i = 0; i < 3; i++) {
        expect((await client.auth.signInWithPassword({ email: 'x@example.test', password: 'wrong-one' })).error?.status).toBe(400);
      }
      const blocked = await client.auth.signInWithPassword({ email: 'x@example.test', password: 'wrong-one' });
      expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
      const raw = await fetch(`${limited.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: limited.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'x@example.test', password: 'wrong-one' }),
      });
      expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);

      expect((await client.auth.signUp({ email: uniqueEmail('a'), password: 'secret-pw' })).error).toBeNull();
      expect((await client.auth.signUp({ email: uniqueEmail('b'), password: 'secret-pw' })).error).toBeNull();
      const third = await client.auth.signUp({ email: uniqueEmail('c'), password: 'secret-pw' });
      expect(third.error).toMatchObject({ status: 429 });
    } finally {
      await limited.stop();
    }
  });
});

describe('sign-in limits per address and per IP', () => {
  let guarded: TestBackend;
  beforeAll(async () => {
    guarded = await startBackend({
      env: { TRUST_PROXY: '1', AUTH_SIGNIN_FAILURES_PER_5MIN: '5', AUTH_SIGNIN_FAILURES_PER_ADDRESS: '3', AUTH_SIGNIN_ADDRESS_MAX_DELAY_SEC: '2' },
    });
  });
  afterAll(() => guarded?.stop());

  /** A password sign-in as a browser at `ip` would send it, with the cookies it keeps. */
  async function signIn(email: string, password: string, ip: string, cookie = '') {
    const response = await fetch(`${guarded.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: guarded.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': ip, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ email, password }),
    });
    const body = (await response.json()) as { code?: string };
    return { status: response.status, code: body.code, retryAfter: Number(response.headers.get('retry-after') ?? 0), cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '' };
  }
  const owner = async () => {
    const user = await createUser(guarded, 'creator');
    const first = await signIn(user.email, user.password, '10.0.0.1');
    expect(first.status).toBe(200);
    expect(first.cookie).toMatch(/^sb-device-[0-9a-f]{16}=\d+\./);
    return { ...user, deviceCookie: first.cookie };
  };

  it('slows an address guessed from 25 IPs, yet lets the owner in from their device, or after the wait', async () => {
    const user = await owner();
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await signIn(user.email, `wrong-${i}`, `203.0.113.${i + 1}`));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([400, 400, 400]);
    expect(answers.slice(3).every((a) => a.status === 429 && a.code === 'over_request_rate_limit' && a.retryAfter >= 1 && a.retryAfter <= 2)).toBe(true);

    const elsewhere = await signIn(user.email, user.password, '198.51.100.8');
    expect(elsewhere.status).toBe(429);
    // The server's throttle counts real seconds: the wait it names (1-2 s) is what the owner waits.
    // eslint-disable-next-line no-restricted-syntax
    await new Promise((resolve) => setTimeout(resolve, elsewhere.retryAfter * 1000 + 100));
    expect((await signIn(user.email, user.password, '198.51.100.8')).status).toBe(200);

    for (let i = 0; i < 10; i++) await signIn(user.email, `wrong-again-${i}`, `203.0.113.${i + 100}`);
    expect((await signIn(user.email, user.password, '198.51.100.9')).status).toBe(429);
    expect((await signIn(user.email, user.password, '198.51.100.7', user.deviceCookie)).status).toBe(200);
  });

  it('answers an unknown address as a registered one', async () => {
    const user = await owner();
    const nobody = uniqueEmail('nobody');
    for (const email of [user.email, nobody]) {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await signIn(email, 'wrong-pw', `192.0.2.${i + 10}`)).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
    }
  });

  it('throttles a guessing IP without keeping the owner on it out: their device, or an e-mailed link', async () => {
    const user = await owner();
    for (let i = 0; i < 5; i++) expect((await signIn(uniqueEmail('guess'), 'wrong-pw', '10.66.0.1')).status).toBe(400);
    expect((await signIn(uniqueEmail('guess'), 'wrong-pw', '10.66.0.1')).status).toBe(429);
    expect((await signIn(user.email, user.password, '10.66.0.1')).status).toBe(429);
    expect((await signIn(user.email, user.password, '10.66.0.1', user.deviceCookie)).status).toBe(200);

    const reset = await fetch(`${guarded.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: guarded.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': '10.66.0.1' },
      body: JSON.stringify({ email: user.email }),
    });
    expect(reset.status).toBe(200);
    const link = /https?:\/\/\S+/.exec(guarded.mailbox.messages.find((m) => m.to === user.email)!.text)![0];
    const opened = await fetch(link, { redirect: 'manual', headers: { 'X-Forwarded-For': '10.66.0.1' } });
    expect(new URLSearchParams(new URL(opened.headers.get('location')!).hash.slice(1)).get('access_token')).toBeTruthy();
  });

  it('honours only a device mark made for this person by this server', async () => {
    const user = await owner();
    const someoneElse = await owner();
    const forged = user.deviceCookie.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const borrowed = someoneElse.deviceCookie.replace(/^[^=]+/, user.deviceCookie.split('=')[0]);
    for (let i = 0; i < 3; i++) await signIn(user.email, 'wrong-pw', `10.77.0.${i + 1}`);
    expect((await signIn(user.email, user.password, '10.77.1.1', forged)).status).toBe(429);
    expect((await signIn(user.email, user.password, '10.77.1.2', borrowed)).status).toBe(429);
    expect((await signIn(user.email, user.password, '10.77.1.3', user.deviceCookie)).status).toBe(200);
  });
});

describe('e-mail confirmation (AUTH_AUTOCONFIRM=0)', () => {
  it('holds sign-in until the link in the e-mail is opened', async () => {
    const confirming = await startBackend({ env: { AUTH_AUTOCONFIRM: '0' } });
    try {
      const email = uniqueEmail('confirm');
      const signUp = await confirming.client().auth.signUp({ email, password: 'secret-pw' });
      expect(signUp.error).toBeNull();
      expect(signUp.data.session).toBeNull();
      expect(signUp.data.user!.identities).toEqual([expect.objectContaining({ provider: 'email', identity_data: expect.objectContaining({ email_verified: false }) })]);
      const early = await confirming.client().auth.signInWithPassword({ email, password: 'secret-pw' });
      expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
      // One e-mail per address per minute; an unknown address gets the same answer as a known one.
      expect((await confirming.client().auth.resend({ type: 'signup', email })).error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
      expect((await confirming.client().auth.resend({ type: 'signup', email: uniqueEmail('nobody') })).error).toBeNull();
      const link = /https?:\/\/\S+/.exec(confirming.mailbox.messages[0].text)![0];
      expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
      const signedIn = await confirming.client().auth.signInWithPassword({ email, password: 'secret-pw' });
      expect(signedIn.error).toBeNull();
      expect(signedIn.data.user!.identities![0].identity_data).toMatchObject({ email_verified: true });

      // Signing up again with a confirmed address answers GoTrue's made-up user: a 200 of the same
      // shape as a new one, with no identities, and nothing written or sent (gotrue-flows has more).
      const mails = confirming.mailbox.messages.length;
      const fresh = await confirming.client().auth.signUp({ email: uniqueEmail('fresh'), password: 'other-pw', options: { data: { user_type: 'creator' } } });
      const again = await confirming.client().auth.signUp({ email, password: 'other-pw', options: { data: { user_type: 'creator' } } });
      expect(again.error).toBeNull();
      expect(again.data.session).toBeNull();
      const shape = (user: object) => Object.keys(user).sort();
      expect(shape(again.data.user!)).toEqual(shape(fresh.data.user!));
      expect(again.data.user!.id).not.toBe(signedIn.data.user!.id);
      expect(again.data.user!.identities).toEqual([]);
      expect(again.data.user!.user_metadata).toEqual(fresh.data.user!.user_metadata);
      expect(confirming.mailbox.messages.length).toBe(mails + 1);
      expect((await confirming.client().auth.signInWithPassword({ email, password: 'secret-pw' })).error).toBeNull();
      expect((await confirming.client().auth.signInWithPassword({ email, password: 'other-pw' })).error).not.toBeNull();
    } finally {
      await confirming.stop();
    }
  });
});
