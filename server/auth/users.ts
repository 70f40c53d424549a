import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
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
const bcryptCost = 10;
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

export const hashPassword = (password: string) => bcrypt.hash(password, bcryptCost);

// Compared against when the e-mail is unknown, so that both answers take as long.
const decoyHash = bcrypt.hashSync(randomBytes(16).toString('hex'), bcryptCost);

export async function passwordMatches(user: UserRow | undefined, password: string): Promise<boolean> {
  const hash = user?.encrypted_password;
  if (!hash) {
    await bcrypt.compare(password, decoyHash);
    return false;
  }
  return bcrypt.compare(password, hash);
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
 * What a sign-up answers for an address that is registered already, while e-mails are confirmed:
 * the user object a new sign-up would get (a fresh id, the metadata sent, one unverified e-mail
 * identity), so that the answer does not tell whether the address has an account. Nothing is
 * written and nothing is sent.
 */
export function lookalikeNewUser(email: string, data: Record<string, unknown>) {
  const id = randomUUID();
  const now = new Date().toISOString();
  const identity: IdentityRow = {
    id: randomUUID(),
    provider_id: id,
    user_id: id,
    identity_data: { sub: id, email, email_verified: false, phone_verified: false },
    provider: 'email',
    last_sign_in_at: null,
    created_at: now,
    updated_at: now,
  };
  return userJson({
    id,
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
    identities: [identity],
  });
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
 * Trades a refresh token for a new session token and a new refresh token. Each token
 * works once: presenting a used one again ends the session (it may have been stolen).
 * A refusal is returned, not thrown, so that the revocation it causes is committed.
 */
export async function refreshSession(tx: Queryable, keys: Keys, refreshToken: string, meta: SessionMeta): Promise<Session | AuthError> {
  const hash = sha256(refreshToken);
  const { rows } = await tx.query<{ id: string; session_id: string; user_id: string; revoked: boolean }>(
    `select id, session_id, user_id, revoked from auth.refresh_tokens where token = $1`,
    [hash],
  );
  const found = rows[0];
  const notFound = new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (!found || !found.session_id) return notFound;
  const user = await findUserById(tx, found.user_id);
  if (!user) return notFound;
  // As GoTrue: a banned user's refresh is refused before the token is used up, so that every
  // tab of a suspended account hears why (the app then says the account is suspended).
  if (isBanned(user)) return new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned');
  const claimed = await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and revoked = false`, [found.id]);
  if (found.revoked || claimed.affectedRows === 0) {
    await tx.query('delete from auth.sessions where id = $1', [found.session_id]);
    return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  const next = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id) values ($1, $2, false, now(), now(), $3, $4)`,
    [sha256(next), user.id, hash, found.session_id],
  );
  await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [found.session_id]);
  return sessionJson(keys, user, found.session_id, next, meta, await sessionMethod(tx, found.session_id));
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

/** A 6-digit code and the hash a link carries (GoTrue's TokenHash: sha256 of e-mail + code). */
export async function createOneTimeToken(tx: Queryable, user: UserRow, kind: OneTimeKind): Promise<{ code: string; tokenHash: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const tokenHash = sha256(user.email + code);
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

/** Uses up a one-time token; returns its user, or undefined when it is unknown or expired. */
export async function consumeOneTimeToken(tx: Queryable, kinds: OneTimeKind[], tokenHash: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<{ user_id: string; fresh: boolean }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2::text[])
     returning user_id, created_at > (now() - make_interval(secs => $3))::timestamp as fresh`,
    [tokenHash, `{${kinds.join(',')}}`, oneTimeTokenLifetimeSeconds],
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
