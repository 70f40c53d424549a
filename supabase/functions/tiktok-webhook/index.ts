// Hosted Supabase entry point (verify_jwt = false in supabase/config.toml: TikTok signs its calls instead).
import { tiktokWebhook, tiktokWebhookEnv } from '../_shared/tiktok-webhook.ts';
import { apiKeysFromEnv } from '../_shared/api-keys.ts';

const allowedEnv: readonly string[] = tiktokWebhookEnv;

// The publishable and secret keys (SUPABASE_PUBLISHABLE_KEYS, SUPABASE_SECRET_KEYS), else the legacy ones.
const keys = apiKeysFromEnv((name) => Deno.env.get(name));

Deno.serve((request: Request) =>
  tiktokWebhook(request, {
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    ...keys,
    get: (name: string) => (allowedEnv.includes(name) ? Deno.env.get(name) : undefined),
    fetch,
  }),
);
