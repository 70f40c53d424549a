import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import type { RefusalFields } from '@/lib/field-errors';
import { supabase } from '@/lib/supabase';
import { textLimits } from '@/lib/text-limits';
import { adminKeys } from './keys';

/** A reason an admin gives: 3 to 500 characters (private.admin_reason says the same). */
export const reasonSchema = z.string().trim().min(3, 'admin:reason.tooShort').max(textLimits.adminReason, 'admin:reason.tooLong');

/** The refusals of an admin's reason, under the reason field (issue 33). */
export const reasonRefusalCodes = {
  suspension_reason_required: 'reason',
  edit_reason_required: 'reason',
  exclusion_reason_required: 'reason',
  reinstatement_reason_required: 'reason',
  admin_reason_too_long: 'reason',
} as const;

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
  firstName: z.string().trim().max(textLimits.firstName, 'admin:edit.tooLong'),
  lastName: z.string().trim().max(textLimits.lastName, 'admin:edit.tooLong'),
  // With the @ people type before it, which the database strips.
  tiktokUsername: z.string().trim().max(textLimits.tiktokUsername + 1, 'admin:edit.tooLong'),
  companyName: z.string().trim().max(textLimits.companyName, 'admin:edit.tooLong'),
  reason: reasonSchema,
});
export type ProfileFixInput = { userId: string } & z.output<typeof profileFixSchema>;

/** admin_update_profile()'s refusals, under the Edit form's field they concern. */
export const profileFixRefusalFields: RefusalFields<keyof z.input<typeof profileFixSchema>> = {
  codes: { ...reasonRefusalCodes, invalid_tiktok_username: 'tiktokUsername', tiktok_handle_taken: 'tiktokUsername' },
  constraints: {
    profiles_first_name_check: 'firstName',
    profiles_last_name_check: 'lastName',
    profiles_company_name_check: 'companyName',
    admin_audit_log_reason_check: 'reason',
  },
};

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
