import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/keys';
import { i18n } from '@/i18n';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import { refusalField } from '@/lib/field-errors';
import { formatNumber } from '@/lib/format-number';
import { supabase } from '@/lib/supabase';
import { billingKeys } from './billing-keys';
import { paymentsKeys } from './keys';

/** record_brand_payment()'s limits (brand_payments' checks). */
export const paymentLimits = { certificateNo: 50, bankReference: 100 } as const;

const bahtShape = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/** '2,208.5' → 220850 satang, exactly (no floating point); '' → 0; null when it is not an amount. */
export function bahtToSatang(text: string): number | null {
  const value = text.trim();
  if (value === '') return 0;
  if (!bahtShape.test(value)) return null;
  const [whole, cents = ''] = value.replaceAll(',', '').split('.');
  const satang = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  return Number.isSafeInteger(satang) ? satang : null;
}

/** 220850 → '2208.50': how an amount is put back in the form. */
export const satangToInput = (satang: number) => `${Math.floor(satang / 100)}.${String(satang % 100).padStart(2, '0')}`;

const amount = z.string().refine((value) => bahtToSatang(value) !== null, 'payments:billing.record.amountFormat');

/**
 * A brand's payment as an admin records it: what arrived, the tax the brand withheld with its
 * 50 Tawi number, the day and the bank's reference. The database checks the same, and the
 * balance (payment_exceeds_balance); the form checks the balance it was shown.
 */
export const brandPaymentSchema = (balanceSatang: number) =>
  z
    .object({
      received: amount,
      withheld: amount,
      certificateNo: z.string().trim().max(paymentLimits.certificateNo, 'payments:billing.details.tooLong'),
      paidOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'errors:paid_on_invalid'),
      bankReference: z.string().trim().max(paymentLimits.bankReference, 'payments:billing.details.tooLong'),
    })
    .superRefine((values, ctx) => {
      const received = bahtToSatang(values.received);
      const withheld = bahtToSatang(values.withheld);
      if (received === null || withheld === null) return;
      if (received + withheld <= 0) ctx.addIssue({ code: 'custom', message: 'errors:amount_invalid', path: ['received'] });
      else if (received + withheld > balanceSatang) ctx.addIssue({ code: 'custom', message: 'errors:payment_exceeds_balance', path: ['received'] });
      if (withheld > 0 && !values.certificateNo) ctx.addIssue({ code: 'custom', message: 'errors:certificate_required', path: ['certificateNo'] });
      if (received > 0 && !values.bankReference) ctx.addIssue({ code: 'custom', message: 'errors:bank_reference_required', path: ['bankReference'] });
    });

export type BrandPaymentInput = z.input<ReturnType<typeof brandPaymentSchema>>;
type Field = keyof BrandPaymentInput;

const columnFields: Record<string, Field> = { certificate_no: 'certificateNo', bank_reference: 'bankReference' };

/** The field a refusal of record_brand_payment() is about, and its text; undefined when it is about none (shown above the buttons). */
export function brandPaymentRefusal(error: unknown): { field: Field; message: string } | undefined {
  if (error instanceof AppError && error.code === 'field_too_long') {
    const field = columnFields[String(error.figures?.field)];
    const max = Number(error.figures?.max);
    if (!field) return undefined;
    const language = i18n.resolvedLanguage === 'th' ? 'th' : 'en';
    return { field, message: max > 0 ? i18n.t('errors:text_too_long', { max: formatNumber(max, language) }) : i18n.t('errors:field_too_long') };
  }
  return refusalField(error, {
    codes: {
      amount_invalid: 'received',
      payment_exceeds_balance: 'received',
      certificate_required: 'certificateNo',
      paid_on_in_future: 'paidOn',
      paid_on_invalid: 'paidOn',
      bank_reference_required: 'bankReference',
    },
    constraints: { brand_payments_certificate_no_check: 'certificateNo', brand_payments_bank_reference_check: 'bankReference' },
  });
}

const recorded = z.object({ payment_id: z.string(), document_id: z.string(), document_number: z.string(), balance_satang: z.number() });
export type RecordedPayment = z.output<typeof recorded>;

export type RecordBrandPaymentInput = BrandPaymentInput & { invoiceId: string; balanceSatang: number };

/** record_brand_payment(): the payment, and the receipt/tax invoice it issued with the invoice's balance left. */
export async function recordBrandPayment({ invoiceId, balanceSatang, ...input }: RecordBrandPaymentInput): Promise<RecordedPayment> {
  const values = parseOrThrow(brandPaymentSchema(balanceSatang).safeParse(input));
  const { data, error } = await supabase().rpc('record_brand_payment', {
    p_invoice_id: invoiceId,
    p_received_satang: bahtToSatang(values.received) ?? 0,
    p_withheld_satang: bahtToSatang(values.withheld) ?? 0,
    p_certificate_no: values.certificateNo,
    p_paid_on: values.paidOn,
    p_bank_reference: values.bankReference,
  });
  if (error) throw toAppError(error, 'internal_error');
  const answer = recorded.safeParse(data);
  if (!answer.success) throw new AppError('internal_error', 'record_brand_payment answered an unexpected shape');
  return answer.data;
}

/** A payment changes the billing lists, the old invoice lists (a settled month reads paid) and the audit log. */
export function useRecordBrandPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordBrandPayment,
    meta: { inlineError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.invoices() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
