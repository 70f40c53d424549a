import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { setAccountSuspended } from '@/lib/suspension';

export const signInSchema = z.object({
  email: z.string().trim().min(1, 'auth:messages.bothRequired'),
  password: z.string().min(1, 'auth:messages.bothRequired'),
});

export type SignInInput = z.infer<typeof signInSchema>;

export async function signIn(input: SignInInput) {
  const credentials = parseOrThrow(signInSchema.safeParse(input));
  const { data, error } = await supabase().auth.signInWithPassword(credentials);
  if (error) throw toAppError(error, 'sign_in_failed');
  // Whoever signs in now is not the account the server said was suspended (or it was reinstated).
  setAccountSuspended(false);
  return data;
}

export const useSignIn = () => useMutation({ mutationFn: signIn });
