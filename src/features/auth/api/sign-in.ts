import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export const signInSchema = z.object({
  email: z.string().trim().min(1, 'auth:messages.bothRequired'),
  password: z.string().min(1, 'auth:messages.bothRequired'),
});

export type SignInInput = z.infer<typeof signInSchema>;

/** Maps an auth error to the message a person should read. */
export function signInErrorKey(error: { code?: string; status?: number }): string {
  if (error.code === 'invalid_credentials') return 'auth:messages.invalidCredentials';
  if (error.code === 'email_not_confirmed') return 'auth:messages.emailNotConfirmed';
  if (error.status === 429) return 'auth:messages.tooManyAttempts';
  return 'auth:messages.loginFailed';
}

export async function signIn(input: SignInInput) {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) throw new AppError(parsed.error.issues[0].message);
  const { data, error } = await supabase().auth.signInWithPassword(parsed.data);
  if (error) throw new AppError(signInErrorKey(error), error.message);
  return data;
}

export const useSignIn = () => useMutation({ mutationFn: signIn });
