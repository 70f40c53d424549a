import { z } from '@/lib/zod';
import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

// The generated types know my_changes() only as Json: its shape is checked here.
const changesSchema = z.object({
  money: z.number(),
  money_at: z.string().nullable(),
  auto_approved_at: z.string().nullable(),
  news: z.number(),
  unread: z.number(),
  now: z.string(),
});

/**
 * What changed for the signed-in person (public.my_changes(), supabase/migrations/…_fresh_money.sql):
 * stamps that move when their money figures or their notifications change, and the unread count.
 */
export type Changes = {
  /** Moves with every committed change of the caller's money figures (an admin's: the platform's). */
  money: number;
  /** When `money` last moved, on the server's clock (null: never). */
  moneyAt: string | null;
  /** The latest moment the 72-hour clock approved one of the caller's unanswered reviews: it moves, without any write, when the clock approves another. */
  autoApprovedAt: string | null;
  /** Moves with every notification the caller receives. */
  news: number;
  /** Unread notifications, 0 to 10 (10: more than 9), as unread_notification_count() counts them. */
  unread: number;
  /** The server's clock when it answered. */
  now: string;
};

export async function getMyChanges(): Promise<Changes> {
  const { data, error } = await supabase().rpc('my_changes');
  if (error) throw toAppError(error, 'notifications_load_failed');
  const parsed = changesSchema.safeParse(data);
  if (!parsed.success) throw new AppError('notifications_load_failed', 'my_changes answered an unexpected shape');
  const { money, money_at, auto_approved_at, news, unread, now } = parsed.data;
  return { money, moneyAt: money_at, autoApprovedAt: auto_approved_at, news, unread, now };
}
