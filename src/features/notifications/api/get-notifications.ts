import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationRow, Page } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

/** A notification as the lists show it; its words come from the shared renderer. */
export type NotificationItem = Pick<NotificationRow, 'id' | 'type' | 'params' | 'created_at' | 'read_at'>;

/** How many a page of /dashboard/notifications lists. */
export const notificationPageSize = 20;

/** How many the header's menu shows. */
export const latestNotificationCount = 5;

const columns = 'id, type, params, created_at, read_at';

const newestFirst = () =>
  supabase().from('notifications').select(columns, { count: 'exact' }).order('created_at', { ascending: false }).order('id', { ascending: false });

/** A page of the reader's notifications, newest first, with the total (row-level security keeps it to the reader's own). */
export async function getNotifications(page: number): Promise<Page<NotificationItem>> {
  const from = (page - 1) * notificationPageSize;
  const { data, error, count } = await newestFirst().range(from, from + notificationPageSize - 1);
  if (error) throw toAppError(error, 'notifications_load_failed');
  const totalCount = count ?? 0;
  return { data, totalCount, totalPages: Math.max(1, Math.ceil(totalCount / notificationPageSize)) };
}

export const notificationsQueryOptions = (userId: string | undefined, page: number) =>
  queryOptions({
    queryKey: notificationKeys.page(userId, page),
    queryFn: () => getNotifications(page),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });

export const useNotifications = (userId: string | undefined, page: number) => useQuery(notificationsQueryOptions(userId, page));

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
