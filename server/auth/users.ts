import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import bcrypt from '@node-rs/bcrypt';
import type { Queryable } from '../db/types';
import { isDatabaseError } from '../db/types';
import { raisedByPgrst } from '../rest/errors';
import type { Keys } from './keys';
import { AuthError } from './errors';

export type UserRow = {
  id: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | string | null;
  confirmation_sent_at: Date | string | null;
  recovery_sent_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  banned_until: Date | string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | string;
  updated_at: Date | string;
  identities: IdentityRow[] | string;
};

/** A row of auth.identities, as the user query returns it (JSON). */
type IdentityRow = {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
};

export type Session = {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: ReturnType<typeof userJson>;
};

export const passwordMinLength = 6;
// bcrypt ignores what follows the 72nd byte; GoTrue refuses longer passwords.
export const passwordMaxBytes = 72;
/** bcrypt's cost as Supabase Auth sets it: 10 (bcrypt.DefaultCost); 4 (MinCost) where tests ask for quick hashes, as GoTrue's own tests do (QuickHashCost). */
const bcryptCost = { default: 10, quick: 4 } as const;
export type PasswordHashCost = keyof typeof bcryptCost;
const defaultAppMetadata = { provider: 'email', providers: ['email'] };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const userColumns = `id, email, encrypted_password, email_confirmed_at, confirmation_sent_at, recovery_sent_at,
  last_sign_in_at, banned_until, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  (select coalesce(json_agg(i order by i.created_at), '[]') from auth.identities i where i.user_id = users.id) as identities`;

/** GoTrue's identity object: identity_id is the row's id, id the provider's id for the user. */
function identityJson(row: IdentityRow) {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    email: typeof row.identity_data.email === 'string' ? row.identity_data.email : undefined,
  };
}

/** The user object GoTrue returns. */
export function userJson(row: UserRow) {
  return {
    id: row.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: row.email,
    email_confirmed_at: iso(row.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(row.confirmation_sent_at) ?? undefined,
    recovery_sent_at: iso(row.recovery_sent_at) ?? undefined,
    confirmed_at: iso(row.email_confirmed_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    // GoTrue leaves it out unless set.
    banned_until: iso(row.banned_until) ?? undefined,
    app_metadata: row.raw_app_meta_data ?? defaultAppMetadata,
    user_metadata: row.raw_user_meta_data ?? {},
    identities: (typeof row.identities === 'string' ? (JSON.parse(row.identities) as IdentityRow[]) : row.identities).map(identityJson),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    is_anonymous: false,
  };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${userColumns} from auth.users where email = $1 and deleted_at is null`, [
    email.toLowerCase(),
  ]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${userColumns} from auth.users where id = $1 and deleted_at is null`, [id]);
  return rows[0];
}

/**
 * A bcrypt hash as Supabase Auth (Go) writes it: `$2a$`, cost 10. Native (@node-rs/bcrypt) and on
 * libuv's threads, so a sign-in never holds the event loop (bcryptjs took 100-200 ms of it here).
 */
export const hashPassword = (password: string, cost: PasswordHashCost = 'default') => bcrypt.hash(password, { cost: bcryptCost[cost], version: '2a' });

// Compared against when the e-mail is unknown, so that both answers take as long as a known one's.
const decoyHash = (cost: PasswordHashCost) => bcrypt.hashSync(randomBytes(16).toString('hex'), { cost: bcryptCost[cost], version: '2a' });
const decoyHashes: Record<PasswordHashCost, string> = { default: decoyHash('default'), quick: decoyHash('quick') };

export async function passwordMatches(user: UserRow | undefined, password: string, cost: PasswordHashCost = 'default'): Promise<boolean> {
  const hash = user?.encrypted_password;
  if (!hash) {
    await bcrypt.verify(password, decoyHashes[cost]);
    return false;
  }
  return bcrypt.verify(password, hash);
}

/** GoTrue's password rules: at least 6 characters, at most 72 bytes. */
export function checkPassword(password: unknown): string {
  if (typeof password !== 'string' || password === '') {
    throw new AuthError(422, 'validation_failed', 'Password is required');
  }
  if ([...password].length < passwordMinLength) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${passwordMinLength} characters.`, {
      weak_password: { reasons: ['length'], message: `Password should be at least ${passwordMinLength} characters.` },
    });
  }
  if (Buffer.byteLength(password) > passwordMaxBytes) {
    throw new AuthError(422, 'validation_failed', `Password cannot be longer than ${passwordMaxBytes} characters`);
  }
  return password;
}

const emailPattern = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:]{2,}$/;

export function checkEmail(email: unknown): string {
  if (typeof email !== 'string' || email.trim() === '') {
    throw new AuthError(400, 'validation_failed', 'Email is required');
  }
  const trimmed = email.trim().toLowerCase();
  if (trimmed.length > 254 || !emailPattern.test(trimmed)) {
    throw new AuthError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
  }
  return trimmed;
}

const maxMetadataBytes = 8 * 1024;

export function checkMetadata(data: unknown): Record<string, unknown> {
  if (data === undefined || data === null) return {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new AuthError(400, 'validation_failed', 'User metadata must be a JSON object');
  }
  if (Buffer.byteLength(JSON.stringify(data)) > maxMetadataBytes) {
    throw new AuthError(400, 'validation_failed', `User metadata is larger than ${maxMetadataBytes} bytes`);
  }
  return data as Record<string, unknown>;
}

/**
 * Turns the sign-up trigger's refusals into GoTrue-style errors: SQLSTATE PGRST (a JSON
 * body and status, PostgREST's mechanism), or the older PTxxx with the code in the hint.
 */
export function authErrorFromDatabase(error: unknown): never {
  if (isDatabaseError(error)) {
    if (error.code === 'PGRST') {
      const raised = (() => {
        try {
          return raisedByPgrst(error);
        } catch {
          return undefined;
        }
      })();
      if (!raised) throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
      throw new AuthError(raised.response.status, raised.body.code, raised.body.message);
    }
    if (/^PT\d{3}$/.test(error.code!)) {
      throw new AuthError(Number(error.code!.slice(2)), error.hint || 'unexpected_failure', error.message);
    }
    if (error.code === '23505') throw new AuthError(422, 'user_already_exists', 'User already registered');
    if (error.code === '23514' || error.code === '22P02' || error.code === '22003') {
      throw new AuthError(422, 'validation_failed', 'The sign-up details are not valid');
    }
  }
  throw error;
}

export type NewUser = { email: string; passwordHash: string; data: Record<string, unknown>; confirmed: boolean };

/** Inserts an auth user; the sign-up trigger creates the profile in the same transaction. */
export async function insertUser(tx: Queryable, user: NewUser): Promise<UserRow> {
  const id = randomUUID();
  try {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_token, recovery_token, email_change_token_new, email_change,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
         case when $4::boolean then now() end, '', '', '', '', $5::jsonb, $6::jsonb, now(), now(), false, false)`,
      [id, user.email, user.passwordHash, user.confirmed, JSON.stringify(defaultAppMetadata), JSON.stringify(user.data)],
    );
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1, $2, $3::jsonb, 'email', now(), now())`,
      [id, id, JSON.stringify({ sub: id, email: user.email, email_verified: user.confirmed, phone_verified: false })],
    );
  } catch (error) {
    authErrorFromDatabase(error);
  }
  return (await findUserById(tx, id))!;
}

/**
 * What a sign-up answers for an address whose account is confirmed already, while e-mails are
 * confirmed: GoTrue's sanitised user (signup.go, sanitizeUser). A fresh id, no role, the metadata
 * sent, and no identities — which supabase-js callers read as "already registered". Nothing is
 * written and nothing is sent.
 */
export function repeatedSignUpUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  const user = userJson({
    id: randomUUID(),
    email,
    encrypted_password: null,
    email_confirmed_at: null,
    confirmation_sent_at: now,
    recovery_sent_at: null,
    last_sign_in_at: null,
    banned_until: null,
    raw_app_meta_data: defaultAppMetadata,
    raw_user_meta_data: data,
    created_at: now,
    updated_at: now,
    identities: [],
  });
  return { ...user, role: '' };
}

export type SessionMeta = { ip: string; userAgent: string; issuer: string; expiresIn: number };

const newRefreshToken = () => randomBytes(24).toString('base64url');

async function accessToken(keys: Keys, user: UserRow, sessionId: string, meta: SessionMeta, method: string) {
  return keys.sign(
    {
      iss: meta.issuer,
      sub: user.id,
      aud: 'authenticated',
      email: user.email,
      phone: '',
      app_metadata: user.raw_app_meta_data ?? defaultAppMetadata,
      user_metadata: user.raw_user_meta_data ?? {},
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method, timestamp: Math.floor(Date.now() / 1000) }],
      session_id: sessionId,
      is_anonymous: false,
    },
    meta.expiresIn,
  );
}

async function sessionJson(keys: Keys, user: UserRow, sessionId: string, refreshToken: string, meta: SessionMeta, method: string): Promise<Session> {
  const expiresAt = Math.floor(Date.now() / 1000) + meta.expiresIn;
  return {
    access_token: await accessToken(keys, user, sessionId, meta, method),
    token_type: 'bearer',
    expires_in: meta.expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/** Whether the account is banned now (an admin suspended it: public.admin_set_suspended). */
export const isBanned = (user: Pick<UserRow, 'banned_until'>) => user.banned_until !== null && new Date(user.banned_until).getTime() > Date.now();

/** GoTrue's refusal for a banned account, whatever the way in. */
export const userBanned = () => new AuthError(400, 'user_banned', 'User is banned');

/** Starts a session for a user who just proved who they are; a banned user gets none. */
export async function startSession(tx: Queryable, keys: Keys, user: UserRow, meta: SessionMeta, method: string): Promise<Session> {
  if (isBanned(user)) throw userBanned();
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip) values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, user.id, meta.userAgent.slice(0, 500), meta.ip],
  );
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, session_id) values ($1, $2, false, now(), now(), $3)`,
    [sha256(refreshToken), user.id, sessionId],
  );
  await tx.query('insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)', [sessionId, method]);
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [user.id]);
  const fresh = (await findUserById(tx, user.id))!;
  return sessionJson(keys, fresh, sessionId, refreshToken, meta, method);
}

/**
 * A refresh token's successor: derived from it with this installation's key, so that the token a
 * rotation issued can be given again to whoever presents its parent, though tokens are stored
 * only as SHA-256. `n` counts the successors the parent had before.
 */
const successorToken = (keys: Keys, parent: string, n: number) => keys.mac(`refresh-token:${parent}:${n}`);

type TokenRow = { token: string; parent: string | null };

/** Inserts the next successor of `parent` (plain text) into its session; returns it. */
async function rotate(tx: Queryable, keys: Keys, parent: string, userId: string, sessionId: string): Promise<string> {
  const parentHash = sha256(parent);
  const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from auth.refresh_tokens where parent = $1', [parentHash]);
  const next = successorToken(keys, parent, rows[0].n);
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id) values ($1, $2, false, now(), now(), $3, $4)`,
    [sha256(next), userId, parentHash, sessionId],
  );
  return next;
}

/** The plain text of `active` when it is a successor of `presented`, else undefined. */
async function successorText(tx: Queryable, keys: Keys, presented: string, active: TokenRow): Promise<string | undefined> {
  if (active.parent !== sha256(presented)) return undefined;
  const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from auth.refresh_tokens where parent = $1', [active.parent]);
  for (let n = 0; n < rows[0].n; n++) {
    const candidate = successorToken(keys, presented, n);
    if (sha256(candidate) === active.token) return candidate;
  }
  return undefined;
}

/**
 * Trades a refresh token for a new session token and a new refresh token, as GoTrue does with
 * rotation on (tokens/service.go, RefreshTokenGrant). A token already traded is accepted again
 * when it is the parent of the session's active token (a client that lost the answer retries):
 * the active token comes back, nothing new is issued. Another used token is accepted within
 * `reuseIntervalSeconds` of its use (a new successor); later, it is taken as stolen and the
 * whole session ends. A refusal is returned, not thrown, so that the ending is committed.
 */
export async function refreshSession(tx: Queryable, keys: Keys, refreshToken: string, meta: SessionMeta, reuseIntervalSeconds: number): Promise<Session | AuthError> {
  const { rows } = await tx.query<{ id: string; session_id: string | null; user_id: string; revoked: boolean; reusable: boolean }>(
    `select id, session_id, user_id, revoked, updated_at > now() - make_interval(secs => $2) as reusable
     from auth.refresh_tokens where token = $1 for update`,
    [sha256(refreshToken), reuseIntervalSeconds],
  );
  const found = rows[0];
  const notFound = new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (!found || !found.session_id) return notFound;
  const sessionId = found.session_id;
  const user = await findUserById(tx, found.user_id);
  if (!user) return notFound;
  // As GoTrue: a banned user's refresh is refused before the token is used up, so that every
  // tab of a suspended account hears why (the app then says the account is suspended).
  if (isBanned(user)) return new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned');
  let issued: string | undefined;
  if (found.revoked) {
    const active = await tx.query<TokenRow>(
      'select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
      [sessionId],
    );
    issued = active.rows[0] ? await successorText(tx, keys, refreshToken, active.rows[0]) : undefined;
    if (!issued && !found.reusable) {
      await tx.query('delete from auth.sessions where id = $1', [sessionId]);
      return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
  } else {
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [found.id]);
  }
  issued ??= await rotate(tx, keys, refreshToken, user.id, sessionId);
  await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [sessionId]);
  return sessionJson(keys, user, sessionId, issued, meta, await sessionMethod(tx, sessionId));
}

/** How the session began: 'password', 'recovery' (a reset link) or 'otp' (a confirmation link). */
export async function sessionMethod(tx: Queryable, sessionId: string): Promise<string> {
  const { rows } = await tx.query<{ authentication_method: string }>(
    'select authentication_method from auth.mfa_amr_claims where session_id = $1 order by created_at limit 1',
    [sessionId],
  );
  return rows[0]?.authentication_method ?? 'password';
}

export const oneTimeTokenLifetimeSeconds = 60 * 60;

export type OneTimeKind = 'recovery_token' | 'confirmation_token';

/** GoTrue's prefix of a token hash whose link ends in a PKCE flow (an auth code, not a session). */
export const pkcePrefix = 'pkce_';

/**
 * A 6-digit code and the hash a link carries (GoTrue's TokenHash: sha256 of e-mail + code),
 * prefixed with pkce_ when the request began a PKCE flow.
 */
export async function createOneTimeToken(tx: Queryable, user: UserRow, kind: OneTimeKind, pkce = false): Promise<{ code: string; tokenHash: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const tokenHash = (pkce ? pkcePrefix : '') + sha256(user.email + code);
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, created_at = now(), updated_at = now()`,
    [user.id, kind, tokenHash, user.email],
  );
  const column = kind === 'recovery_token' ? 'recovery_sent_at' : 'confirmation_sent_at';
  await tx.query(`update auth.users set ${column} = now() where id = $1`, [user.id]);
  return { code, tokenHash };
}

/**
 * Uses up a one-time token given by one of its hashes (a code from the e-mail matches a PKCE
 * token too, as in GoTrue); returns its user, or undefined when it is unknown or expired.
 */
export async function consumeOneTimeToken(tx: Queryable, kinds: OneTimeKind[], tokenHashes: string[]): Promise<UserRow | undefined> {
  // Only hashes this server makes can match: anything else is no token.
  tokenHashes = tokenHashes.filter((hash) => /^(pkce_)?[0-9a-f]{64}$/.test(hash));
  if (tokenHashes.length === 0) return undefined;
  const { rows } = await tx.query<{ user_id: string; fresh: boolean }>(
    `delete from auth.one_time_tokens where token_hash = any($1::text[]) and token_type = any($2::text[])
     returning user_id, created_at > (now() - make_interval(secs => $3))::timestamp as fresh`,
    [`{${tokenHashes.join(',')}}`, `{${kinds.join(',')}}`, oneTimeTokenLifetimeSeconds],
  );
  const found = rows[0];
  if (!found?.fresh) return undefined;
  await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [found.user_id]);
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1 and provider = 'email'`,
    [found.user_id],
  );
  return findUserById(tx, found.user_id);
}

/** How long a PKCE flow lasts from its request (GoTrue's default flow_state_expiry_duration). */
export const flowStateLifetimeSeconds = 300;

/** What a PKCE flow was started for: GoTrue's authentication methods. */
export type FlowMethod = 'email/signup' | 'recovery';

export type CodeChallenge = { challenge: string; method: 's256' | 'plain' };

/** GoTrue's checks of code_challenge and code_challenge_method (pkce.go); undefined without them. */
export function checkCodeChallenge(input: Record<string, unknown>): CodeChallenge | undefined {
  const challenge = typeof input.code_challenge === 'string' ? input.code_challenge : '';
  const method = typeof input.code_challenge_method === 'string' ? input.code_challenge_method : '';
  if ((challenge === '') !== (method === '')) {
    throw new AuthError(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge === '') return undefined;
  if (challenge.length < 43 || challenge.length > 128) {
    throw new AuthError(400, 'validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw new AuthError(400, 'validation_failed', 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
  const lower = method.toLowerCase();
  if (lower !== 's256' && lower !== 'plain') throw new AuthError(400, 'validation_failed', `unsupported code_challenge method "${method}"`);
  return { challenge, method: lower };
}

/** Stores a PKCE flow for the user (GoTrue's auth.flow_state), with its auth code. */
export async function createFlowState(tx: Queryable, userId: string, method: FlowMethod, providerType: string, pkce: CodeChallenge) {
  await tx.query(
    // GoTrue reads the provider tokens as strings: '' rather than NULL.
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       provider_access_token, provider_refresh_token, created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4::auth.code_challenge_method, $5, $6, '', '', now(), now(), $7)`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, providerType, method],
  );
}

/** The auth code of the user's newest flow for `method`, marked as issued; undefined when there is none. */
export async function issueAuthCode(tx: Queryable, userId: string, method: FlowMethod): Promise<string | undefined> {
  const { rows } = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2 and auth_code is not null
                 order by created_at desc limit 1)
     returning auth_code`,
    [userId, method],
  );
  return rows[0]?.auth_code;
}

const verifierMatches = (challenge: string, method: string, verifier: string) => {
  const expected = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const [a, b] = [Buffer.from(expected), Buffer.from(challenge)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GoTrue's grant_type=pkce (token.go): the auth code and the verifier of its challenge give a
 * session, once. Unknown or used code: 404 flow_state_not_found; older than five minutes: 422
 * flow_state_expired; wrong verifier: 400 bad_code_verifier (the code stays usable).
 */
export async function exchangeAuthCode(tx: Queryable, keys: Keys, authCode: string, verifier: string, meta: SessionMeta): Promise<Session> {
  // Auth codes are UUIDs: anything else is not one (and never reaches the database).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(authCode)) {
    throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  }
  const { rows } = await tx.query<{ id: string; user_id: string | null; code_challenge: string; code_challenge_method: string; authentication_method: string; expired: boolean }>(
    `select id, user_id, code_challenge, code_challenge_method::text, authentication_method,
       created_at < now() - make_interval(secs => $2) as expired
     from auth.flow_state where auth_code = $1 for update`,
    [authCode, flowStateLifetimeSeconds],
  );
  const flow = rows[0];
  if (!flow?.user_id) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (flow.expired) throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  const user = await findUserById(tx, flow.user_id);
  if (!user) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (!verifierMatches(flow.code_challenge, flow.code_challenge_method, verifier)) {
    throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
  return startSession(tx, keys, user, meta, flow.authentication_method);
}
