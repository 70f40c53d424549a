import type { FunctionHandler } from '../../supabase/functions/_shared/handler';
import { tiktokRefresh, tiktokRefreshEnv } from '../../supabase/functions/_shared/tiktok-refresh';
import { tiktokScraper, tiktokScraperEnv } from '../../supabase/functions/_shared/tiktok-scraper';

/** The edge functions the local backend mounts, by name (the same handlers Deno.serve wraps on hosted Supabase). */
export const functionHandlers: Record<string, FunctionHandler> = {
  'tiktok-scraper': tiktokScraper,
  'tiktok-refresh': tiktokRefresh,
};

/**
 * What each function may read through env.get (DESIGN.md §2.13): the local backend's
 * environment also holds JWT_SECRET, SMTP_PASS, DATABASE_URL…, which no function needs.
 * The Supabase URL and keys reach a function as FunctionEnv fields, not through env.get.
 * A function missing here reads nothing. docs/deploy.md lists the same.
 */
export const functionEnvAllowList: Record<string, readonly string[]> = {
  'tiktok-scraper': tiktokScraperEnv,
  'tiktok-refresh': tiktokRefreshEnv,
};
