import { useMutation } from '@tanstack/react-query';
import { parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { closeMonthSchema } from './close-month';

export type BillingReport = 'output-vat' | 'brand-wht';
export type BillingReportInput = { report: BillingReport; month: string; language: 'en' | 'th' };

/** A report's CSV, and how many rows it holds (0: the month had none). */
export type BillingReportFile = { csv: string; rows: number; fileName: string };

/**
 * The month's output VAT report (output_vat_report(): tax invoices, credit notes negative) or
 * the withholding tax brands deducted (brand_wht_report()), as CSV with headers in the page's
 * language. Admins only: the functions refuse anyone else.
 */
export async function exportBillingReport(input: BillingReportInput): Promise<BillingReportFile> {
  const { month } = parseOrThrow(closeMonthSchema.safeParse({ month: input.month }));
  const fileName = `${input.report}-${month.slice(0, 7)}.csv`;
  const csvModule = import('@/lib/money/billing-csv');
  if (input.report === 'output-vat') {
    const [{ data, error }, { outputVatCsv }] = await Promise.all([supabase().rpc('output_vat_report', { p_month: month }), csvModule]);
    if (error) throw toAppError(error, 'internal_error');
    const rows = data.map((row) => ({
      issuedOn: row.issued_on,
      number: row.number,
      kind: row.kind === 'credit_note' ? ('credit_note' as const) : ('tax_invoice' as const),
      buyerName: row.buyer_name,
      buyerTaxId: row.buyer_tax_id,
      buyerBranch: row.buyer_branch,
      subtotalSatang: row.subtotal_satang,
      vatSatang: row.vat_satang,
      totalSatang: row.total_satang,
    }));
    return { csv: outputVatCsv(rows, input.language), rows: rows.length, fileName };
  }
  const [{ data, error }, { brandWhtCsv }] = await Promise.all([supabase().rpc('brand_wht_report', { p_month: month }), csvModule]);
  if (error) throw toAppError(error, 'internal_error');
  const rows = data.map((row) => ({
    paidOn: row.paid_on,
    brandName: row.brand_name,
    brandTaxId: row.brand_tax_id,
    invoiceNumber: row.invoice_number,
    certificateNo: row.certificate_no ?? '',
    baseSatang: row.base_satang,
    withheldSatang: row.withheld_satang,
  }));
  return { csv: brandWhtCsv(rows, input.language), rows: rows.length, fileName };
}

/** Reads only: nothing to invalidate. */
export const useBillingReport = () => useMutation({ mutationFn: exportBillingReport });
