import { toast } from './toast';
import { i18n } from '@/i18n';
import { AppError, ValidationError, type ErrorCode } from './errors';
import { isMessageKey } from './message-key';

export { isMessageKey, type MessageKey } from './message-key';

/**
 * The text of a failure in the user's language: its code's text, the server's own words, or
 * the fallback's text. The server writes its words in English: in Thai, a reason the app has
 * no code for reads as a Thai "something went wrong" that names the server's code.
 */
export function errorText(error: unknown, fallback: ErrorCode = 'internal_error'): string {
  if (error instanceof AppError) {
    if (error.serverText === undefined) return i18n.t(`errors:${error.code}`);
    return i18n.resolvedLanguage === 'th' ? i18n.t('errors:unknown_with_code', { code: error.serverCode ?? error.code }) : error.serverText;
  }
  if (error instanceof ValidationError && isMessageKey(error.messageKey)) return i18n.t(error.messageKey);
  return i18n.t(`errors:${fallback}`);
}

/** The failure toast, shown once for every mutation by the query client (src/app/providers.tsx). */
export function toastError(error: unknown) {
  toast.error(errorText(error));
}
