import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export const passwordResetSchema = z.object({
  email: z.string().trim().min(1, 'auth:validation.emailRequired').regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, 'auth:validation.emailInvalid'),
});

/** Sends the recovery e-mail; its link opens /reset-password signed in for the change. */
export async function requestPasswordReset(input: z.input<typeof passwordResetSchema>) {
  const parsed = passwordResetSchema.safeParse(input);
  if (!parsed.success) throw new AppError(parsed.error.issues[0].message);
  const { error } = await supabase().auth.resetPasswordForEmail(parsed.data.email, {
    redirectTo: `${window.location.origin}/reset-password`,
  });
  if (error) throw new AppError(error.status === 429 ? 'auth:messages.tooManyEmails' : 'auth:messages.resetRequestFailed', error.message);
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
