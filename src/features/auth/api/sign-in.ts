import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export const signInSchema = z.object({
  email: z.string().trim().min(1, 'auth:messages.bothRequired'),
  password: z.string().min(1, 'auth:messages.bothRequired'),
});

export type SignInInput = z.infer<typeof signInSchema>;

export async function signIn(input: SignInInput) {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) throw new AppError(parsed.error.issues[0].message);
  const { data, error } = await supabase().auth.signInWithPassword(parsed.data);
  if (error) {
    if (error.code === 'invalid_credentials') throw new AppError('auth:messages.invalidCredentials', error.message);
    if (error.status === 429) throw new AppError('auth:messages.tooManyAttempts', error.message);
    throw new AppError('auth:messages.loginFailed', error.message);
  }
  return data;
}

export const useSignIn = () => useMutation({ mutationFn: signIn });
