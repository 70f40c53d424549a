import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { paths } from '@/lib/paths';

export const passwordResetSchema = z.object({
  email: z.string().trim().min(1, 'auth:validation.emailRequired').regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, 'auth:validation.emailInvalid'),
});

/** Sends the recovery e-mail; its link opens /reset-password signed in for the change. */
export async function requestPasswordReset(input: z.input<typeof passwordResetSchema>) {
  const { email } = parseOrThrow(passwordResetSchema.safeParse(input));
  const { error } = await supabase().auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.auth.resetPassword.getHref()}`,
  });
  if (error) throw toAppError(error.status === 429 ? { ...error, code: 'over_email_send_rate_limit' } : error, 'reset_request_failed');
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
