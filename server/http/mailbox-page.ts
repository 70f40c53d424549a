import type { SentMail } from '../auth/mailer';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The local mailbox: the e-mails the backend would have sent, newest first. */
export function mailboxPage(messages: SentMail[]): string {
  const items = messages
    .map(
      (m) => `<article><header><strong>${escape(m.subject)}</strong><br><small>To ${escape(m.to)} · ${escape(m.sentAt)}</small></header>${m.html}</article>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>ViewPact local mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111}article{border:1px solid #ddd;border-radius:.5rem;padding:1rem;margin:1rem 0}a{color:#6d28d9}</style>
</head><body><main><h1>Local mailbox</h1><p>E-mails the ViewPact local backend sent. With SMTP_HOST set they go out by SMTP instead.</p>
${items || '<p>No e-mails yet.</p>'}</main></body></html>`;
}
