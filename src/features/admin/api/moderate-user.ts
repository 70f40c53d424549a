import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';

/** A reason an admin gives: 3 to 500 characters (private.admin_reason says the same). */
export const reasonSchema = z.string().trim().min(3, 'admin:reason.tooShort').max(500, 'admin:reason.tooLong');

export const suspendFormSchema = z.object({ reason: reasonSchema });
export type SuspendInput = { userId: string; suspended: boolean } & z.output<typeof suspendFormSchema>;

/** admin_set_suspended(): suspends or reinstates an account, with a reason. */
export async function setSuspended(input: SuspendInput): Promise<void> {
  const { reason } = parseOrThrow(suspendFormSchema.safeParse({ reason: input.reason }));
  const { error } = await supabase().rpc('admin_set_suspended', { p_user_id: input.userId, p_suspended: input.suspended, p_reason: reason });
  if (error) throw toAppError(error, 'moderation_failed');
}

/** The Edit form: the display fields an admin may correct, and why. */
export const profileFixSchema = z.object({
  firstName: z.string().trim().max(100),
  lastName: z.string().trim().max(100),
  tiktokUsername: z.string().trim().max(30),
  companyName: z.string().trim().max(200),
  reason: reasonSchema,
});
export type ProfileFixInput = { userId: string } & z.output<typeof profileFixSchema>;

/** admin_update_profile(): corrects display fields; the profile's own rules apply. */
export async function fixProfile(input: ProfileFixInput): Promise<void> {
  const values = parseOrThrow(profileFixSchema.safeParse(input));
  const { data, error } = await supabase().rpc('admin_update_profile', {
    p_user_id: input.userId,
    // An empty field is cleared: the profile's trigger stores blanks as null.
    p_first_name: values.firstName,
    p_last_name: values.lastName,
    p_tiktok_username: values.tiktokUsername,
    p_company_name: values.companyName,
    p_reason: values.reason,
  });
  if (error) throw toAppError(error, 'moderation_failed');
  if (!data) throw new AppError('moderation_failed');
}

/** Either changes the user, its lists, the audit log and (suspension) the figures. */
function useAdminUserMutation<Input>(mutationFn: (input: Input) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}

export const useSetSuspended = () => useAdminUserMutation(setSuspended);
export const useFixProfile = () => useAdminUserMutation(fixProfile);
