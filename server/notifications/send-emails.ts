import type { Mailer } from '../auth/mailer';
import type { Queryable } from '../db/types';
import { renderEmail, type NotificationLanguage } from '../../supabase/functions/_shared/notifications/render';
import { startTimer, type Timer } from '../functions/scheduled';

type Claimed = {
  notification_ids: string[];
  email: string;
  language: NotificationLanguage;
  type: string;
  items: { params: Record<string, unknown>; created_at: string }[];
};

/**
 * Sends the notification e-mails that are due (public.claim_notification_emails: one e-mail per
 * recipient and type, batching what waited, at most one an hour), in the recipient's language,
 * linking into the app at `appUrl`. An e-mail the mailer refused waits for the next run.
 * Answers how many e-mails went out.
 */
export async function sendNotificationEmails(db: Queryable, mailer: Mailer, appUrl: string, limit = 50): Promise<number> {
  const { rows } = await db.query<Claimed>('select * from public.claim_notification_emails($1)', [limit]);
  let sent = 0;
  for (const claim of rows) {
    try {
      await mailer.send({ to: claim.email, ...renderEmail(claim.language, claim.type, claim.items, appUrl) });
    } catch (error) {
      console.error(`[notification-emails] sending to a recipient failed, kept for the next run: ${(error as Error).message}`);
      await db.query('select public.notification_emails_failed($1::bigint[])', [claim.notification_ids]);
      continue;
    }
    await db.query('select public.notification_emails_sent($1::bigint[])', [claim.notification_ids]);
    sent += 1;
  }
  return sent;
}

/** The server's e-mail timer: sends what is due every `intervalSec` seconds. */
export function startEmailTimer(intervalSec: number, send: () => Promise<number>): Timer {
  return startTimer(intervalSec * 1000, async () => void (await send()), 'notification-emails');
}
