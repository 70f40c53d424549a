import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export type Claims = JWTPayload & {
  role: ApiRole;
  sub?: string;
  email?: string;
  session_id?: string;
};

export type Keys = {
  /** Today's browser key (`sb_publishable_…`): role anon, as on hosted Supabase. */
  publishableKey: string;
  /** Today's server key (`sb_secret_…`): role service_role, refused from a browser. */
  secretKey: string;
  /** The legacy JWT keys, accepted as long as hosted Supabase accepts them (the end of 2026). */
  anonKey: string;
  serviceRoleKey: string;
  /** The role an API key stands for, or undefined when it is none of this installation's four keys. */
  apiKeyRole(key: string): 'anon' | 'service_role' | undefined;
  sign(claims: Record<string, unknown>, expiresInSeconds: number): Promise<string>;
  /** Verifies an HS256 token's signature and expiry; throws TokenError otherwise. */
  verify(token: string): Promise<Claims>;
  /** An HMAC-SHA256 of the text with this installation's secret (base64url), for marks that are not tokens. */
  mac(text: string): string;
};

export class TokenError extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

const roles: readonly string[] = ['anon', 'authenticated', 'service_role'];
// API keys never expire in practice; fixed dates keep them stable across restarts.
const keyIssuedAt = 1767225600; // 2026-01-01
const keyExpiresAt = 4102444800; // 2100-01-01

/**
 * A secret of this installation: from the environment, else generated once and kept in a
 * file of the data directory (readable by the server's user only), so restarts keep it.
 */
export async function loadKeptSecret(configured: string | undefined, dataDir: string, fileName: string, generate: () => string): Promise<string> {
  if (configured) return configured;
  if (dataDir === 'memory') return generate();
  const file = join(dataDir, fileName);
  const kept = await readFile(file, 'utf8').catch(() => undefined);
  if (kept?.trim()) return kept.trim();
  // Empty: a first start was killed between creating the file and writing it (the first versions
  // wrote in two steps), so no one ever used it. It goes, or every later start would fail.
  if (kept !== undefined) await rm(file, { force: true });
  await mkdir(dataDir, { recursive: true });
  // Written whole, then linked into place: when two processes start at once, the first link wins and both read it.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, generate() + '\n', { mode: 0o600 });
  await link(temporary, file).catch(() => undefined);
  await rm(temporary, { force: true });
  return (await readFile(file, 'utf8')).trim();
}

/** The JWT secret: JWT_SECRET, else generated once and kept in the data directory. */
export const loadJwtSecret = (configured: string | undefined, dataDir: string) =>
  loadKeptSecret(configured, dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));

/** Today's API keys as hosted Supabase shapes them: a prefix, then random characters. */
export const publishableKeyPrefix = 'sb_publishable_';
export const secretKeyPrefix = 'sb_secret_';

export type ApiKeys = { publishableKey: string; secretKey: string };

/**
 * The publishable and secret keys: SUPABASE_PUBLISHABLE_KEY and SUPABASE_SECRET_KEY, else
 * generated once and kept in the data directory beside the JWT secret.
 */
export async function loadApiKeys(configured: Partial<ApiKeys>, dataDir: string): Promise<ApiKeys> {
  const random = (prefix: string) => () => prefix + randomBytes(24).toString('base64url');
  return {
    publishableKey: await loadKeptSecret(configured.publishableKey, dataDir, 'publishable-key', random(publishableKeyPrefix)),
    secretKey: await loadKeptSecret(configured.secretKey, dataDir, 'secret-key', random(secretKeyPrefix)),
  };
}

/** Keys are compared by their SHA-256, in constant time, so neither their length nor a near match shows. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/** How many verified tokens are remembered (the oldest is forgotten first). */
const verifiedTokensKept = 10_000;

/** The keys of an installation; without `apiKeys` (unit tests), publishable and secret keys are made up for this run. */
export async function createKeys(secretText: string, apiKeys?: ApiKeys): Promise<Keys> {
  const { publishableKey, secretKey } = apiKeys ?? (await loadApiKeys({}, 'memory'));
  const secret = new TextEncoder().encode(secretText);
  // Imported once: handing jose the raw bytes imports a key for every verification.
  const verifyKey = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  /**
   * Tokens whose signature was checked, with their claims. A dashboard sends the same token
   * with each of its requests; checking an HMAC through WebCrypto cost about 0.3 ms of the
   * server's CPU a request (bench/). A token is the exact bytes that were verified, so only its
   * expiry needs checking again.
   */
  const verified = new Map<string, Claims>();
  const apiKey = (role: ApiRole) =>
    new SignJWT({ iss: 'supabase', ref: 'local', role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(keyIssuedAt)
      .setExpirationTime(keyExpiresAt)
      .sign(secret);

  const anonKey = await apiKey('anon');
  const serviceRoleKey = await apiKey('service_role');
  const keyRoles: [Buffer, 'anon' | 'service_role'][] = [
    [digest(publishableKey), 'anon'],
    [digest(secretKey), 'service_role'],
    [digest(anonKey), 'anon'],
    [digest(serviceRoleKey), 'service_role'],
  ];

  return {
    publishableKey,
    secretKey,
    anonKey,
    serviceRoleKey,
    apiKeyRole(key) {
      const presented = digest(key);
      let found: 'anon' | 'service_role' | undefined;
      // Every key is compared, so the time taken does not tell which one matched.
      for (const [known, role] of keyRoles) if (timingSafeEqual(presented, known)) found = role;
      return found;
    },
    mac: (text) => createHmac('sha256', secretText).update(text).digest('base64url'),
    sign(claims, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(secret);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp !== undefined && known.exp <= Math.floor(Date.now() / 1000)) {
          verified.delete(token);
          throw new TokenError('expired', 'JWT expired');
        }
        return known;
      }
      try {
        const { payload } = await jwtVerify(token, verifyKey, { algorithms: ['HS256'] });
        if (typeof payload.role !== 'string' || !roles.includes(payload.role)) {
          throw new TokenError('invalid', 'JWT role is not an API role');
        }
        // A signed-in user's token is for this API's audience; the API keys carry none.
        const audiences = payload.aud === undefined ? [] : Array.isArray(payload.aud) ? payload.aud : [payload.aud];
        if ((payload.role === 'authenticated' || audiences.length > 0) && !audiences.includes('authenticated')) {
          throw new TokenError('invalid', 'JWT audience is not authenticated');
        }
        if (verified.size >= verifiedTokensKept) verified.delete(verified.keys().next().value!);
        verified.set(token, payload as Claims);
        return payload as Claims;
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new TokenError('expired', 'JWT expired');
        throw new TokenError('invalid', 'invalid JWT: unable to parse or verify signature');
      }
    },
  };
}
