import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type SentMail = MailMessage & { id: number; sentAt: string };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

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

export type SmtpSettings = { host: string; port: number; user?: string; pass?: string; from: string };

export class SmtpMailer implements Mailer {
  private transport: nodemailer.Transporter;

  constructor(private readonly settings: SmtpSettings) {
    this.transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.port === 465,
      auth: settings.user ? { user: settings.user, pass: settings.pass } : undefined,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.settings.from, ...message });
  }
}
