// Hosted Supabase entry point: the handler lives in _shared so the local backend can mount it too.
import { tiktokAuth, tiktokAuthEnv } from '../_shared/tiktok-auth.ts';
import { apiKeysFromEnv } from '../_shared/api-keys.ts';

// Hosted Supabase gives every function all of the project's secrets; the handler reads only the settings it declares.
const allowedEnv: readonly string[] = tiktokAuthEnv;

// The publishable and secret keys (SUPABASE_PUBLISHABLE_KEYS, SUPABASE_SECRET_KEYS), else the legacy ones.
const keys = apiKeysFromEnv((name) => Deno.env.get(name));

Deno.serve((request: Request) =>
  tiktokAuth(request, {
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    ...keys,
    get: (name: string) => (allowedEnv.includes(name) ? Deno.env.get(name) : undefined),
    fetch,
  }),
);
