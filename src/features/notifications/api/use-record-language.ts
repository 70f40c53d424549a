import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@/i18n';
import { useNotificationSettings } from './get-notification-settings';
import { useSaveNotificationSettings } from './save-notification-settings';

/**
 * E-mails are written in the language the reader uses the app in: once their stored settings
 * are known, and whenever they switch language, a language that differs from the stored one is
 * saved. Mounted once, in the dashboard layout.
 */
export function useRecordLanguage(userId: string | undefined) {
  const { i18n } = useTranslation();
  const settings = useNotificationSettings(userId);
  const save = useSaveNotificationSettings(userId, { quiet: true });
  const language = i18n.resolvedLanguage;
  const stored = settings.data?.language;
  const known = settings.isSuccess;
  const { mutate } = save;
  // One attempt per language: a refusal is not retried on every render.
  const attempted = useRef<string | null>(null);

  useEffect(() => {
    if (!known || !isLanguage(language) || language === stored || attempted.current === language) return;
    attempted.current = language;
    mutate({ language });
  }, [known, stored, language, mutate]);
}
