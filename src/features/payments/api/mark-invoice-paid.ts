import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/keys';
import { parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { paymentsKeys } from './keys';
import { paymentRecordSchema, type PaymentRecord } from './mark-payout-paid';

export { paymentRecordSchema };

export type MarkInvoicePaidInput = { brandId: string; month: string } & PaymentRecord;

/** mark_invoice_paid(): records a brand's payment of a month's invoice once, in the audit log. */
export async function markInvoicePaid(input: MarkInvoicePaidInput): Promise<void> {
  const { reference, paidOn } = parseOrThrow(paymentRecordSchema.safeParse(input));
  const { error } = await supabase().rpc('mark_invoice_paid', { p_brand_id: input.brandId, p_month: input.month, p_reference: reference, p_paid_on: paidOn });
  if (error) throw toAppError(error, 'moderation_failed');
}

/** Changes both invoice lists and the audit log. */
export function useMarkInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInvoicePaid,
    meta: { inlineError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.invoices() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
