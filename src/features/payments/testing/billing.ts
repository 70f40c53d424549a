import { brands } from './handlers';

/** billing_documents rows the tests answer with: what the database would, never computed here. */

export const seller = { name: 'ViewPact Co., Ltd.', address: '99/9 Sathorn Road, Bangkok 10500', tax_id: '0105556123453', branch: '00000', vat_registered: true };
export const buyer = { name: 'GlowLab Skincare Co., Ltd.', address: '88 Rama 9 Road, Bangkok 10310', tax_id: '0105561000127', branch: '00001', email: 'billing@glowlab.example' };

/** An invoice of October 2026: 1,500.00 before VAT, 105.00 VAT, 30.00 withholding expected. */
export const billingDocument = (overrides: Record<string, unknown> = {}) => ({
  id: 'd1000000-0000-4000-8000-000000000001',
  kind: 'invoice',
  number: 'INV-2026-000001',
  brand_id: brands.glow,
  month: '2026-10-01',
  issued_at: '2026-10-31T17:00:04Z',
  due_on: '2026-11-30',
  subtotal_satang: 150_000,
  vat_satang: 10_500,
  total_satang: 160_500,
  wht_expected_satang: 3_000,
  net_due_satang: 157_500,
  vat_rate_bp: 700,
  wht_rate_bp: 200,
  related_id: null,
  related_number: null,
  reason: null,
  seller,
  buyer,
  status: 'due',
  paid_satang: 0,
  balance_satang: 160_500,
  payment_id: null,
  paid_on: null,
  ...overrides,
});

/** The tax invoice of a payment of the whole October invoice, 2% withheld. */
export const taxInvoiceRow = billingDocument({
  id: 'd1000000-0000-4000-8000-000000000002',
  kind: 'tax_invoice',
  number: 'TAX-2026-000001',
  issued_at: '2026-11-05T03:00:00Z',
  due_on: null,
  wht_expected_satang: 3_000,
  net_due_satang: 157_500,
  wht_rate_bp: null,
  related_id: 'd1000000-0000-4000-8000-000000000001',
  related_number: 'INV-2026-000001',
  status: null,
  paid_satang: 160_500,
  balance_satang: 0,
  payment_id: 'e1000000-0000-4000-8000-000000000001',
  paid_on: '2026-11-05',
});

export const paymentRow = {
  paid_on: '2026-11-05',
  received_satang: 157_500,
  withheld_satang: 3_000,
  credited_satang: 0,
  credit_note_id: null,
  certificate_no: 'GL-50T-0042',
  bank_reference: 'KBANK 889911',
};
