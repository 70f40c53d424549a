import type { ViewRow } from '@/lib/database';
import type { BillingKind, BillingParty } from '@/lib/money/billing-pdf';

export type BillingInvoiceStatus = 'due' | 'partly_paid' | 'paid';
export type CreditStatus = 'unused' | 'applied' | 'refunded';

/** A row of billing_documents (issue 34) with what the view's SQL guarantees made explicit. */
export type BillingDocument = {
  id: string;
  kind: BillingKind;
  number: string;
  brandId: string;
  /** YYYY-MM-01: the month billed, corrected or paid for. */
  month: string;
  issuedAt: string;
  dueOn: string | null;
  subtotalSatang: number;
  vatSatang: number;
  totalSatang: number;
  whtExpectedSatang: number;
  netDueSatang: number;
  /** null: issued without VAT (the company was not VAT-registered). */
  vatRateBp: number | null;
  whtRateBp: number | null;
  relatedId: string | null;
  relatedNumber: string | null;
  reason: string | null;
  seller: BillingParty;
  buyer: BillingParty;
  /** An invoice's or a credit note's; null for a receipt. */
  status: BillingInvoiceStatus | CreditStatus | null;
  paidSatang: number;
  balanceSatang: number;
  /** A receipt's payment. */
  paymentId: string | null;
  paidOn: string | null;
};

export const billingDocumentColumns =
  'id, kind, number, brand_id, month, issued_at, due_on, subtotal_satang, vat_satang, total_satang, wht_expected_satang, net_due_satang, vat_rate_bp, wht_rate_bp, related_id, related_number, reason, seller, buyer, status, paid_satang, balance_satang, payment_id, paid_on';

type Row = Pick<ViewRow<'billing_documents'>, 'id' | 'kind' | 'number' | 'brand_id' | 'month' | 'issued_at' | 'due_on' | 'subtotal_satang' | 'vat_satang' | 'total_satang' | 'wht_expected_satang' | 'net_due_satang' | 'vat_rate_bp' | 'wht_rate_bp' | 'related_id' | 'related_number' | 'reason' | 'seller' | 'buyer' | 'status' | 'paid_satang' | 'balance_satang' | 'payment_id' | 'paid_on'>;

const kinds: BillingKind[] = ['invoice', 'tax_invoice', 'receipt', 'credit_note'];
const statuses = ['due', 'partly_paid', 'paid', 'unused', 'applied', 'refunded'] as const;

/** The particulars a document froze at issue (jsonb: name, address, tax_id, branch, email). */
function partyOf(value: unknown): BillingParty {
  const party = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof party[key] === 'string' ? (party[key] as string) : '');
  return { name: text('name'), address: text('address'), taxId: text('tax_id'), branch: text('branch') || '00000', email: text('email') || null };
}

/** The catalog calls every column of a view nullable; billing_documents reads a table whose columns are not null where these are. */
export const toBillingDocument = (row: Row): BillingDocument => ({
  id: row.id ?? '',
  kind: kinds.find((kind) => kind === row.kind) ?? 'invoice',
  number: row.number ?? '',
  brandId: row.brand_id ?? '',
  month: row.month ?? '',
  issuedAt: row.issued_at ?? '',
  dueOn: row.due_on,
  subtotalSatang: row.subtotal_satang ?? 0,
  vatSatang: row.vat_satang ?? 0,
  totalSatang: row.total_satang ?? 0,
  whtExpectedSatang: row.wht_expected_satang ?? 0,
  netDueSatang: row.net_due_satang ?? 0,
  vatRateBp: row.vat_rate_bp,
  whtRateBp: row.wht_rate_bp,
  relatedId: row.related_id,
  relatedNumber: row.related_number,
  reason: row.reason,
  seller: partyOf(row.seller),
  buyer: partyOf(row.buyer),
  status: statuses.find((status) => status === row.status) ?? null,
  paidSatang: row.paid_satang ?? 0,
  balanceSatang: row.balance_satang ?? 0,
  paymentId: row.payment_id,
  paidOn: row.paid_on,
});
