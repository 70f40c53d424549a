import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettingsRow } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

export type NotificationSettings = Pick<NotificationSettingsRow, 'language' | 'email_off'>;

/** The reader's row, or null when they never saved one (then every e-mail is on, and no language is stored). */
export async function getNotificationSettings(userId: string): Promise<NotificationSettings | null> {
  const { data, error } = await supabase().from('notification_settings').select('language, email_off').eq('user_id', userId).maybeSingle();
  if (error) throw toAppError(error, 'notification_settings_load_failed');
  return data;
}

export const notificationSettingsQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: notificationKeys.settings(userId), queryFn: () => getNotificationSettings(userId!), enabled: Boolean(userId) });

export const useNotificationSettings = (userId: string | undefined) => useQuery(notificationSettingsQueryOptions(userId));
