// Hosted Supabase entry point: the handler lives in _shared so the local backend can mount it too.
// pg_cron calls it every minute with the service role key (docs/deploy.md).
import { sendEmails, sendEmailsEnv } from '../_shared/send-emails.ts';

// Hosted Supabase gives every function all of the project's secrets (SUPABASE_DB_URL among
// them); the handler reads only the settings it declares.
const allowedEnv: readonly string[] = sendEmailsEnv;

Deno.serve((request: Request) =>
  sendEmails(request, {
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    anonKey: Deno.env.get('SUPABASE_ANON_KEY')!,
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
    get: (name: string) => (allowedEnv.includes(name) ? Deno.env.get(name) : undefined),
    fetch,
  }),
);
