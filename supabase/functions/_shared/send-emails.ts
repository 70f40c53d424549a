import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { checkAnswer, commonRefusals, jsonResponse, refuse, Refused, type FunctionEnv, type FunctionHandler, type Refusal } from './handler.ts';
import { renderEmail, type NotificationLanguage } from './notifications/render.ts';
import { calledWithServiceKey } from './api-keys.ts';
import { smtpTransport, type MailTransport } from './smtp.ts';

/**
 * send-emails: sends the notification e-mails that are due. public.claim_notification_emails
 * hands out one e-mail per recipient and type (at most one an hour, what waited batched into it);
 * each goes out in the recipient's language through SMTP, then notification_emails_sent, or
 * notification_emails_failed, which keeps it for the next run. The scheduler (pg_cron on hosted
 * Supabase, a timer in the local server) calls it with the service role key. Answers { sent, failed }.
 */

/** The only settings this function reads through env.get; the Deno wrapper and the local backend allow just these. */
export const sendEmailsEnv = ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASS', 'SMTP_FROM', 'APP_URL'] as const;

export type EmailSummary = {
  /** E-mails the SMTP server accepted. */
  sent: number;
  /** E-mails not sent this time (refused, or out of time); they wait for the next run. */
  failed: number;
};

export const sendEmailsRefusals = {
  ...commonRefusals,
  forbidden: { status: 403, code: 'send_emails_forbidden', error: 'Only the scheduler can send the notification e-mails' },
} satisfies Record<string, Refusal>;

/** SMTP or the app's address is not set: nothing is claimed, every e-mail keeps waiting. */
const notConfigured = (missing: string[]): Refusal => ({
  status: 503,
  code: 'email_not_configured',
  error: `Sending e-mail is not configured: set ${missing.join(', ')}`,
});

export type SendEmailsOptions = {
  /** Where e-mails go when SMTP_HOST is not set: the local server's mailbox. Hosted Supabase has none. */
  fallback?: MailTransport;
  /** E-mails claimed by one run. */
  limit?: number;
  /** No e-mail starts after this long; the rest are handed back for the next run (hosted Supabase stops a function at 150 s). */
  timeBudgetMs?: number;
};

type Claimed = {
  notification_ids: number[];
  email: string;
  language: NotificationLanguage;
  type: string;
  items: { params: Record<string, unknown>; created_at: string }[];
};

/** Only the scheduler, with a secret key (or the legacy service role key), may send. */
function checkCaller(request: Request, env: FunctionEnv): void {
  if (calledWithServiceKey(request, env)) return;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  // Signed out (no token, the publishable key, a legacy anon key): 401; anyone else: 403. The role
  // is read unverified, only to choose between two refusals.
  if (!token || token === env.publishableKey || unverifiedRole(token) === 'anon') refuse(sendEmailsRefusals.auth);
  refuse(sendEmailsRefusals.forbidden);
}

function unverifiedRole(token: string): unknown {
  try {
    const payload = token.split('.')[1].replaceAll('-', '+').replaceAll('_', '/');
    return (JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '='))) as { role?: unknown }).role;
  } catch {
    return undefined;
  }
}

/** The transport and the app's address from the settings, or the refusal naming what is missing. */
function mailSettings(env: FunctionEnv, fallback: MailTransport | undefined): { transport: MailTransport; appUrl: string } {
  const host = env.get('SMTP_HOST')?.trim();
  const from = env.get('SMTP_FROM')?.trim();
  const appUrl = env.get('APP_URL')?.trim();
  const rawPort = env.get('SMTP_PORT')?.trim() || '587';
  const port = Number(rawPort);
  const missing = [
    ...(host || fallback ? [] : ['SMTP_HOST']),
    ...(host && !from ? ['SMTP_FROM'] : []),
    ...(host && !(Number.isInteger(port) && port > 0 && port < 65536) ? ['SMTP_PORT (a port number)'] : []),
    ...(appUrl && /^https?:\/\//.test(appUrl) ? [] : ['APP_URL (the address of the app, for the links)']),
  ];
  if (missing.length > 0) refuse(notConfigured(missing));
  const transport = host ? smtpTransport({ host, port, user: env.get('SMTP_USER') || undefined, pass: env.get('SMTP_PASS'), from: from! }) : fallback!;
  return { transport, appUrl: appUrl! };
}

async function sendDue(service: SupabaseClient, transport: MailTransport, appUrl: string, limit: number, deadline: number): Promise<EmailSummary> {
  const claimed = await service.rpc('claim_notification_emails', { p_limit: limit });
  checkAnswer(claimed, 'Claiming the e-mails failed');
  const summary: EmailSummary = { sent: 0, failed: 0 };
  for (const claim of (claimed.data ?? []) as Claimed[]) {
    let sent = false;
    if (Date.now() < deadline) {
      try {
        await transport.send({ to: claim.email, ...renderEmail(claim.language, claim.type, claim.items, appUrl) });
        sent = true;
      } catch (error) {
        console.error(`[send-emails] sending to a recipient failed, kept for the next run: ${(error as Error).message}`);
      }
    }
    const marked = await service.rpc(sent ? 'notification_emails_sent' : 'notification_emails_failed', { p_ids: claim.notification_ids });
    checkAnswer(marked, 'Recording the e-mail failed');
    summary[sent ? 'sent' : 'failed'] += 1;
  }
  return summary;
}

/** The handler, with its transport for a server without SMTP (the local mailbox); `sendEmails` below is the one deployed. */
export function createSendEmails(options: SendEmailsOptions = {}): FunctionHandler {
  const limit = options.limit ?? 50;
  const timeBudgetMs = options.timeBudgetMs ?? 100_000;
  return async (request, env) => {
    if (request.method === 'OPTIONS') return jsonResponse(null, 204);
    try {
      if (request.method !== 'POST') refuse(sendEmailsRefusals.method);
      checkCaller(request, env);
      const { transport, appUrl } = mailSettings(env, options.fallback);
      const service = createClient(env.supabaseUrl, env.secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
      return jsonResponse(await sendDue(service, transport, appUrl, limit, Date.now() + timeBudgetMs));
    } catch (error) {
      if (error instanceof Refused) return jsonResponse({ code: error.refusal.code, error: error.refusal.error }, error.refusal.status);
      console.error('[send-emails] failed:', error);
      return jsonResponse({ code: 'internal_error', error: 'The e-mails could not be sent right now. Please try again.' }, 500);
    }
  };
}

export const sendEmails: FunctionHandler = createSendEmails();
