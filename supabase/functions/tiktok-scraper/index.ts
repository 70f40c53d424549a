// Hosted Supabase entry point: the handler lives in _shared so the local backend can mount it too.
import { tiktokScraper, tiktokScraperEnv } from '../_shared/tiktok-scraper.ts';

// Hosted Supabase gives every function all of the project's secrets (SUPABASE_DB_URL among
// them); the handler reads only the settings it declares.
const allowedEnv: readonly string[] = tiktokScraperEnv;

Deno.serve((request: Request) =>
  tiktokScraper(request, {
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    anonKey: Deno.env.get('SUPABASE_ANON_KEY')!,
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
    get: (name: string) => (allowedEnv.includes(name) ? Deno.env.get(name) : undefined),
    fetch,
  }),
);
