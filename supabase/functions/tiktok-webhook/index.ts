// Hosted Supabase entry point (verify_jwt = false in supabase/config.toml: TikTok signs its calls instead).
import { tiktokWebhook, tiktokWebhookEnv } from '../_shared/tiktok-webhook.ts';

const allowedEnv: readonly string[] = tiktokWebhookEnv;

Deno.serve((request: Request) =>
  tiktokWebhook(request, {
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    anonKey: Deno.env.get('SUPABASE_ANON_KEY')!,
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
    get: (name: string) => (allowedEnv.includes(name) ? Deno.env.get(name) : undefined),
    fetch,
  }),
);
