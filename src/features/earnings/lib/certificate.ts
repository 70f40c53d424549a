import { certificateFor } from '@/lib/money/certificate';
import type { PayRules } from '../api/get-pay-rules';
import type { PayoutAccount } from '../api/get-payout-account';
import type { Statement } from '../api/list-statements';

/** Whether a month's statement has a withholding tax certificate (50 ทวิ): its payout was made and tax was withheld. */
export const hasCertificate = (statement: Statement) => statement.status === 'paid' && statement.wht_satang > 0 && Boolean(statement.payout_id && statement.paid_on);

/**
 * The certificate of a paid month (certificateFor): the payout's gross is the month's and what
 * was carried into it, its net plus the tax withheld. null without the creator's tax ID.
 */
export function certificateInput(statement: Statement, rules: PayRules, account: PayoutAccount | null, profileName: string) {
  const { payout_id: payoutId, paid_on: paidOn } = statement;
  if (!hasCertificate(statement) || !payoutId || !paidOn) return null;
  const payout = { id: payoutId, paidOn, grossSatang: statement.net_satang + statement.wht_satang, whtSatang: statement.wht_satang };
  return certificateFor(payout, rules, account, profileName);
}
