import type { ViewRow } from '@/lib/database';
import type { InvoiceStatus } from './keys';

/** A brand's monthly invoice (brand_invoices), with what the view's SQL guarantees made explicit. */
export type Invoice = {
  brandId: string;
  /** YYYY-MM-01. */
  month: string;
  number: string;
  views: number;
  amountSatang: number;
  status: InvoiceStatus;
  paidOn: string | null;
  reference: string | null;
  /** When its month closed: the invoice's date of issue. */
  issuedAt: string | null;
};

export const invoiceColumns = 'brand_id, month, number, views, amount_satang, status, paid_on, reference, issued_at';

/** The catalog calls every column of a view nullable; brand_invoices groups by brand and month and sums, so none of these is. */
export const toInvoice = (row: Pick<ViewRow<'brand_invoices'>, 'brand_id' | 'month' | 'number' | 'views' | 'amount_satang' | 'status' | 'paid_on' | 'reference' | 'issued_at'>): Invoice => ({
  brandId: row.brand_id ?? '',
  month: row.month ?? '',
  number: row.number ?? '',
  views: row.views ?? 0,
  amountSatang: row.amount_satang ?? 0,
  status: row.status === 'paid' ? 'paid' : 'due',
  paidOn: row.paid_on,
  reference: row.reference,
  issuedAt: row.issued_at,
});
