import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { emailTypes } from '@shared/notifications/render.ts';
import type { NotificationSettingsRow } from '@/lib/database';
import { parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

/** What save_notification_settings() takes: a field left out (null) stays as it is. The database checks the same. */
export const notificationSettingsSchema = z.object({
  language: z.enum(['en', 'th'], { error: 'errors:language_invalid' }).nullable().default(null),
  emailOff: z.array(z.enum(emailTypes, { error: 'errors:notification_type_invalid' })).nullable().default(null),
});

export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>;

export async function saveNotificationSettings(input: NotificationSettingsInput): Promise<NotificationSettingsRow> {
  const { language, emailOff } = parseOrThrow(notificationSettingsSchema.safeParse(input));
  const { data, error } = await supabase().rpc('save_notification_settings', { p_language: language, p_email_off: emailOff });
  if (error) throw toAppError(error, 'notification_settings_save_failed');
  return data;
}

/** Saving answers the stored row: it becomes the settings' query data. */
export function useSaveNotificationSettings(userId: string | undefined, { quiet = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    // Recording the language happens behind the reader's back: a failure is not theirs to see.
    meta: { inlineError: quiet },
    onSuccess: (row) => queryClient.setQueryData(notificationKeys.settings(userId), { language: row.language, email_off: row.email_off }),
  });
}
