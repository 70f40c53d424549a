import { useMutation } from '@tanstack/react-query';
import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { bangkokDate } from '@/lib/months';
import { demoText, demoThai } from '@/lib/demo-texts';
import type { Invoice } from './invoice-row';
import { loadDocuments } from './money-modules';

type Documents = Awaited<ReturnType<typeof loadDocuments>>;
type InvoiceDocument = Parameters<Documents['invoicePdf']>[0];
type Language = Parameters<Documents['invoicePdf']>[1];

export type InvoicePdfInput = {
  invoice: Invoice;
  buyer: { name: string; email?: string };
  language: Language;
  /** A line's title when its brief cannot be read any more. */
  untitled: string;
};

type InvoiceLine = { briefId: string | null; title: string | null; views: number; amountSatang: number };

/** The month's invoice lines of the brand: one per brief, summed in SQL (brand_invoice_lines). */
async function invoiceLines(brandId: string, month: string): Promise<InvoiceLine[]> {
  const { data, error } = await supabase()
    .from('brand_invoice_lines')
    .select('brand_brief_id, title, views, amount_satang')
    .eq('brand_id', brandId)
    .eq('month', month)
    .order('amount_satang', { ascending: false });
  if (error) throw toAppError(error, 'internal_error');
  return data.map((line) => ({ briefId: line.brand_brief_id, title: line.title, views: line.views ?? 0, amountSatang: line.amount_satang ?? 0 }));
}

/**
 * The lines of demo campaigns (supabase/seed.sql, written in English) titled in the invoice's
 * language, as the pages show them; what a brand wrote stays as written. Only a Thai invoice
 * with a title the demo has asks which campaigns are demo ones.
 */
async function inLanguage(lines: InvoiceLine[], language: Language): Promise<InvoiceLine[]> {
  const candidates = lines.filter((line) => line.briefId !== null && line.title !== null && Object.hasOwn(demoThai, line.title));
  if (language !== 'th' || candidates.length === 0) return lines;
  const { data, error } = await supabase()
    .from('brand_briefs')
    .select('id, is_demo')
    .in('id', candidates.map((line) => line.briefId!));
  if (error) throw toAppError(error, 'internal_error');
  const demo = new Set(data.filter((brief) => brief.is_demo).map((brief) => brief.id));
  return lines.map((line) => (line.briefId !== null && demo.has(line.briefId) ? { ...line, title: demoText(line.title, true, language) } : line));
}

async function payer(): Promise<InvoiceDocument['seller']> {
  const { data, error } = await supabase().from('pay_rules').select('payer_name, payer_tax_id, payer_address').single();
  if (error) throw toAppError(error, 'internal_error');
  return { name: data.payer_name, taxId: data.payer_tax_id, address: data.payer_address };
}

/** The invoice is issued the day its month closed (Thailand time, brand_invoices.issued_at): the same date on every download. */
const issuedOn = (invoice: Invoice) => bangkokDate(invoice.issuedAt ?? new Date());

/**
 * A brand's invoice of a month as a PDF (invoicePdf): a line per brief with its counted views
 * and charge (brand_invoice_lines); the seller is pay_rules' payer.
 */
export async function makeInvoicePdf({ invoice, buyer, language, untitled }: InvoicePdfInput): Promise<{ bytes: Uint8Array; fileName: string }> {
  const [sums, seller, documents] = await Promise.all([invoiceLines(invoice.brandId, invoice.month), payer(), loadDocuments()]);
  const lines = (await inLanguage(sums, language))
    .filter((line) => line.views !== 0 || line.amountSatang !== 0)
    .map((line) => ({ title: line.title?.trim() || untitled, views: line.views, amountSatang: line.amountSatang }));
  if (lines.length === 0) throw new AppError('invoice_not_found');
  const bytes = await documents.invoicePdf(
    {
      number: invoice.number,
      issuedOn: issuedOn(invoice),
      month: invoice.month,
      seller,
      buyer,
      lines,
      totalViews: invoice.views,
      totalSatang: invoice.amountSatang,
      status: invoice.status,
      ...(invoice.status === 'paid' && { paidOn: invoice.paidOn ?? undefined, reference: invoice.reference ?? undefined }),
    },
    language,
  );
  return { bytes, fileName: `${invoice.number}.pdf` };
}

export const useInvoicePdf = () => useMutation({ mutationFn: makeInvoicePdf });
