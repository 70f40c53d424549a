import { toast } from 'sonner';
import { i18n } from '@/i18n';
import { AppError } from './errors';

// Message keys travel as plain strings (AppError.messageKey), checked by the locale tests.
const translate = (key: string): string => i18n.t(key as never);

/** The failure toast: the reason in the user's language, else the server's own words, else the fallback. */
export function toastFailure(error: unknown, fallbackKey: string) {
  if (error instanceof AppError && error.serverText) toast.error(error.serverText);
  else toast.error(translate(error instanceof AppError ? error.messageKey : fallbackKey));
}
