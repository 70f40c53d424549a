import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export const newPasswordSchema = z
  .object({ password: z.string(), confirm: z.string() })
  .superRefine(({ password, confirm }, ctx) => {
    if (password.length < 6) ctx.addIssue({ code: 'custom', message: 'auth:validation.passwordTooShort', path: ['password'] });
    else if (password !== confirm) ctx.addIssue({ code: 'custom', message: 'auth:validation.passwordsDiffer', path: ['confirm'] });
  });

export async function updatePassword(input: z.input<typeof newPasswordSchema>) {
  const { password } = parseOrThrow(newPasswordSchema.safeParse(input));
  const { data } = await supabase().auth.getSession();
  if (!data.session) throw new AppError('reset_link_invalid');
  const { error } = await supabase().auth.updateUser({ password });
  if (error) throw toAppError(error, 'password_update_failed');
}

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
