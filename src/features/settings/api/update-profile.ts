import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import type { Profile } from '@/features/auth/api/get-profile';
import { authKeys } from '@/features/auth/api/keys';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

const text = (max: number) => z.string().max(max, 'settings:messages.tooLong');

/**
 * The profile form's shape (spec §5 profile update): nothing required. The database
 * strips the @, checks the TikTok username and the website, completes bare domains and
 * stores blank text as null (private.normalize_profile).
 */
export const profileUpdateSchema = z.object({
  first_name: text(100),
  last_name: text(100),
  tiktok_username: text(30),
  /** A number input: the browser gives a number, or null when it is empty. */
  follower_count: z.number().nullable().optional(),
  website: text(2048).optional(),
  industry: text(100).optional(),
  company_name: text(200).optional(),
});

export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export async function updateProfile(input: ProfileUpdateInput): Promise<Profile> {
  const { data: auth } = await supabase().auth.getSession();
  const userId = auth.session?.user.id;
  if (!userId) throw new AppError('not_signed_in_profile');
  const changes = parseOrThrow(profileUpdateSchema.safeParse(input));
  const { data, error } = await supabase()
    .from('profiles')
    .update({ ...changes, updated_at: new Date().toISOString() })
    .eq('id', userId)
    .select()
    .single();
  if (error) throw toAppError(error, 'profile_update_failed');
  return data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(authKeys.profile(profile.id), profile),
  });
}
