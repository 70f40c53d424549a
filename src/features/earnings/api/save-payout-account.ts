import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { parseOrThrow, toAppError } from '@/lib/errors';
import type { RefusalFields } from '@/lib/field-errors';
import { supabase } from '@/lib/supabase';
import { textLimits } from '@/lib/text-limits';
import { earningsKeys } from './keys';

const required = (message: string) => ({ code: 'custom' as const, message });

/**
 * The Payouts form's shape. save_payout_account() checks the rest (a valid PromptPay ID, a
 * listed bank, the account number's digits, the tax ID's check digit) and answers a code.
 * The consent is checked here too, so the form says so before anything is sent (PDPA: the
 * tax ID is kept only with it).
 */
export const payoutAccountSchema = z
  .object({
    method: z.enum(['promptpay', 'bank'], 'earnings:payouts.form.methodRequired'),
    promptpayId: z.string().trim(),
    bankCode: z.string(),
    accountNumber: z.string().trim(),
    accountName: z.string().trim().max(textLimits.accountName, 'earnings:payouts.form.tooLong'),
    legalName: z.string().trim().max(textLimits.legalName, 'earnings:payouts.form.tooLong'),
    address: z.string().trim().max(textLimits.address, 'earnings:payouts.form.tooLong'),
    taxId: z.string().trim(),
    taxConsent: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.method === 'promptpay' && !values.promptpayId) ctx.addIssue({ ...required('earnings:payouts.form.promptpayRequired'), path: ['promptpayId'] });
    if (values.method === 'bank') {
      if (!values.bankCode) ctx.addIssue({ ...required('earnings:payouts.form.bankRequired'), path: ['bankCode'] });
      if (!values.accountNumber) ctx.addIssue({ ...required('earnings:payouts.form.accountNumberRequired'), path: ['accountNumber'] });
      if (!values.accountName) ctx.addIssue({ ...required('earnings:payouts.form.accountNameRequired'), path: ['accountName'] });
    }
    if (values.taxId && !values.taxConsent) ctx.addIssue({ ...required('earnings:payouts.form.consentRequired'), path: ['taxConsent'] });
  });

export type PayoutAccountInput = z.input<typeof payoutAccountSchema>;

/**
 * The form field each refusal of save_payout_account() is about, to show it there: by its code,
 * or the column's length (payout_accounts' check constraints). "The name or address is too long"
 * goes under whichever of the two the person made too long.
 */
export function payoutRefusalFields(values: Pick<PayoutAccountInput, 'address'>): RefusalFields<keyof PayoutAccountInput> {
  return {
    codes: {
      promptpay_id_invalid: 'promptpayId',
      bank_invalid: 'bankCode',
      account_number_invalid: 'accountNumber',
      account_name_required: 'accountName',
      payout_method_invalid: 'method',
      tax_id_invalid: 'taxId',
      tax_consent_required: 'taxConsent',
      payout_details_too_long: values.address.length > textLimits.address ? 'address' : 'legalName',
    },
    constraints: {
      payout_accounts_account_name_check: 'accountName',
      payout_accounts_legal_name_check: 'legalName',
      payout_accounts_address_check: 'address',
    },
  };
}

const orUndefined = (text: string) => text || undefined;

/** save_payout_account(): only the chosen method's fields are sent; an empty tax ID deletes the saved one and its consent. */
export async function savePayoutAccount(input: PayoutAccountInput): Promise<void> {
  const values = parseOrThrow(payoutAccountSchema.safeParse(input));
  const bank = values.method === 'bank';
  const { error } = await supabase().rpc('save_payout_account', {
    p_method: values.method,
    p_promptpay_id: bank ? undefined : values.promptpayId,
    p_bank_code: bank ? values.bankCode : undefined,
    p_account_number: bank ? values.accountNumber : undefined,
    p_account_name: bank ? values.accountName : undefined,
    p_legal_name: orUndefined(values.legalName),
    p_address: orUndefined(values.address),
    p_tax_id: orUndefined(values.taxId),
    p_tax_consent: Boolean(values.taxId) && values.taxConsent,
  });
  if (error) throw toAppError(error, 'internal_error');
}

export function useSavePayoutAccount(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutAccount,
    // The form shows a refusal beside its field (or toasts it itself).
    meta: { inlineError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earningsKeys.payoutAccount(userId) }),
  });
}
