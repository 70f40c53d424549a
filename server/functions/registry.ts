import type { FunctionHandler } from '../../supabase/functions/_shared/handler';

/**
 * The edge functions the local backend mounts, by name. tiktok-auth and
 * tiktok-scraper join this list when they are built (creator-videos issue).
 */
export const functionHandlers: Record<string, FunctionHandler> = {};
