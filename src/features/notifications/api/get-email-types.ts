import { queryOptions, useQuery } from '@tanstack/react-query';
import { emailTypes, type EmailType } from '@shared/notifications/render.ts';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

/** notification_email_types(): the e-mails that apply to the reader (none for admins), in the renderer's order. */
export async function getEmailTypes(): Promise<EmailType[]> {
  const { data, error } = await supabase().rpc('notification_email_types');
  if (error) throw toAppError(error, 'notification_settings_load_failed');
  const applies = new Set(data ?? []);
  return emailTypes.filter((type) => applies.has(type));
}

export const emailTypesQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: notificationKeys.emailTypes(userId), queryFn: getEmailTypes, enabled: Boolean(userId), staleTime: Infinity });

export const useEmailTypes = (userId: string | undefined) => useQuery(emailTypesQueryOptions(userId));
