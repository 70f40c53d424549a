import type { FunctionEnv } from './handler.ts';

/**
 * Where hosted Supabase gives a function the project's API keys: SUPABASE_PUBLISHABLE_KEYS and
 * SUPABASE_SECRET_KEYS, JSON objects of named keys (`{"default": "sb_secret_…"}`), and the legacy
 * JWT keys SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY (set beside them, until they are
 * turned off). A function's entry point may read these besides its own allow-list.
 */
export const apiKeyEnv = ['SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_SECRET_KEYS', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'] as const;

/** The keys of one of the JSON variables, the `default` one first; none when unset or not such JSON. */
function namedKeys(json: string | undefined): string[] {
  if (!json?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
  const entries = Object.entries(parsed as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '');
  entries.sort(([a], [b]) => Number(b === 'default') - Number(a === 'default'));
  return entries.map(([, key]) => key.trim());
}

/**
 * The keys a function works with, from hosted Supabase's variables: the publishable and secret
 * keys (their `default`), else the legacy anon and service_role keys; and every key that stands
 * for the service role, which a caller such as pg_cron may present. Throws when a kind is missing.
 */
export function apiKeysFromEnv(read: (name: string) => string | undefined): Pick<FunctionEnv, 'publishableKey' | 'secretKey' | 'serviceKeys'> {
  const secretKeys = namedKeys(read('SUPABASE_SECRET_KEYS'));
  const anonKey = read('SUPABASE_ANON_KEY')?.trim() || undefined;
  const serviceRoleKey = read('SUPABASE_SERVICE_ROLE_KEY')?.trim() || undefined;
  const publishableKey = namedKeys(read('SUPABASE_PUBLISHABLE_KEYS'))[0] ?? anonKey;
  const secretKey = secretKeys[0] ?? serviceRoleKey;
  if (!publishableKey || !secretKey) {
    throw new Error('No API keys: SUPABASE_PUBLISHABLE_KEYS and SUPABASE_SECRET_KEYS (or the legacy SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY) must be set');
  }
  return { publishableKey, secretKey, serviceKeys: serviceRoleKey ? [...secretKeys, serviceRoleKey] : secretKeys };
}

/** Compares without an early exit, so the time taken says nothing about the expected key. */
export function sameSecret(given: string, expected: string): boolean {
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < given.length; index++) difference |= given.charCodeAt(index) ^ expected.charCodeAt(index);
  return difference === 0;
}

/**
 * Whether the caller presented a key that stands for the service role here (env.serviceKeys), as
 * the `apikey` header or the bearer token. A function called so is deployed with verify_jwt = false
 * (a secret key is not a JWT) and makes this check itself.
 */
export function calledWithServiceKey(request: Request, env: FunctionEnv): boolean {
  const presented = [request.headers.get('apikey') ?? '', /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? ''];
  let found = false;
  // Every key is compared, so the time taken does not tell which one matched.
  for (const key of env.serviceKeys) for (const given of presented) if (key !== '' && sameSecret(given, key)) found = true;
  return found;
}
