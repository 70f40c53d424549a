import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

/** unread_notification_count() stops counting at this: it means "more than 9". */
export const unreadCountCap = 10;

/** How many of the reader's notifications are unread, 0 to 10 (10: more than 9). */
export async function getUnreadCount(): Promise<number> {
  const { data, error } = await supabase().rpc('unread_notification_count');
  if (error) throw toAppError(error, 'notifications_load_failed');
  return data ?? 0;
}

/** Kept fresh without realtime: every minute, and when the window comes back into focus. */
export const unreadCountQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: notificationKeys.unread(userId),
    queryFn: getUnreadCount,
    enabled: Boolean(userId),
    refetchInterval: 60_000,
    // Even when fetched a moment ago: coming back to the tab is when a person looks for news.
    refetchOnWindowFocus: 'always',
  });

export const useUnreadCount = (userId: string | undefined) => useQuery(unreadCountQueryOptions(userId));
