// Hosted Supabase entry point: the handler lives in _shared so the local backend can mount it too.
import { tiktokScraper } from '../_shared/tiktok-scraper.ts';

Deno.serve((request: Request) =>
  tiktokScraper(request, {
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    anonKey: Deno.env.get('SUPABASE_ANON_KEY')!,
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
    get: (name: string) => Deno.env.get(name),
    fetch,
  }),
);
