import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import type { RefusalFields } from '@/lib/field-errors';
import { supabase } from '@/lib/supabase';
import { textLimits, utf8Bytes } from '@/lib/text-limits';

const newPasswordFields = { password: z.string(), confirm: z.string() };

const checkNewPassword = ({ password, confirm }: { password: string; confirm: string }, ctx: z.RefinementCtx) => {
  if (password.length < 6) ctx.addIssue({ code: 'custom', message: 'auth:validation.passwordTooShort', path: ['password'] });
  else if (utf8Bytes(password) > textLimits.passwordBytes) ctx.addIssue({ code: 'custom', message: 'auth:validation.passwordTooLong', path: ['password'] });
  else if (password !== confirm) ctx.addIssue({ code: 'custom', message: 'auth:validation.passwordsDiffer', path: ['confirm'] });
};

/** The reset-password page: a recovery session proves who the person is, so no current password. */
export const newPasswordSchema = z.object(newPasswordFields).superRefine(checkNewPassword);

/** Settings: a signed-in session must also give the current password (the auth server checks it). */
export const changePasswordSchema = z
  .object({ current: z.string().min(1, 'auth:validation.currentPasswordRequired'), ...newPasswordFields })
  .superRefine(checkNewPassword);

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The auth server's refusals of a new password, under the field they concern (issue 33). */
export const newPasswordRefusalFields: RefusalFields<'password'> = { codes: { weak_password: 'password', same_password: 'password' } };

/** And of the current one, in Settings. */
export const passwordRefusalFields: RefusalFields<keyof ChangePasswordInput> = {
  codes: { ...newPasswordRefusalFields.codes, current_password_mismatch: 'current', current_password_required: 'current' },
};

export async function updatePassword(input: z.input<typeof newPasswordSchema>) {
  const { password } = parseOrThrow(newPasswordSchema.safeParse(input));
  const { data } = await supabase().auth.getSession();
  if (!data.session) throw new AppError('reset_link_invalid');
  const { error } = await supabase().auth.updateUser({ password });
  if (error) throw toAppError(error, 'password_update_failed');
}

/** Refused as current_password_required or current_password_mismatch by the auth server. */
export async function changePassword(input: ChangePasswordInput) {
  const { current, password } = parseOrThrow(changePasswordSchema.safeParse(input));
  const { data } = await supabase().auth.getSession();
  if (!data.session) throw new AppError('not_signed_in_profile');
  const { error } = await supabase().auth.updateUser({ password, current_password: current });
  if (error) throw toAppError(error, 'password_update_failed');
}

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });

/** A wrong or missing current password is shown under its field, not in a toast. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword, meta: { inlineError: true } });
