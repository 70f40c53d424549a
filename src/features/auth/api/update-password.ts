import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export const newPasswordSchema = z
  .object({ password: z.string(), confirm: z.string() })
  .superRefine(({ password, confirm }, ctx) => {
    if (password.length < 6) ctx.addIssue({ code: 'custom', message: 'auth:validation.passwordTooShort', path: ['password'] });
    else if (password !== confirm) ctx.addIssue({ code: 'custom', message: 'auth:validation.passwordsDiffer', path: ['confirm'] });
  });

export async function updatePassword(input: z.input<typeof newPasswordSchema>) {
  const parsed = newPasswordSchema.safeParse(input);
  if (!parsed.success) throw new AppError(parsed.error.issues[0].message);
  const { data } = await supabase().auth.getSession();
  if (!data.session) throw new AppError('auth:messages.resetLinkInvalid');
  const { error } = await supabase().auth.updateUser({ password: parsed.data.password });
  if (error) {
    if (error.code === 'same_password') throw new AppError('auth:messages.samePassword', error.message);
    if (error.code === 'weak_password') throw new AppError('auth:validation.passwordTooShort', error.message);
    throw new AppError('auth:messages.passwordUpdateFailed', error.message);
  }
}

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
