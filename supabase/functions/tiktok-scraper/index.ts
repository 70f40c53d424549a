// Hosted Supabase entry point: the handler lives in _shared so the local backend can mount it too.
import { tiktokScraper, tiktokScraperEnv } from '../_shared/tiktok-scraper.ts';
import { apiKeysFromEnv } from '../_shared/api-keys.ts';

// Hosted Supabase gives every function all of the project's secrets (SUPABASE_DB_URL among
// them); the handler reads only the settings it declares.
const allowedEnv: readonly string[] = tiktokScraperEnv;

// The publishable and secret keys (SUPABASE_PUBLISHABLE_KEYS, SUPABASE_SECRET_KEYS), else the legacy ones.
const keys = apiKeysFromEnv((name) => Deno.env.get(name));

Deno.serve((request: Request) =>
  tiktokScraper(request, {
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    ...keys,
    get: (name: string) => (allowedEnv.includes(name) ? Deno.env.get(name) : undefined),
    fetch,
  }),
);
