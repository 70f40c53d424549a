import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../db/types';
import { clientIp } from '../http/client-ip';
import { isAuthFailure, resolveAuth } from '../http/request-auth';
import { AuthError, badJwt, invalidCredentials, tooManyRequests, validationFailed } from './errors';
import type { Claims, Keys } from './keys';
import type { Mailer } from './mailer';
import { RateLimiter } from './rate-limit';
import { addressWaitSeconds, deviceMarkLifetimeSeconds, deviceMarks } from './signin-guard';
import { recoveryMail, signupMail } from './mail-templates';
import {
  checkCodeChallenge,
  checkEmail,
  checkMetadata,
  checkPassword,
  consumeOneTimeToken,
  createFlowState,
  createOneTimeToken,
  exchangeAuthCode,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  isBanned,
  issueAuthCode,
  passwordMatches,
  pkcePrefix,
  refreshSession,
  repeatedSignUpUser,
  sessionMethod,
  sha256,
  startSession,
  userJson,
  type CodeChallenge,
  type FlowMethod,
  type OneTimeKind,
  type Session,
  type SessionMeta,
  type PasswordHashCost,
  type UserRow,
} from './users';

export type AuthSettings = {
  jwtExpiry: number;
  autoconfirm: boolean;
  publicUrl?: string;
  redirectUrls: string[];
  trustProxy: boolean;
  /** Seconds a used refresh token is still accepted (GoTrue's refresh_token_reuse_interval). */
  refreshTokenReuseInterval: number;
  /** 'quick' in tests only (AUTH_QUICK_PASSWORD_HASHES): new hashes at bcrypt's least cost. */
  passwordHashCost: PasswordHashCost;
  limits: {
    signinFailuresPer5Min: number;
    /** Failed sign-ins for one e-mail address (from anywhere) before each further try must wait. */
    signinFailuresPerAddress: number;
    signinAddressMaxDelaySeconds: number;
    signupsPerHour: number;
    emailsPerHour: number;
  };
};

export type AuthAppContext = { db: Database; keys: Keys; mailer: Mailer; settings: AuthSettings; limiter?: RateLimiter };

const apiVersion = { 'X-Supabase-Api-Version': '2024-01-01' };
const fiveMinutes = 5 * 60 * 1000;
const oneHour = 60 * 60 * 1000;
const emailResendMs = 60 * 1000;
const fifteenMinutes = 15 * 60 * 1000;

/** The GoTrue authentication method of a PKCE flow an e-mail of this kind completes. */
const flowMethodOf = (kind: OneTimeKind): FlowMethod => (kind === 'recovery_token' ? 'recovery' : 'email/signup');

/** The GoTrue subset of the local backend: sign-up, sign-in, sessions, recovery. */
export function createAuthApp(ctx: AuthAppContext): Hono {
  const app = new Hono();
  const limiter = ctx.limiter ?? new RateLimiter();
  const { settings } = ctx;
  const devices = deviceMarks(ctx.keys.mac);

  const siteUrl = (c: Context) => settings.publicUrl ?? new URL(c.req.url).origin;

  /** redirect_to if it points at this site or an allowed URL, else the site itself (no open redirects). */
  function safeRedirect(c: Context, target: string | undefined | null): string {
    const site = siteUrl(c);
    if (!target) return site;
    try {
      const url = new URL(target);
      if (!['http:', 'https:'].includes(url.protocol)) return site;
      if (url.origin === new URL(site).origin || settings.redirectUrls.some((allowed) => target.startsWith(allowed))) return target;
    } catch {
      // not a URL
    }
    return site;
  }

  const sessionMeta = (c: Context): SessionMeta => ({
    ip: clientIp(c, settings.trustProxy),
    userAgent: c.req.header('user-agent') ?? '',
    issuer: `${siteUrl(c)}/auth/v1`,
    expiresIn: settings.jwtExpiry,
  });

  async function body(c: Context): Promise<Record<string, unknown>> {
    const text = await c.req.text();
    if (text.length > 64 * 1024) throw new AuthError(413, 'request_too_large', 'Request body is too large');
    if (text.trim() === '') return {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  }

  /** The API key must be valid, as Kong checks on hosted Supabase. */
  async function requireApiKey(c: Context) {
    const auth = await resolveAuth(c.req.raw.headers, ctx.keys);
    if (isAuthFailure(auth)) {
      if (auth.reason === 'no_api_key' || auth.reason === 'bad_api_key') throw new AuthError(401, 'no_api_key', auth.message);
      return undefined;
    }
    return auth;
  }

  /** The signed-in user behind the bearer token, whose session must still exist. */
  async function requireUser(c: Context): Promise<{ user: UserRow; claims: Claims }> {
    const auth = await resolveAuth(c.req.raw.headers, ctx.keys);
    if (isAuthFailure(auth)) {
      if (auth.reason === 'no_api_key') throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
      if (auth.reason === 'bad_api_key') throw new AuthError(401, 'no_api_key', auth.message);
      const detail = { expired: ', token has invalid claims: token is expired', malformed: ', token is malformed: token contains an invalid number of segments' };
      throw badJwt(`invalid JWT: unable to parse or verify signature${auth.reason === 'expired' || auth.reason === 'malformed' ? detail[auth.reason] : ''}`);
    }
    const { claims } = auth;
    if (!claims.sub) throw badJwt('invalid claim: missing sub claim');
    if (claims.session_id) {
      const { rows } = await ctx.db.query('select 1 from auth.sessions where id = $1', [claims.session_id]);
      if (rows.length === 0) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    const user = await findUserById(ctx.db, claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
    return { user, claims };
  }

  function limit(bucket: string, key: string, max: number, windowMs: number, code?: string, message?: string) {
    if (limiter.isLimited(bucket, key, max, windowMs)) {
      const seconds = Math.ceil(limiter.retryAfterMs(bucket, key, windowMs) / 1000);
      throw Object.assign(tooManyRequests(code, message ?? `Too many requests. Please try again in ${seconds} seconds.`), { retryAfter: seconds });
    }
  }

  /**
   * The limits on guessing a password. From a device where this person signed in before (its
   * cookie), only that device's own failures count. Otherwise the caller's IP may fail
   * `signinFailuresPer5Min` times in 5 minutes (429 after), and the address, whoever tries it,
   * slows down after `signinFailuresPerAddress` failures in 15 minutes (each further try waits
   * 1 s, 2 s, 4 s … up to `signinAddressMaxDelaySeconds`): no stranger can lock the owner out,
   * and an e-mailed link always works. Unknown addresses are treated as known ones.
   */
  function signinGuard(c: Context, email: string, user: UserRow | undefined) {
    const ip = clientIp(c, settings.trustProxy);
    const { limits } = settings;
    const knownDevice = user !== undefined && devices.isValid(user.id, getCookie(c, devices.cookieName(user.id)));
    if (knownDevice) {
      limit('signin-device', user.id, limits.signinFailuresPer5Min, fiveMinutes);
    } else {
      limit('signin-failure', ip, limits.signinFailuresPer5Min, fiveMinutes);
      const wait = addressWaitSeconds(limiter.hitTimes('signin-address', email, fifteenMinutes), Date.now(), limits.signinFailuresPerAddress, limits.signinAddressMaxDelaySeconds);
      if (wait > 0) {
        throw Object.assign(tooManyRequests('over_request_rate_limit', `Too many sign-in attempts for this address. Please try again in ${wait} seconds.`), { retryAfter: wait });
      }
    }
    return {
      failed() {
        if (knownDevice) limiter.record('signin-device', user.id, fiveMinutes);
        else limiter.record('signin-failure', ip, fiveMinutes);
        limiter.record('signin-address', email, fifteenMinutes);
      },
      succeeded() {
        limiter.clear('signin-address', email);
      },
    };
  }

  /**
   * A new password needs the current one, except in a session opened by a password-reset link
   * (the person proved they own the mailbox). Wrong guesses count as failed sign-ins.
   */
  async function requireCurrentPassword(c: Context, user: UserRow, claims: Claims, current: unknown) {
    if (claims.session_id && (await sessionMethod(ctx.db, claims.session_id)) === 'recovery') return;
    if (typeof current !== 'string' || current === '') {
      throw new AuthError(400, 'current_password_required', 'Current password required when setting new password.');
    }
    const guard = signinGuard(c, user.email, user);
    if (!(await passwordMatches(user, current, settings.passwordHashCost))) {
      guard.failed();
      throw new AuthError(400, 'current_password_mismatch', 'Current password does not match.');
    }
  }

  /** Remembers this browser as the person's device (an HttpOnly cookie only the auth API reads). */
  function markDevice(c: Context, userId: string) {
    setCookie(c, devices.cookieName(userId), devices.issue(userId), {
      path: '/auth/v1',
      httpOnly: true,
      sameSite: 'Strict',
      secure: siteUrl(c).startsWith('https:'),
      maxAge: deviceMarkLifetimeSeconds,
    });
  }

  /**
   * One e-mail a minute per address and `emailsPerHour` per caller. Claimed before looking the
   * address up, so that an unknown address is limited exactly as a registered one.
   */
  function claimMailSlot(c: Context, email: string) {
    const ip = clientIp(c, settings.trustProxy);
    limit('email-address', email, 1, emailResendMs, 'over_email_send_rate_limit',
      'For security purposes, you can only request this after 60 seconds.');
    limit('email-ip', ip, settings.limits.emailsPerHour, oneHour, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    limiter.record('email-address', email, emailResendMs);
    limiter.record('email-ip', ip, oneHour);
  }

  /**
   * Mails a link and a code; the caller claimed the mail slot. With a code challenge (PKCE) the
   * flow is stored first, and the link then ends in `?code=` for the app to trade (GoTrue's way).
   */
  async function sendOneTimeLink(c: Context, user: UserRow, kind: OneTimeKind, redirectTo: string | undefined, pkce?: { challenge: CodeChallenge; providerType: string }) {
    const { code, tokenHash } = await ctx.db.transaction(async (tx) => {
      if (pkce) await createFlowState(tx, user.id, flowMethodOf(kind), pkce.providerType, pkce.challenge);
      return createOneTimeToken(tx, user, kind, pkce !== undefined);
    });
    const type = kind === 'recovery_token' ? 'recovery' : 'signup';
    const link = `${siteUrl(c)}/auth/v1/verify?token=${tokenHash}&type=${type}&redirect_to=${encodeURIComponent(safeRedirect(c, redirectTo))}`;
    const mail = kind === 'recovery_token' ? recoveryMail(link, code) : signupMail(link, code);
    await ctx.mailer.send({ to: user.email, ...mail });
  }

  app.onError((error, c) => {
    if (error instanceof AuthError) {
      const headers: Record<string, string> = { ...apiVersion };
      const retryAfter = (error as AuthError & { retryAfter?: number }).retryAfter;
      if (retryAfter) headers['Retry-After'] = String(retryAfter);
      return c.json(error.toJSON(), error.status as 400, headers);
    }
    console.error('[auth] unexpected error:', error);
    return c.json({ code: 'unexpected_failure', message: 'Unexpected failure, please check server logs for more information' }, 500, apiVersion);
  });

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Supabase-Api-Version', apiVersion['X-Supabase-Api-Version']);
  });

  app.get('/health', (c) => c.json({ name: 'GoTrue', version: 'viewpact-local', description: 'ViewPact local auth server' }));

  app.get('/settings', async (c) => {
    await requireApiKey(c);
    return c.json({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: settings.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  });

  app.post('/signup', async (c) => {
    await requireApiKey(c);
    const input = await body(c);
    if (input.phone) throw validationFailed('Phone signups are disabled', 'phone_provider_disabled');
    // supabase-js signInAnonymously() is a sign-up without e-mail or phone.
    if (input.email === undefined) throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    const ip = clientIp(c, settings.trustProxy);
    limit('signup', ip, settings.limits.signupsPerHour, oneHour);
    const email = checkEmail(input.email);
    const password = checkPassword(input.password);
    const data = checkMetadata(input.data);
    const pkce = checkCodeChallenge(input);
    limiter.record('signup', ip, oneHour);
    const redirectTo = new URL(c.req.url).searchParams.get('redirect_to') ?? undefined;
    const passwordHash = await hashPassword(password, settings.passwordHashCost);
    const meta = sessionMeta(c);
    // A registered address, as GoTrue answers it (signup.go). While e-mails are confirmed: a
    // confirmed account gets a made-up user with no identities and nothing is sent (only the
    // owner's mailbox could tell); an unconfirmed one gets its confirmation e-mail again, and
    // the same user, unchanged. With autoconfirm the answer would be a session: 422 instead.
    const existing = await findUserByEmail(ctx.db, email);
    if (existing && !settings.autoconfirm) {
      if (existing.email_confirmed_at) return c.json(repeatedSignUpUser(email, data));
      claimMailSlot(c, email);
      await sendOneTimeLink(c, existing, 'confirmation_token', redirectTo, pkce && { challenge: pkce, providerType: 'email' });
      return c.json(userJson((await findUserById(ctx.db, existing.id))!));
    }
    const result = await ctx.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw new AuthError(422, 'user_already_exists', 'User already registered');
      const user = await insertUser(tx, { email, passwordHash, data, confirmed: settings.autoconfirm });
      return settings.autoconfirm ? startSession(tx, ctx.keys, user, meta, 'password') : userJson(user);
    });
    if (!settings.autoconfirm) {
      const user = (await findUserByEmail(ctx.db, email))!;
      claimMailSlot(c, email);
      await sendOneTimeLink(c, user, 'confirmation_token', redirectTo, pkce && { challenge: pkce, providerType: 'email' });
      return c.json(userJson((await findUserById(ctx.db, user.id))!));
    }
    return c.json(result);
  });

  app.post('/token', async (c) => {
    await requireApiKey(c);
    const grant = new URL(c.req.url).searchParams.get('grant_type');
    const input = await body(c);
    const meta = sessionMeta(c);

    if (grant === 'password') {
      if (input.phone && !input.email) throw validationFailed('Phone logins are disabled', 'phone_provider_disabled');
      if (typeof input.email !== 'string' || typeof input.password !== 'string' || !input.email || !input.password) {
        throw validationFailed('You must provide either an email or phone number and a password');
      }
      const email = input.email.trim().toLowerCase();
      const user = await findUserByEmail(ctx.db, email);
      const guard = signinGuard(c, email, user);
      if (!(await passwordMatches(user, input.password, settings.passwordHashCost))) {
        guard.failed();
        throw invalidCredentials();
      }
      if (!user!.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      const session = await ctx.db.transaction((tx) => startSession(tx, ctx.keys, user!, meta, 'password'));
      guard.succeeded();
      markDevice(c, user!.id);
      return c.json(session);
    }

    if (grant === 'refresh_token') {
      if (typeof input.refresh_token !== 'string' || !input.refresh_token) {
        throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      }
      const refreshToken = input.refresh_token;
      const result = await ctx.db.transaction((tx) => refreshSession(tx, ctx.keys, refreshToken, meta, settings.refreshTokenReuseInterval));
      if (result instanceof AuthError) throw result;
      return c.json(result);
    }

    // The second half of a PKCE flow: the auth code an e-mail link gave, with the verifier.
    if (grant === 'pkce') {
      const authCode = typeof input.auth_code === 'string' ? input.auth_code : '';
      const verifier = typeof input.code_verifier === 'string' ? input.code_verifier : '';
      if (!authCode || !verifier) throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
      const session = await ctx.db.transaction((tx) => exchangeAuthCode(tx, ctx.keys, authCode, verifier, meta));
      markDevice(c, session.user.id);
      return c.json(session);
    }

    throw new AuthError(400, 'unsupported_grant_type', `Unsupported grant type: ${grant ?? '(none)'}`);
  });

  app.get('/user', async (c) => {
    const { user } = await requireUser(c);
    return c.json(userJson(user));
  });

  app.put('/user', async (c) => {
    const { user, claims } = await requireUser(c);
    const input = await body(c);
    if (input.email !== undefined && input.email !== null && String(input.email).trim().toLowerCase() !== user.email) {
      throw new AuthError(422, 'email_change_not_allowed', 'Email addresses can only be changed by ViewPact support');
    }
    if (input.phone) throw validationFailed('Phone numbers are not supported', 'phone_provider_disabled');
    const changes: string[] = [];
    const params: unknown[] = [user.id];
    const changesPassword = input.password !== undefined && input.password !== null;
    if (changesPassword) {
      const password = checkPassword(input.password);
      await requireCurrentPassword(c, user, claims, input.current_password);
      if (await passwordMatches(user, password, settings.passwordHashCost)) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      params.push(await hashPassword(password, settings.passwordHashCost));
      changes.push(`encrypted_password = $${params.length}`);
    }
    if (input.data !== undefined && input.data !== null) {
      const data = checkMetadata(input.data);
      const merged: Record<string, unknown> = { ...(user.raw_user_meta_data ?? {}) };
      for (const [key, value] of Object.entries(data)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      checkMetadata(merged);
      params.push(JSON.stringify(merged));
      changes.push(`raw_user_meta_data = $${params.length}::jsonb`);
    }
    if (changes.length) {
      await ctx.db.transaction(async (tx) => {
        await tx.query(`update auth.users set ${changes.join(', ')}, updated_at = now() where id = $1`, params);
        // A new password signs out every other device: whoever knew the old one is out.
        if (changesPassword) await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [user.id, claims.session_id ?? null]);
      });
    }
    return c.json(userJson((await findUserById(ctx.db, user.id))!));
  });

  app.post('/logout', async (c) => {
    const { user, claims } = await requireUser(c);
    const scope = new URL(c.req.url).searchParams.get('scope') ?? 'global';
    if (scope === 'local') {
      await ctx.db.query('delete from auth.sessions where id = $1', [claims.session_id]);
    } else if (scope === 'others') {
      await ctx.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, claims.session_id]);
    } else if (scope === 'global') {
      await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
    } else {
      throw validationFailed('scope must be global, local or others');
    }
    return c.body(null, 204);
  });

  app.post('/recover', async (c) => {
    await requireApiKey(c);
    const input = await body(c);
    const email = checkEmail(input.email);
    const pkce = checkCodeChallenge(input);
    // The answer, and its limits, are the same whether or not the address has an account.
    claimMailSlot(c, email);
    const user = await findUserByEmail(ctx.db, email);
    const redirectTo = new URL(c.req.url).searchParams.get('redirect_to') ?? undefined;
    if (user) await sendOneTimeLink(c, user, 'recovery_token', redirectTo, pkce && { challenge: pkce, providerType: 'recovery' });
    return c.json({});
  });

  app.post('/resend', async (c) => {
    await requireApiKey(c);
    const input = await body(c);
    if (input.type !== 'signup') throw validationFailed('Only signup confirmations can be resent');
    const pkce = checkCodeChallenge(input);
    const email = checkEmail(input.email);
    claimMailSlot(c, email);
    const user = await findUserByEmail(ctx.db, email);
    if (user && !user.email_confirmed_at) {
      const redirectTo = new URL(c.req.url).searchParams.get('redirect_to') ?? undefined;
      await sendOneTimeLink(c, user, 'confirmation_token', redirectTo, pkce && { challenge: pkce, providerType: 'email/signup' });
    }
    return c.json({});
  });

  const kindsFor = (type: unknown): OneTimeKind[] => {
    if (type === 'recovery') return ['recovery_token'];
    if (type === 'signup' || type === 'email') return ['confirmation_token'];
    throw validationFailed('Verify requires a verification type: recovery, signup or email');
  };

  /** GoTrue's authentication method for a session opened by a link: a reset link is 'recovery'. */
  const methodOf = (kinds: OneTimeKind[]) => (kinds.includes('recovery_token') ? 'recovery' : 'otp');

  const verifyFailure = (ip: string) => {
    limiter.record('verify-failure', ip, fiveMinutes);
    return new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  };

  app.post('/verify', async (c) => {
    await requireApiKey(c);
    const input = await body(c);
    const ip = clientIp(c, settings.trustProxy);
    limit('verify-failure', ip, settings.limits.signinFailuresPer5Min, fiveMinutes);
    const kinds = kindsFor(input.type);
    let tokenHashes: string[];
    if (typeof input.token_hash === 'string' && input.token_hash) tokenHashes = [input.token_hash];
    else if (typeof input.token === 'string' && typeof input.email === 'string') {
      // A code from the e-mail matches its token whether the request began a PKCE flow or not (GoTrue's isOtpValid).
      const hash = sha256(checkEmail(input.email) + input.token.trim());
      tokenHashes = [hash, pkcePrefix + hash];
    } else throw validationFailed('Verify requires either a token_hash, or an email and a token');
    const meta = sessionMeta(c);
    const session = await ctx.db.transaction(async (tx) => {
      const user = await consumeOneTimeToken(tx, kinds, tokenHashes);
      return user ? startSession(tx, ctx.keys, user, meta, methodOf(kinds)) : undefined;
    });
    if (!session) throw verifyFailure(ip);
    markDevice(c, session.user.id);
    return c.json(session);
  });

  // The link in an e-mail: opened in a browser, without an API key (an open route on hosted Supabase).
  // A token with the pkce_ prefix came from a PKCE request: the link then gives the newest flow's
  // auth code in the query (`?code=`), for the app to trade with its verifier; otherwise the
  // session itself, in the fragment. Errors go in the fragment, and for PKCE in the query too.
  app.get('/verify', async (c) => {
    const params = new URL(c.req.url).searchParams;
    const redirectTo = new URL(safeRedirect(c, params.get('redirect_to')));
    const ip = clientIp(c, settings.trustProxy);
    const token = params.get('token') ?? '';
    const pkce = token.startsWith(pkcePrefix);
    const fail = (description: string, code = 'otp_expired') => {
      const error = { error: 'access_denied', error_code: code, error_description: description };
      if (pkce) for (const [key, value] of Object.entries(error)) redirectTo.searchParams.set(key, value);
      redirectTo.hash = new URLSearchParams(error).toString();
      return c.redirect(redirectTo.toString(), 303);
    };
    if (limiter.isLimited('verify-failure', ip, settings.limits.signinFailuresPer5Min, fiveMinutes)) {
      return fail('Too many attempts, please try again later');
    }
    const type = params.get('type');
    if (!token || !['recovery', 'signup', 'email'].includes(type ?? '')) return fail('Email link is invalid or has expired');
    const kinds = kindsFor(type);
    const meta = sessionMeta(c);
    let answer: { session: Session } | { code: string } | undefined;
    try {
      answer = await ctx.db.transaction(async (tx) => {
        const user = await consumeOneTimeToken(tx, kinds, [token]);
        if (!user) return undefined;
        if (!pkce) return { session: await startSession(tx, ctx.keys, user, meta, methodOf(kinds)) };
        const code = await issueAuthCode(tx, user.id, flowMethodOf(kinds[0]));
        // Undone with the transaction: the link stays usable, as in GoTrue.
        if (!code) throw new AuthError(400, 'flow_state_not_found', 'No associated flow state found.');
        return { code };
      });
    } catch (error) {
      if (error instanceof AuthError) return fail(error.message, error.code);
      throw error;
    }
    if (!answer) {
      verifyFailure(ip);
      return fail('Email link is invalid or has expired');
    }
    if ('code' in answer) {
      redirectTo.searchParams.set('code', answer.code);
      return c.redirect(redirectTo.toString(), 303);
    }
    const { session } = answer;
    markDevice(c, session.user.id);
    redirectTo.hash = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type: type!,
    }).toString();
    return c.redirect(redirectTo.toString(), 303);
  });

  app.all('*', async (c) => {
    await requireApiKey(c);
    throw new AuthError(404, 'not_found', `${c.req.method} ${new URL(c.req.url).pathname} is not supported by the ViewPact local auth server`);
  });

  return app;
}
