import { useMutation } from '@tanstack/react-query';
import { AppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export async function signOut() {
  const { error } = await supabase().auth.signOut();
  if (error) throw new AppError('auth:messages.signOutFailed', error.message);
}

export const useSignOut = () => useMutation({ mutationFn: signOut });
