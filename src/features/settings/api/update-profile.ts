import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Profile } from '@/features/auth/api/get-profile';
import { authKeys } from '@/features/auth/api/keys';
import { isTikTokUsername, isWebsite, normalizeWebsite, stripAt } from '@/features/auth/api/profile-rules';
import { AppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

const text = (max: number) => z.string().trim().max(max, 'settings:messages.tooLong');

/** The profile form (spec §5 profile update): nothing required; @ stripped; empty follower count is null. */
export const profileUpdateSchema = z
  .object({
    first_name: text(100),
    last_name: text(100),
    tiktok_username: text(30),
    follower_count: text(15).optional(),
    website: text(2048).optional(),
    industry: text(100).optional(),
    company_name: text(200).optional(),
  })
  .superRefine((input, ctx) => {
    const username = stripAt(input.tiktok_username);
    if (username && !isTikTokUsername(username)) ctx.addIssue({ code: 'custom', message: 'settings:messages.tiktokUsernameInvalid', path: ['tiktok_username'] });
    if (input.follower_count && !/^\d{1,10}$/.test(input.follower_count.replace(/[,\s]/g, ''))) {
      ctx.addIssue({ code: 'custom', message: 'settings:messages.followerCountInvalid', path: ['follower_count'] });
    }
    if (input.website && !isWebsite(normalizeWebsite(input.website))) ctx.addIssue({ code: 'custom', message: 'settings:messages.websiteInvalid', path: ['website'] });
  });

export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** The row update: only the fields the form showed, normalised the way the database stores them. */
export function profileChanges(input: z.output<typeof profileUpdateSchema>): Partial<Profile> & { updated_at: string } {
  const orNull = (value: string | undefined) => (value ? value : null);
  const changes: Partial<Profile> & { updated_at: string } = {
    first_name: orNull(input.first_name),
    last_name: orNull(input.last_name),
    tiktok_username: orNull(stripAt(input.tiktok_username)),
    updated_at: new Date().toISOString(),
  };
  if (input.follower_count !== undefined) {
    changes.follower_count = input.follower_count ? Number.parseInt(input.follower_count.replace(/[,\s]/g, ''), 10) : null;
  }
  if (input.website !== undefined) changes.website = orNull(normalizeWebsite(input.website));
  if (input.industry !== undefined) changes.industry = orNull(input.industry);
  if (input.company_name !== undefined) changes.company_name = orNull(input.company_name);
  return changes;
}

export async function updateProfile(input: ProfileUpdateInput): Promise<Profile> {
  const { data: auth } = await supabase().auth.getSession();
  const userId = auth.session?.user.id;
  if (!userId) throw new AppError('settings:messages.mustBeLoggedIn');
  const parsed = profileUpdateSchema.safeParse(input);
  if (!parsed.success) throw new AppError(parsed.error.issues[0].message);
  const { data, error } = await supabase().from('profiles').update(profileChanges(parsed.data)).eq('id', userId).select().single();
  if (error) throw new AppError('settings:messages.updateFailed', error.message);
  return data as Profile;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(authKeys.profile(profile.id), profile),
  });
}
