import { useMutation, useQueryClient } from '@tanstack/react-query';
import { i18n } from '@/i18n';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import { refusalField } from '@/lib/field-errors';
import { formatNumber } from '@/lib/format-number';
import { thaiTaxIdValid } from '@/lib/money/thai-tax-id';
import { supabase } from '@/lib/supabase';
import { billingKeys } from './billing-keys';

/** The limits save_billing_details() holds (brand_billing_details' checks). */
export const billingLimits = { legalName: 200, address: 500, billingEmail: 254 } as const;

/** The e-mail shape brand_billing_details holds. */
const emailShape = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const digitsOf = (text: string) => text.replace(/[\s-]/g, '');

/**
 * The Billing details form. save_billing_details() checks the same and answers a code; the form
 * checks the tax ID's check digit too, so a typo is caught before anything is sent.
 */
export const billingDetailsSchema = z.object({
  legalName: z.string().trim().min(1, 'errors:legal_name_required').max(billingLimits.legalName, 'payments:billing.details.tooLong'),
  address: z.string().trim().min(1, 'errors:address_required').max(billingLimits.address, 'payments:billing.details.tooLong'),
  taxId: z
    .string()
    .trim()
    .refine((value) => thaiTaxIdValid(digitsOf(value)), 'errors:tax_id_invalid'),
  headOffice: z.boolean(),
  branch: z.string().trim(),
  billingEmail: z.string().trim().min(1, 'errors:billing_email_invalid').max(billingLimits.billingEmail, 'payments:billing.details.tooLong').regex(emailShape, 'errors:billing_email_invalid'),
}).superRefine((values, ctx) => {
  if (!values.headOffice && !/^\d{5}$/.test(values.branch)) ctx.addIssue({ code: 'custom', message: 'errors:branch_invalid', path: ['branch'] });
});

export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;
type Field = keyof BillingDetailsInput;

/** field_too_long names the column in its details: the form's field for each. */
const columnFields: Record<string, Field> = { legal_name: 'legalName', address: 'address', billing_email: 'billingEmail', tax_id: 'taxId', branch: 'branch' };

/**
 * The field a refusal of save_billing_details() is about and what to say under it (issue 33:
 * under the field), in the person's language; undefined when it concerns no field (a toast).
 */
export function billingDetailsRefusal(error: unknown): { field: Field; message: string } | undefined {
  if (error instanceof AppError && error.code === 'field_too_long') {
    const field = columnFields[String(error.figures?.field)];
    const max = Number(error.figures?.max);
    if (!field) return undefined;
    const language = i18n.resolvedLanguage === 'th' ? 'th' : 'en';
    return { field, message: Number.isFinite(max) && max > 0 ? i18n.t('errors:text_too_long', { max: formatNumber(max, language) }) : i18n.t('errors:field_too_long') };
  }
  return refusalField(error, {
    codes: { legal_name_required: 'legalName', address_required: 'address', tax_id_invalid: 'taxId', branch_invalid: 'branch', billing_email_invalid: 'billingEmail' },
    constraints: { brand_billing_details_legal_name_check: 'legalName', brand_billing_details_address_check: 'address', brand_billing_details_tax_id_check: 'taxId', brand_billing_details_branch_check: 'branch', brand_billing_details_billing_email_check: 'billingEmail' },
  });
}

/** save_billing_details(): the head office is sent as 00000; saving issues the invoices that waited for these details. */
export async function saveBillingDetails(input: BillingDetailsInput): Promise<void> {
  const values = parseOrThrow(billingDetailsSchema.safeParse(input));
  const { error } = await supabase().rpc('save_billing_details', {
    p_legal_name: values.legalName,
    p_address: values.address,
    p_tax_id: digitsOf(values.taxId),
    p_branch: values.headOffice ? '00000' : values.branch,
    p_billing_email: values.billingEmail,
  });
  if (error) throw toAppError(error, 'internal_error');
}

/** Saving may issue invoices: every billing list is read again. The form shows a refusal beside its field. */
export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingDetails,
    meta: { inlineError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
