import { toast } from './toast';
import { i18n } from '@/i18n';
import { AppError, ValidationError, type ErrorCode } from './errors';
import { isMessageKey } from './message-key';

export { isMessageKey, type MessageKey } from './message-key';

/** The text of a failure in the user's language: its code's text, the server's own words, or the fallback's text. */
export function errorText(error: unknown, fallback: ErrorCode = 'internal_error'): string {
  if (error instanceof AppError) return error.serverText ?? i18n.t(`errors:${error.code}`);
  if (error instanceof ValidationError && isMessageKey(error.messageKey)) return i18n.t(error.messageKey);
  return i18n.t(`errors:${fallback}`);
}

/** The failure toast, shown once for every mutation by the query client (src/app/providers.tsx). */
export function toastError(error: unknown) {
  toast.error(errorText(error));
}
