import type { FunctionHandler } from '../../supabase/functions/_shared/handler';
import { sendEmails, sendEmailsEnv } from '../../supabase/functions/_shared/send-emails';
import { tiktokAuth, tiktokAuthEnv } from '../../supabase/functions/_shared/tiktok-auth';
import { tiktokRefresh, tiktokRefreshEnv } from '../../supabase/functions/_shared/tiktok-refresh';
import { tiktokScraper, tiktokScraperEnv } from '../../supabase/functions/_shared/tiktok-scraper';
import { tiktokWebhook, tiktokWebhookEnv } from '../../supabase/functions/_shared/tiktok-webhook';

/** The edge functions the local backend mounts, by name (the same handlers Deno.serve wraps on hosted Supabase). */
export const functionHandlers: Record<string, FunctionHandler> = {
  'tiktok-scraper': tiktokScraper,
  'tiktok-refresh': tiktokRefresh,
  'tiktok-auth': tiktokAuth,
  'tiktok-webhook': tiktokWebhook,
  'send-emails': sendEmails,
};

/**
 * Functions called without a Supabase JWT (verify_jwt = false in supabase/config.toml): they
 * check their callers themselves. All of them, with today's keys: a signed-out browser sends the
 * publishable key and the scheduler the secret key, neither a JWT; TikTok signs its webhook calls.
 */
export const functionsWithoutJwt: readonly string[] = ['tiktok-webhook', 'tiktok-refresh', 'send-emails', 'tiktok-auth', 'tiktok-scraper'];

/**
 * What each function may read through env.get (DESIGN.md §2.13): the local backend's
 * environment also holds JWT_SECRET, SMTP_PASS, DATABASE_URL…, which no function needs.
 * The Supabase URL and keys reach a function as FunctionEnv fields, not through env.get.
 * A function missing here reads nothing. docs/deploy.md lists the same.
 */
export const functionEnvAllowList: Record<string, readonly string[]> = {
  'tiktok-scraper': tiktokScraperEnv,
  'tiktok-refresh': tiktokRefreshEnv,
  'tiktok-auth': tiktokAuthEnv,
  'tiktok-webhook': tiktokWebhookEnv,
  'send-emails': sendEmailsEnv,
};
