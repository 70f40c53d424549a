import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import { textLimits } from '@/lib/text-limits';

export type OpenInvite = { id: string; note: string | null; expires_at: string; created_at: string };

/** Invites not used yet and not expired, newest first (admin_invites: readable by admins only). */
export async function getOpenInvites(): Promise<OpenInvite[]> {
  const { data, error } = await supabase()
    .from('admin_invites')
    .select('id, note, expires_at, created_at')
    .is('used_at', null)
    .gt('expires_at', new Date().toISOString())
    .order('created_at', { ascending: false });
  if (error) throw toAppError(error, 'invites_load_failed');
  return data;
}

export const useOpenInvites = () => useQuery({ queryKey: adminKeys.invites(), queryFn: getOpenInvites });

/** The Invite form: a note for whom it is, and how many days the code works (create_admin_invite: 1 to 30). */
export const inviteFormSchema = z.object({
  note: z.string().trim().max(textLimits.inviteNote, 'admin:invites.noteTooLong'),
  days: z.coerce.number<string>().int().min(1, 'admin:invites.daysRange').max(30, 'admin:invites.daysRange'),
});
export type InviteInput = z.output<typeof inviteFormSchema>;

/** create_admin_invite(): the code is answered once and never stored. */
export async function createInvite(input: InviteInput): Promise<{ code: string; expires_at: string }> {
  const values = parseOrThrow(inviteFormSchema.safeParse({ note: input.note, days: String(input.days) }));
  const { data, error } = await supabase().rpc('create_admin_invite', { note: values.note || undefined, valid_days: values.days });
  if (error) throw toAppError(error, 'invite_failed');
  const issued = data?.[0];
  if (!issued) throw new AppError('invite_failed');
  return issued;
}

/** Withdraws an unused invite (admins may delete those: admin_invites' policy); the audit log records it. */
export async function revokeInvite(inviteId: string): Promise<void> {
  const { data, error } = await supabase().from('admin_invites').delete().eq('id', inviteId).select('id');
  if (error) throw toAppError(error, 'invite_failed');
  if (data.length === 0) throw new AppError('invite_not_open');
}

function useInviteMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.invites() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export const useCreateInvite = () => useInviteMutation(createInvite);
export const useRevokeInvite = () => useInviteMutation(revokeInvite);
