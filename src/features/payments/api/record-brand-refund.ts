import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/keys';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import { refusalField } from '@/lib/field-errors';
import { supabase } from '@/lib/supabase';
import { billingKeys } from './billing-keys';
import { paymentLimits } from './record-brand-payment';

/**
 * A refund of what is left of a credit note, as an admin records it once the money went back to
 * the brand: the day and the bank's reference. The database refunds the whole credit left
 * (record_brand_refund) and checks the same.
 */
export const brandRefundSchema = z.object({
  paidOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'errors:paid_on_invalid'),
  bankReference: z.string().trim().min(1, 'errors:bank_reference_required').max(paymentLimits.bankReference, 'payments:billing.details.tooLong'),
});

export type BrandRefundInput = z.input<typeof brandRefundSchema>;

/** The field a refusal of record_brand_refund() is about, and its text; undefined when it is about none (shown above the buttons). */
export const brandRefundRefusal = (error: unknown) =>
  refusalField<keyof BrandRefundInput>(error, {
    codes: { paid_on_in_future: 'paidOn', paid_on_invalid: 'paidOn', bank_reference_required: 'bankReference', field_too_long: 'bankReference' },
    constraints: { brand_refunds_bank_reference_check: 'bankReference' },
  });

const refunded = z.object({ refund_id: z.string(), amount_satang: z.number() });

/** record_brand_refund(): the refund of the credit note's credit left, and how much that was. */
export async function recordBrandRefund({ creditNoteId, ...input }: BrandRefundInput & { creditNoteId: string }) {
  const values = parseOrThrow(brandRefundSchema.safeParse(input));
  const { data, error } = await supabase().rpc('record_brand_refund', { p_credit_note_id: creditNoteId, p_paid_on: values.paidOn, p_bank_reference: values.bankReference });
  if (error) throw toAppError(error, 'internal_error');
  const answer = refunded.safeParse(data);
  if (!answer.success) throw new AppError('internal_error', 'record_brand_refund answered an unexpected shape');
  return answer.data;
}

/** A refund changes the billing lists (the credit note reads refunded) and the audit log. */
export function useRecordBrandRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordBrandRefund,
    meta: { inlineError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
