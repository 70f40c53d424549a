import type { FunctionHandler } from '../../supabase/functions/_shared/handler';
import { tiktokScraper } from '../../supabase/functions/_shared/tiktok-scraper';

/** The edge functions the local backend mounts, by name (the same handlers Deno.serve wraps on hosted Supabase). */
export const functionHandlers: Record<string, FunctionHandler> = {
  'tiktok-scraper': tiktokScraper,
};
