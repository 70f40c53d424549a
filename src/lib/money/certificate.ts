import { bangkokMidnight } from '@shared/clock.ts';
import { calendarYear } from '@/lib/year';
import type { WhtCertificate } from './documents';

/** A paid payout, as the certificate needs it. */
export type CertifiedPayout = { id: string; paidOn: string; grossSatang: number; whtSatang: number };
/** pay_rules' payer. */
export type Payer = { payer_name: string; payer_tax_id: string; payer_address: string };
/** The creator's payout details, as far as the certificate prints them. */
export type Payee = { legal_name: string | null; tax_id: string | null; address: string | null };

/**
 * What the withholding tax certificate (50 ทวิ) of a paid payout says, for the creator and for
 * admins alike: the payer from pay_rules, the creator from their payout details (`fallbackName`,
 * the profile's, when they gave no legal name), the payout's gross and tax. Its book is the year
 * it was paid, in the Buddhist Era as the form is Thai (2569), its number the payout's id. null
 * without the creator's tax ID, which the form requires, or without tax withheld.
 */
export function certificateFor(payout: CertifiedPayout, payer: Payer, payee: Payee | null, fallbackName: string): WhtCertificate | null {
  if (!payee?.tax_id || payout.whtSatang <= 0) return null;
  return {
    bookNo: String(calendarYear(bangkokMidnight(payout.paidOn), 'th')),
    number: payout.id.slice(0, 8).toUpperCase(),
    payer: { name: payer.payer_name, taxId: payer.payer_tax_id, address: payer.payer_address },
    payee: { name: payee.legal_name ?? fallbackName, taxId: payee.tax_id, ...(payee.address ? { address: payee.address } : {}) },
    incomeType: '40(2)',
    paidOn: payout.paidOn,
    grossSatang: payout.grossSatang,
    whtSatang: payout.whtSatang,
    form: 'ภ.ง.ด.3',
  };
}

/** The certificate as a PDF file name and bytes; the PDF code (pdfkit and the Thai font) loads here, on first use. */
export async function certificatePdf(input: WhtCertificate, month: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }> {
  const { withholdingCertificatePdf } = await import('./documents');
  return { bytes: new Uint8Array(await withholdingCertificatePdf(input)), fileName: `viewpact-50tawi-${month.slice(0, 7)}.pdf` };
}
