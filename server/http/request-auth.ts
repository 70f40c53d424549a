import { TokenError, type ApiRole, type Claims, type Keys } from '../auth/keys';

export type RequestAuth = { role: ApiRole; claims: Claims; token: string };

export type AuthFailure = { status: 401; reason: 'no_api_key' | 'bad_api_key' | 'expired' | 'invalid' | 'malformed'; message: string };

/**
 * Who is calling: the API key must be one of the project's keys (as Kong checks on
 * hosted Supabase); the bearer token, or else the key, decides the database role.
 * A bearer token that is not a JWT is refused, never replaced by the key.
 */
export async function resolveAuth(headers: Headers, keys: Keys, apikeyParam?: string | null): Promise<RequestAuth | AuthFailure> {
  // An empty header counts as absent, as it does for Kong.
  const apikey = headers.get('apikey') || apikeyParam || undefined;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1];
  if (!apikey && !bearer) {
    return { status: 401, reason: 'no_api_key', message: 'No API key found in request' };
  }
  if (apikey && apikey !== keys.anonKey && apikey !== keys.serviceRoleKey) {
    return { status: 401, reason: 'bad_api_key', message: 'Invalid API key' };
  }
  const parts = bearer?.split('.').length;
  if (parts !== undefined && parts !== 3) return { status: 401, reason: 'malformed', message: `Expected 3 parts in JWT; got ${parts}` };
  const token = bearer ?? apikey;
  if (!token) return { status: 401, reason: 'invalid', message: 'Invalid JWT' };
  try {
    const claims = await keys.verify(token);
    return { role: claims.role, claims, token };
  } catch (error) {
    if (error instanceof TokenError) {
      return { status: 401, reason: error.reason, message: error.reason === 'expired' ? 'JWT expired' : error.message };
    }
    throw error;
  }
}

export const isAuthFailure = (value: RequestAuth | AuthFailure): value is AuthFailure => 'status' in value;
