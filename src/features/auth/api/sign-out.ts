import { useMutation } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export async function signOut() {
  const { error } = await supabase().auth.signOut();
  if (error) throw toAppError(error, 'sign_out_failed');
}

export const useSignOut = () => useMutation({ mutationFn: signOut });
