// Hosted Supabase entry point: the handler lives in _shared so the local backend can mount it too.
// pg_cron calls it every minute with the secret key (docs/deploy.md); verify_jwt = false in supabase/config.toml, as that key is not a JWT.
import { sendEmails, sendEmailsEnv } from '../_shared/send-emails.ts';
import { apiKeysFromEnv } from '../_shared/api-keys.ts';

// Hosted Supabase gives every function all of the project's secrets (SUPABASE_DB_URL among
// them); the handler reads only the settings it declares.
const allowedEnv: readonly string[] = sendEmailsEnv;

// The publishable and secret keys (SUPABASE_PUBLISHABLE_KEYS, SUPABASE_SECRET_KEYS), else the legacy ones.
const keys = apiKeysFromEnv((name) => Deno.env.get(name));

Deno.serve((request: Request) =>
  sendEmails(request, {
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    ...keys,
    get: (name: string) => (allowedEnv.includes(name) ? Deno.env.get(name) : undefined),
    fetch,
  }),
);
