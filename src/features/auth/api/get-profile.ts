import { queryOptions } from '@tanstack/react-query';
import type { TikTokProof } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { authKeys } from './keys';

export type Profile = {
  id: string;
  user_type: string;
  first_name: string | null;
  last_name: string | null;
  tiktok_username: string | null;
  tiktok_avatar_url: string | null;
  /** How the creator proved they own tiktok_username (docs/money.md rule 4); null while unproven. */
  tiktok_proof: TikTokProof | null;
  tiktok_verified_at: string | null;
  tiktok_lapsed_at: string | null;
  follower_count: number | null;
  website: string | null;
  industry: string | null;
  company_name: string | null;
  is_demo: boolean;
  created_at: string;
  updated_at: string;
};

export async function getProfile(userId: string): Promise<Profile | null> {
  const { data, error } = await supabase().from('profiles').select('*').eq('id', userId).maybeSingle();
  if (error) throw toAppError(error, 'profile_load_failed');
  return data;
}

export const profileQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: authKeys.profile(userId),
    queryFn: () => getProfile(userId!),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
  });
