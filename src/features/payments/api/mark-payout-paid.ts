import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { adminKeys } from '@/features/admin/api/keys';
import { parseOrThrow, toAppError } from '@/lib/errors';
import type { RefusalFields } from '@/lib/field-errors';
import { supabase } from '@/lib/supabase';
import { textLimits } from '@/lib/text-limits';
import { paymentsKeys } from './keys';

/**
 * A transfer as an admin records it: the bank's reference and the day it was made. The
 * database checks the same (private.payment_reference) and that the day is not in the future.
 */
export const paymentRecordSchema = z.object({
  reference: z.string().trim().min(1, 'errors:payment_reference_required').max(textLimits.paymentReference, 'errors:payment_reference_too_long'),
  paidOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'errors:payment_date_invalid'),
});
export type PaymentRecord = z.output<typeof paymentRecordSchema>;

/** The database's refusals of a recorded transfer (a payout's or an invoice's), under the field they concern. */
export const paymentRefusalFields: RefusalFields<keyof PaymentRecord> = {
  codes: { payment_reference_required: 'reference', payment_reference_too_long: 'reference', payment_date_invalid: 'paidOn' },
  constraints: { payouts_reference_check: 'reference', brand_invoice_payments_reference_check: 'reference' },
};

export type MarkPayoutPaidInput = { payoutId: string } & PaymentRecord;

/** mark_payout_paid(): records the transfer once, in the audit log; the payout leaves the due list. */
export async function markPayoutPaid(input: MarkPayoutPaidInput): Promise<void> {
  const { reference, paidOn } = parseOrThrow(paymentRecordSchema.safeParse(input));
  const { error } = await supabase().rpc('mark_payout_paid', { p_payout_id: input.payoutId, p_reference: reference, p_paid_on: paidOn });
  if (error) throw toAppError(error, 'moderation_failed');
}

/** Changes both payout lists and the audit log. The dialog shows a refusal beside the form. */
export function useMarkPayoutPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPayoutPaid,
    meta: { inlineError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.payouts() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
