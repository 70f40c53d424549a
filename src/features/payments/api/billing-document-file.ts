import { useMutation } from '@tanstack/react-query';
import { AppError, toAppError } from '@/lib/errors';
import type { BillingDocumentDoc } from '@/lib/money/billing-pdf';
import { bangkokDate } from '@/lib/months';
import { supabase } from '@/lib/supabase';
import type { BillingDocument } from './billing-document-row';

/** The billing PDF and CSV code (pdfkit and the Thai font come with it), loaded only when a file is made. */
const loadBillingPdf = () => import('@/lib/money/billing-pdf');
const loadBillingCsv = () => import('@/lib/money/billing-csv');

async function linesOf(documentId: string): Promise<BillingDocumentDoc['lines']> {
  const { data, error } = await supabase().from('billing_document_lines').select('position, description, views, amount_satang').eq('document_id', documentId).order('position');
  if (error) throw toAppError(error, 'internal_error');
  return data.map((line) => ({ description: line.description ?? '', views: line.views, amountSatang: line.amount_satang ?? 0 }));
}

/** A receipt's payment (brand_payments: the brand and admins read it), with the credit note that paid it, if one did. */
async function paymentOf(paymentId: string): Promise<BillingDocumentDoc['payment']> {
  const { data, error } = await supabase()
    .from('brand_payments')
    .select('paid_on, received_satang, withheld_satang, credited_satang, credit_note_id, certificate_no, bank_reference')
    .eq('id', paymentId)
    .single();
  if (error) throw toAppError(error, 'internal_error');
  let creditNoteNumber: string | null = null;
  if (data.credit_note_id) {
    const note = await supabase().from('billing_documents').select('number').eq('id', data.credit_note_id).single();
    if (note.error) throw toAppError(note.error, 'internal_error');
    creditNoteNumber = note.data.number;
  }
  return {
    paidOn: data.paid_on,
    receivedSatang: data.received_satang,
    withheldSatang: data.withheld_satang,
    creditedSatang: data.credited_satang,
    creditNoteNumber,
    certificateNo: data.certificate_no,
    bankReference: data.bank_reference,
  };
}

/** The document a credit note reduces: its date and value, printed beside the value reduced. */
async function originalOf(relatedId: string): Promise<{ issuedOn: string; subtotalSatang: number }> {
  const { data, error } = await supabase().from('billing_documents').select('issued_at, subtotal_satang').eq('id', relatedId).single();
  if (error) throw toAppError(error, 'internal_error');
  return { issuedOn: bangkokDate(data.issued_at ?? ''), subtotalSatang: data.subtotal_satang ?? 0 };
}

/** Everything a billing document prints: the row as issued, its lines, and its payment or original document. */
export async function billingDocumentDoc(doc: BillingDocument): Promise<BillingDocumentDoc> {
  const receipt = doc.kind === 'tax_invoice' || doc.kind === 'receipt';
  const [lines, payment, original] = await Promise.all([
    linesOf(doc.id),
    receipt && doc.paymentId ? paymentOf(doc.paymentId) : undefined,
    doc.kind === 'credit_note' && doc.relatedId ? originalOf(doc.relatedId) : undefined,
  ]);
  if (lines.length === 0) throw new AppError('invoice_not_found');
  return {
    kind: doc.kind,
    number: doc.number,
    issuedOn: bangkokDate(doc.issuedAt),
    month: doc.month,
    seller: doc.seller,
    buyer: doc.buyer,
    vatRatePercent: doc.vatRateBp === null ? null : doc.vatRateBp / 100,
    lines,
    subtotalSatang: doc.subtotalSatang,
    vatSatang: doc.vatSatang,
    totalSatang: doc.totalSatang,
    ...(doc.kind === 'invoice' && {
      dueOn: doc.dueOn ?? undefined,
      whtRatePercent: doc.whtRateBp === null ? undefined : doc.whtRateBp / 100,
      whtExpectedSatang: doc.whtExpectedSatang,
      netDueSatang: doc.netDueSatang,
    }),
    ...(doc.relatedNumber && { related: { number: doc.relatedNumber, ...original } }),
    ...(doc.reason && { reason: doc.reason }),
    ...(payment && { payment }),
  };
}

export type BillingFileInput = { document: BillingDocument; format: 'pdf' | 'csv'; language: 'en' | 'th' };

/** A billing document as a file: the PDF (Thai with English beside it) or one CSV row an accountant imports (headers in the page's language). */
export async function makeBillingFile({ document, format, language }: BillingFileInput): Promise<{ bytes: Uint8Array | string; fileName: string; type: string }> {
  const doc = await billingDocumentDoc(document);
  if (format === 'csv') {
    const { billingDocumentsCsv } = await loadBillingCsv();
    return { bytes: billingDocumentsCsv([doc], language), fileName: `${document.number}.csv`, type: 'text/csv;charset=utf-8' };
  }
  const { billingDocumentPdf } = await loadBillingPdf();
  return { bytes: await billingDocumentPdf(doc), fileName: `${document.number}.pdf`, type: 'application/pdf' };
}

export const useBillingFile = () => useMutation({ mutationFn: makeBillingFile });
