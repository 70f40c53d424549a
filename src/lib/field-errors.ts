import { i18n } from '@/i18n';
import { AppError, type ErrorCode } from './errors';
import { formatNumber } from './format-number';
import { errorText } from './notify';
import { lengthConstraints } from './text-limits';

/**
 * Which field of a form each refusal concerns (issue 33: an error is shown under the field it is
 * about): by the code the database, a function or the auth server refused it with, or by the
 * check constraint a value broke (PostgreSQL names it in the refusal's message).
 */
export type RefusalFields<F extends string> = {
  codes?: Partial<Record<ErrorCode, F>>;
  constraints?: Readonly<Record<string, F>>;
};

/** The check constraint a PostgreSQL refusal names ('… violates check constraint "profiles_first_name_check"'), if any. */
export function brokenConstraint(error: AppError): string | undefined {
  return /check constraint "([^"]+)"/.exec(error.detail ?? '')?.[1];
}

/**
 * The field a refusal concerns and what to say under it, in the person's language: the code's
 * text, or for a length the database holds "Too long: at most N characters"; undefined when the
 * refusal concerns no field of the form (it is then the page's to show, as a toast).
 */
export function refusalField<F extends string>(error: unknown, fields: RefusalFields<F>): { field: F; message: string } | undefined {
  if (!(error instanceof AppError)) return undefined;
  const byCode = fields.codes?.[error.code];
  if (byCode) return { field: byCode, message: errorText(error) };
  const constraint = brokenConstraint(error);
  const byConstraint = constraint ? fields.constraints?.[constraint] : undefined;
  if (!constraint || !byConstraint) return undefined;
  const max = lengthConstraints[constraint];
  const language = i18n.resolvedLanguage === 'th' ? 'th' : 'en';
  return { field: byConstraint, message: max ? i18n.t('errors:text_too_long', { max: formatNumber(max, language) }) : i18n.t('errors:invalid_input') };
}

type SetError<F extends string> = (name: F, error: { type?: string; message: string }, options?: { shouldFocus: boolean }) => void;

/**
 * Shows a refusal under its field, which takes the focus, and says whether it did: a form calls
 * it from its mutation's onError and leaves the rest to the toast.
 */
export function showRefusal<F extends string>(error: unknown, fields: RefusalFields<F>, setError: SetError<F>): boolean {
  const refused = refusalField(error, fields);
  if (refused) setError(refused.field, { type: 'server', message: refused.message }, { shouldFocus: true });
  return Boolean(refused);
}
