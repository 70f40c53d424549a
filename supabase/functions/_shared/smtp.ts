import nodemailer from 'nodemailer';

/**
 * Sending e-mail over SMTP with nodemailer, the same code in Deno (hosted Supabase, `npm:` in the
 * import map) and in Node (the local server's auth e-mails and send-emails).
 */

/** An e-mail as the templates make it. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Where e-mails go: an SMTP server, or the local server's mailbox. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

export type SmtpSettings = { host: string; port: number; user?: string; pass?: string; from: string };

/** The name the client greets the server with: the sender's domain (asking the OS for its hostname needs a permission hosted Deno may not give). */
const greetingName = (from: string) => /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

/** Sends each message over its own connection; port 465 speaks TLS from the start, others upgrade with STARTTLS when offered. */
export function smtpTransport(settings: SmtpSettings): MailTransport {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.port === 465,
    auth: settings.user ? { user: settings.user, pass: settings.pass } : undefined,
    name: greetingName(settings.from),
    // A server that does not answer must not hold a run past the hosted function's 150 s.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: settings.from, ...message });
    },
  };
}
