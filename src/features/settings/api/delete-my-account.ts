import { useMutation } from '@tanstack/react-query';
import { signOut } from '@/features/auth/api/sign-out';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { supabase } from '@/lib/supabase';

export const deleteAccountSchema = z.object({ password: z.string().min(1, 'settings:deleteAccount.passwordRequired') });

export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/**
 * Deletes the signed-in person's account (delete_my_account(), PDPA right to erasure) with the
 * password re-entered, then ends the session on this device (the server has ended it already).
 */
export async function deleteMyAccount(input: DeleteAccountInput): Promise<{ taxRecordsKept: boolean }> {
  const { password } = parseOrThrow(deleteAccountSchema.safeParse(input));
  const { data: auth } = await supabase().auth.getSession();
  if (!auth.session) throw new AppError('not_signed_in_profile');
  const { data, error } = await supabase().rpc('delete_my_account', { p_password: password });
  if (error) throw toAppError(error, 'account_delete_failed');
  if (!data.deleted) throw new AppError(data.code);
  // The dashboards' guard then sends the person to the home page, not to /login.
  await signOut({ to: paths.home.getHref() }).catch(() => undefined);
  return { taxRecordsKept: data.tax_records_kept };
}

/** What a brand still owes, in satang: a delete_my_account refusal (brand_owes_money) carries it. */
export type OpenBalance = { openSatang: number; invoicesDueSatang: number; unclosedSatang: number };

const openBalanceSchema = z.object({ open_satang: z.number().int(), invoices_due_satang: z.number().int(), unclosed_satang: z.number().int() });

/** brand_owes_money's amounts, or null for any other failure (or a refusal without them). */
export function openBalanceOf(error: unknown): OpenBalance | null {
  if (!(error instanceof AppError) || error.code !== 'brand_owes_money') return null;
  const parsed = openBalanceSchema.safeParse(error.figures);
  if (!parsed.success) return null;
  return { openSatang: parsed.data.open_satang, invoicesDueSatang: parsed.data.invoices_due_satang, unclosedSatang: parsed.data.unclosed_satang };
}

/** A refusal (wrong password, payout due, money owed) is shown in the dialog, not in a toast. */
export const useDeleteMyAccount = () => useMutation({ mutationFn: deleteMyAccount, meta: { inlineError: true } });
