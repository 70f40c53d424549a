import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import type { Profile } from '@/features/auth/api/get-profile';
import { authKeys } from '@/features/auth/api/keys';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import type { RefusalFields } from '@/lib/field-errors';
import { supabase } from '@/lib/supabase';
import { textLimits } from '@/lib/text-limits';

const text = (max: number) => z.string().max(max, 'settings:messages.tooLong');

/**
 * The profile form's shape (spec §5 profile update): nothing required. The database
 * strips the @, checks the TikTok username and the website, completes bare domains and
 * stores blank text as null (private.normalize_profile).
 */
export const profileUpdateSchema = z.object({
  first_name: text(textLimits.firstName),
  last_name: text(textLimits.lastName),
  // With the @ people type before it, which the database strips.
  tiktok_username: text(textLimits.tiktokUsername + 1),
  /** A number input: the browser gives a number, or null when it is empty. */
  follower_count: z.number().nullable().optional(),
  website: text(textLimits.website).optional(),
  industry: text(textLimits.industry).optional(),
  company_name: text(textLimits.companyName).optional(),
});

export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

type ProfileField = keyof ProfileUpdateInput;

/** The database's refusals of a profile, under the field they concern (issue 33). */
export const profileRefusalFields: RefusalFields<ProfileField> = {
  codes: {
    invalid_tiktok_username: 'tiktok_username',
    tiktok_handle_taken: 'tiktok_username',
    invalid_website: 'website',
    invalid_follower_count: 'follower_count',
  },
  constraints: {
    profiles_first_name_check: 'first_name',
    profiles_last_name_check: 'last_name',
    profiles_company_name_check: 'company_name',
    profiles_industry_check: 'industry',
  },
};

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
    // The form shows a refusal of one of its fields under that field, and toasts the others itself.
    meta: { inlineError: true },
    onSuccess: (profile) => queryClient.setQueryData(authKeys.profile(profile.id), profile),
  });
}
