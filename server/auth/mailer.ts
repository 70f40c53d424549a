import type { MailMessage, MailTransport } from '../../supabase/functions/_shared/smtp';

export type { MailMessage } from '../../supabase/functions/_shared/smtp';
export { smtpTransport, type SmtpSettings } from '../../supabase/functions/_shared/smtp';

export type SentMail = MailMessage & { id: number; sentAt: string };

/** Where the server's e-mails go: SMTP (smtpTransport) or the local mailbox. */
export type Mailer = MailTransport;

/**
 * Local mode: messages go to the server log and to an in-memory mailbox that the
 * /_mailbox page shows, so password resets work without an SMTP server.
 */
export class LocalMailbox implements Mailer {
  readonly messages: SentMail[] = [];
  private nextId = 1;

  constructor(
    private readonly log: (line: string) => void = console.log,
    private readonly keep = 200,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const sent = { ...message, id: this.nextId++, sentAt: new Date().toISOString() };
    this.messages.unshift(sent);
    this.messages.length = Math.min(this.messages.length, this.keep);
    this.log(`[mail] to ${message.to}: ${message.subject}\n${message.text}`);
  }
}
