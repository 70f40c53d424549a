import { TokenError, type ApiRole, type Claims, type Keys } from '../auth/keys';

export type RequestAuth = { role: ApiRole; claims: Claims; token: string };

export type AuthFailure = { status: 401; reason: 'no_api_key' | 'bad_api_key' | 'expired' | 'invalid' | 'malformed'; message: string };

/** Today's API keys (`sb_publishable_…`, `sb_secret_…`) are not JWTs; hosted Supabase's gateway tells them by this prefix. */
const isOpaqueApiKey = (key: string) => key.startsWith('sb_');

/** What hosted Supabase's gateway takes for a browser: a User-Agent that starts as browsers' do. */
export const isBrowserUserAgent = (userAgent: string | null | undefined) => /^Mozilla\//i.test(userAgent ?? '');

/**
 * The claims of the short-lived JWT hosted Supabase's gateway puts in place of a publishable or
 * secret key sent as the bearer token: the key's role, and no user.
 */
const opaqueKeyClaims: Record<'anon' | 'service_role', Claims> = {
  anon: { iss: 'supabase', ref: 'local', role: 'anon' },
  service_role: { iss: 'supabase', ref: 'local', role: 'service_role' },
};

export type GatewayRefusal = { status: 401; errorCode: string; body: { message: string; hint?: string } };

/**
 * What hosted Supabase's API gateway refuses before PostgREST, GoTrue or a function sees the
 * request (401, its `sb-error-code` header and its body): a publishable or secret key that is not
 * one of the project's, and a secret key sent by a browser. Legacy JWT keys are checked further
 * on, as before.
 */
export function gatewayRefusal(headers: Headers, keys: Keys, apikeyParam?: string | null): GatewayRefusal | undefined {
  const apikey = headers.get('apikey') || apikeyParam || undefined;
  if (!apikey || !isOpaqueApiKey(apikey)) return undefined;
  const role = keys.apiKeyRole(apikey);
  if (!role) return { status: 401, errorCode: 'UNAUTHORIZED_INVALID_API_KEY', body: { message: 'Invalid API key' } };
  if (role === 'service_role' && isBrowserUserAgent(headers.get('user-agent'))) {
    return {
      status: 401,
      errorCode: 'UNAUTHORIZED_INVALID_API_KEY_TYPE',
      body: {
        message: 'Forbidden use of secret API key in browser',
        hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
      },
    };
  }
  return undefined;
}

/**
 * Who is calling: the API key must be one of the project's keys (as the gateway checks on
 * hosted Supabase); the bearer token, or else the key, decides the database role. A publishable
 * or secret key as the bearer token stands for its role when it is the API key too (the gateway
 * swaps it for a JWT of that role); any other bearer token that is not a JWT is refused, never
 * replaced by the key. A secret key from a browser is refused before this (gatewayRefusal).
 */
export async function resolveAuth(headers: Headers, keys: Keys, apikeyParam?: string | null): Promise<RequestAuth | AuthFailure> {
  // An empty header counts as absent, as it does for the gateway.
  const apikey = headers.get('apikey') || apikeyParam || undefined;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1];
  // Only a legacy JWT key works without the apikey header (the JWT says its role).
  if (!apikey && (!bearer || isOpaqueApiKey(bearer))) {
    return { status: 401, reason: 'no_api_key', message: 'No API key found in request' };
  }
  const keyRole = apikey ? keys.apiKeyRole(apikey) : undefined;
  if (apikey && !keyRole) {
    return { status: 401, reason: 'bad_api_key', message: 'Invalid API key' };
  }
  if (keyRole && apikey && isOpaqueApiKey(apikey) && (bearer === undefined || bearer === apikey)) {
    return { role: keyRole, claims: opaqueKeyClaims[keyRole], token: apikey };
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
