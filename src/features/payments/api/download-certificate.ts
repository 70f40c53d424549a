import { useMutation } from '@tanstack/react-query';
import { AppError, toAppError } from '@/lib/errors';
import { certificateFor, certificatePdf } from '@/lib/money/certificate';
import { supabase } from '@/lib/supabase';
import type { PaidPayout } from './list-paid-payouts';

/**
 * The withholding tax certificate (50 ทวิ) of a paid payout, for an admin: the payer from
 * pay_rules, the creator's payout details (admins read them), the payout's gross (net + tax).
 * Refused with payout_details_missing when the creator gave no tax ID.
 */
export async function makeCertificatePdf(payout: PaidPayout): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }> {
  const [rules, account] = await Promise.all([
    supabase().from('pay_rules').select('payer_name, payer_tax_id, payer_address').single(),
    supabase().from('payout_accounts').select('legal_name, tax_id, address').eq('creator_id', payout.creator_id).maybeSingle(),
  ]);
  if (rules.error) throw toAppError(rules.error, 'internal_error');
  if (account.error) throw toAppError(account.error, 'internal_error');
  const input = certificateFor(
    { id: payout.id, paidOn: payout.paid_on, grossSatang: payout.net_satang + payout.wht_satang, whtSatang: payout.wht_satang },
    rules.data,
    account.data,
    payout.creatorName ?? '',
  );
  if (!input) throw new AppError('payout_details_missing');
  return certificatePdf(input, payout.month);
}

export const useCertificatePdf = () => useMutation({ mutationFn: makeCertificatePdf });
