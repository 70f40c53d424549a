import { useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';

/** admin_user_detail(): what the View panel shows of a user. */
export async function getUserDetail(userId: string): Promise<AdminUserDetail> {
  const { data, error } = await supabase().rpc('admin_user_detail', { p_user_id: userId });
  if (error) throw toAppError(error, 'users_load_failed');
  return data;
}

export const useUserDetail = (userId: string | undefined) =>
  useQuery({ queryKey: adminKeys.user(userId ?? ''), queryFn: () => getUserDetail(userId!), enabled: Boolean(userId) });
