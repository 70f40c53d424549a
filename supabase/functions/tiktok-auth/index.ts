// Hosted Supabase entry point: the handler lives in _shared so the local backend can mount it too.
import { tiktokAuth, tiktokAuthEnv } from '../_shared/tiktok-auth.ts';

// Hosted Supabase gives every function all of the project's secrets; the handler reads only the settings it declares.
const allowedEnv: readonly string[] = tiktokAuthEnv;

Deno.serve((request: Request) =>
  tiktokAuth(request, {
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    anonKey: Deno.env.get('SUPABASE_ANON_KEY')!,
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
    get: (name: string) => (allowedEnv.includes(name) ? Deno.env.get(name) : undefined),
    fetch,
  }),
);
