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

/**
 * Read once; then kept by the dashboard's change watcher (features/changes: every 3 seconds while
 * the tab shows, and at once when it shows again), which writes the count only after the money
 * figures it concerns are read again: the bell never announces what the figures do not show yet.
 */
export const unreadCountQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: notificationKeys.unread(userId),
    queryFn: getUnreadCount,
    enabled: Boolean(userId),
    staleTime: Infinity,
  });

export const useUnreadCount = (userId: string | undefined) => useQuery(unreadCountQueryOptions(userId));
