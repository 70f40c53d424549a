import type { PayRules } from '../api/get-pay-rules';
import type { PayoutAccount } from '../api/get-payout-account';
import type { Statement } from '../api/list-statements';

/** Whether a month's statement has a withholding tax certificate (50 ทวิ): its payout was made and tax was withheld. */
export const hasCertificate = (statement: Statement) => statement.status === 'paid' && statement.wht_satang > 0 && Boolean(statement.payout_id && statement.paid_on);

/**
 * What the certificate of a paid month says (the input of withholdingCertificatePdf): the payer
 * from pay_rules, the creator from their payout details (the profile's name when they gave no
 * legal name), the payout's gross (the month's and what was carried into it) and tax. Its book
 * is the year it was paid, its number the payout's id. null without the creator's tax ID,
 * which the form requires.
 */
export function certificateInput(statement: Statement, rules: PayRules, account: PayoutAccount | null, profileName: string) {
  const { payout_id: payoutId, paid_on: paidOn } = statement;
  if (!hasCertificate(statement) || !payoutId || !paidOn || !account?.tax_id) return null;
  return {
    bookNo: paidOn.slice(0, 4),
    number: payoutId.slice(0, 8).toUpperCase(),
    payer: { name: rules.payer_name, taxId: rules.payer_tax_id, address: rules.payer_address },
    payee: { name: account.legal_name ?? profileName, taxId: account.tax_id, ...(account.address ? { address: account.address } : {}) },
    incomeType: '40(2)' as const,
    paidOn,
    // A payout's gross is the month's and the carried-over months': its net plus the tax withheld.
    grossSatang: statement.net_satang + statement.wht_satang,
    whtSatang: statement.wht_satang,
    form: 'ภ.ง.ด.3' as const,
  };
}
