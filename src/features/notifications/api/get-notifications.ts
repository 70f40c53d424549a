import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationRow } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { pageArgs, toKeysetPage, type KeysetAnswer, type KeysetPage, type PageAt } from '@/lib/paging';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

/** A notification as the lists show it; its words come from the shared renderer. */
export type NotificationItem = Pick<NotificationRow, 'id' | 'type' | 'params' | 'created_at' | 'read_at'>;

/** How many a page of /dashboard/notifications lists. */
export const notificationPageSize = 20;

/** How many the header's menu shows. */
export const latestNotificationCount = 5;

const columns = 'id, type, params, created_at, read_at';

/**
 * A page of the reader's notifications, newest first (notifications_page: keyset, from the row
 * paged from or an end of the list; row-level security keeps it to the reader's own), with the
 * total counted up to 10,000.
 */
export async function getNotifications(at: PageAt): Promise<KeysetPage<NotificationItem>> {
  const { data, error } = await supabase().rpc('notifications_page', { ...pageArgs(at), p_limit: notificationPageSize });
  if (error) throw toAppError(error, 'notifications_load_failed');
  return toKeysetPage(data as KeysetAnswer<NotificationItem>, notificationPageSize, (row) => String(row.id));
}

export const notificationsQueryOptions = (userId: string | undefined, at: PageAt) =>
  queryOptions({
    queryKey: notificationKeys.page(userId, at),
    queryFn: () => getNotifications(at),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });

export const useNotifications = (userId: string | undefined, at: PageAt) => useQuery(notificationsQueryOptions(userId, at));

/** The menu's latest few, without a total (counting is the unread count's job). */
export async function getLatestNotifications(): Promise<NotificationItem[]> {
  const { data, error } = await supabase()
    .from('notifications')
    .select(columns)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(0, latestNotificationCount - 1);
  if (error) throw toAppError(error, 'notifications_load_failed');
  return data;
}

/** Loaded when the menu opens, not with every page. */
export const useLatestNotifications = (userId: string | undefined, open: boolean) =>
  useQuery({ queryKey: notificationKeys.latest(userId), queryFn: getLatestNotifications, enabled: Boolean(userId) && open });
