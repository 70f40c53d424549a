import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandUser, profileOf } from '@/testing/data';
import { server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet, rpc } from '@/testing/supabase';
import { billingDocument, buyer, paymentRow, seller, taxInvoiceRow } from '../testing/billing';
import { invoice } from '../testing/handlers';
import BrandPaymentsPage from './brand-payments-page';

const { billingDocumentPdf } = vi.hoisted(() => ({ billingDocumentPdf: vi.fn(async () => new Uint8Array([37, 80, 68, 70])) }));
// The PDF itself is the billing-pdf module's (tested there); this page gives it the document.
vi.mock('@/lib/money/billing-pdf', () => ({ billingDocumentPdf }));

const documents = [taxInvoiceRow, billingDocument({ status: 'paid', paid_satang: 160_500, balance_satang: 0 })];
const earlier = [invoice({ brand_id: brandUser.id, month: '2026-09-01', number: 'VP-202609-A1000000', views: 52_050, amount_satang: 52_050, status: 'paid', paid_on: '2026-10-04', reference: 'SCB-0099' })];

/** The page's reads: the documents (and the first month they cover), what waits for billing details, the earlier invoices. */
function answer({ docs = documents, missing = [] as object[], old = earlier } = {}) {
  const queries = { documents: [] as URLSearchParams[], earlier: [] as URLSearchParams[] };
  server.use(
    profileRow(profileOf(brandUser)),
    restGet('billing_documents', docs.length ? [{ month: '2026-10-01' }] : [], { when: (query) => query.get('select') === 'month' }),
    restGet('billing_documents', docs, { count: docs.length, when: (query) => (queries.documents.push(query), true) }),
    rpc('billing_details_missing', missing),
    restGet('brand_invoices', old, { count: old.length, when: (query) => (queries.earlier.push(query), true) }),
  );
  return queries;
}

beforeEach(() => billingDocumentPdf.mockClear());

describe('Brand payments page', () => {
  it('lists the billing documents newest first with their amounts and status, and the invoices of earlier months', async () => {
    const queries = answer();
    await renderPage(<BrandPaymentsPage />, { user: brandUser });
    expect(screen.getByText(/You're billed monthly for counted views/)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Billing documents' });
    const [receipt, inv] = within(list).getAllByRole('listitem');
    expect(receipt).toHaveTextContent(/Receipt\/tax invoice TAX-2026-000001.*Issued Nov 5, 2026.*For October 2026.*For INV-2026-000001.*Before VAT฿1,500\.00.*VAT 7%฿105\.00.*Total฿1,605\.00/);
    expect(inv).toHaveTextContent(/Invoice INV-2026-000001.*Paid.*Before VAT฿1,500\.00.*VAT 7%฿105\.00.*Total฿1,605\.00.*Net to transfer฿1,575\.00/);
    expect(within(receipt).getByRole('button', { name: 'Download Receipt/tax invoice TAX-2026-000001 as PDF' })).toBeInTheDocument();
    expect(within(receipt).getByRole('button', { name: 'Download Receipt/tax invoice TAX-2026-000001 as CSV' })).toBeInTheDocument();
    expect(queries.documents[0].get('brand_id')).toBe(`eq.${brandUser.id}`);
    expect(queries.documents[0].get('order')).toBe('issued_at.desc,number.desc');

    const older = await screen.findByRole('list', { name: 'Monthly invoices' });
    expect(within(older).getByRole('listitem')).toHaveTextContent(/September 2026.*VP-202609-A1000000.*฿520\.50.*Paid on Oct 4, 2026/);
    expect(queries.earlier.at(-1)?.get('month')).toBe('lt.2026-10-01');
    expect(screen.queryByRole('heading', { name: 'Add your billing details' })).not.toBeInTheDocument();
  });

  it('tells a brand whose months wait for its billing details and links to them; their monthly invoices stay listed until then', async () => {
    const queries = answer({ docs: [], missing: [{ brand_id: brandUser.id, brand_name: 'GlowLab', months: 2, amount_satang: 312_345 }] });
    await renderPage(<BrandPaymentsPage />, { user: brandUser });
    const notice = await screen.findByRole('region', { name: 'Add your billing details' });
    expect(notice).toHaveTextContent("Your invoices for 2 months (฿3,123.45 before VAT) are waiting for your company's billing details");
    expect(within(notice).getByRole('link', { name: 'Add billing details' })).toHaveAttribute('href', '/dashboard/settings?tab=billing');
    expect(await screen.findByRole('heading', { name: 'No billing documents yet' })).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Monthly invoices' })).getByRole('listitem')).toHaveTextContent('VP-202609-A1000000');
    // No billing document yet: every month's invoice is listed.
    expect(queries.earlier.at(-1)?.has('month')).toBe(false);
  });

  it('reads in Thai, with Buddhist years', async () => {
    answer();
    await renderPage(<BrandPaymentsPage />, { user: brandUser, language: 'th' });
    const [receipt, inv] = within(await screen.findByRole('list', { name: 'เอกสารการเงิน' })).getAllByRole('listitem');
    expect(receipt).toHaveTextContent(/ใบเสร็จรับเงิน\/ใบกำกับภาษี TAX-2026-000001.*ออกเมื่อ 5 พ\.ย\. 2569.*ของเดือนตุลาคม 2569.*ภาษีมูลค่าเพิ่ม 7%/);
    expect(inv).toHaveTextContent(/ใบแจ้งหนี้ INV-2026-000001.*ชำระแล้ว.*ยอดโอนสุทธิ/);
  });

  describe('downloads', () => {
    let saved: Blob[] = [];
    beforeEach(() => {
      saved = [];
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        saved.push(blob as Blob);
        return 'blob:document';
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    });
    afterEach(() => vi.restoreAllMocks());

    const lines = [{ position: 1, description: 'Advertising by counted views, 2026-10 (invoice INV-2026-000001) / ค่าโฆษณาตามวิวที่นับ เดือน 10/2569 (ใบแจ้งหนี้ INV-2026-000001)', views: null, amount_satang: 150_000 }];

    it('makes the tax invoice PDF from the document as issued, its line and its payment', async () => {
      answer();
      server.use(restGet('billing_document_lines', lines), restGet('brand_payments', paymentRow));
      await renderPage(<BrandPaymentsPage />, { user: brandUser });
      const [receipt] = within(await screen.findByRole('list', { name: 'Billing documents' })).getAllByRole('listitem');
      await userEvent.click(within(receipt).getByRole('button', { name: /TAX-2026-000001 as PDF/ }));

      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0].type).toBe('application/pdf');
      expect(billingDocumentPdf).toHaveBeenCalledWith({
        kind: 'tax_invoice',
        number: 'TAX-2026-000001',
        issuedOn: '2026-11-05',
        month: '2026-10-01',
        seller: { name: seller.name, address: seller.address, taxId: seller.tax_id, branch: '00000', email: null },
        buyer: { name: buyer.name, address: buyer.address, taxId: buyer.tax_id, branch: '00001', email: buyer.email },
        vatRatePercent: 7,
        lines: [{ description: lines[0].description, views: null, amountSatang: 150_000 }],
        subtotalSatang: 150_000,
        vatSatang: 10_500,
        totalSatang: 160_500,
        related: { number: 'INV-2026-000001' },
        payment: { paidOn: '2026-11-05', receivedSatang: 157_500, withheldSatang: 3_000, creditedSatang: 0, creditNoteNumber: null, certificateNo: 'GL-50T-0042', bankReference: 'KBANK 889911' },
      });
    });

    it('makes the tax invoice CSV an accountant imports, in the page’s language', async () => {
      answer();
      server.use(restGet('billing_document_lines', lines), restGet('brand_payments', paymentRow));
      await renderPage(<BrandPaymentsPage />, { user: brandUser, language: 'th' });
      const [receipt] = within(await screen.findByRole('list', { name: 'เอกสารการเงิน' })).getAllByRole('listitem');
      await userEvent.click(within(receipt).getByRole('button', { name: /TAX-2026-000001 เป็น CSV/ }));

      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0].type).toBe('text/csv;charset=utf-8');
      const [header, row] = (await saved[0].text()).replace(/^\uFEFF/, '').split('\r\n');
      expect(header).toContain('เลขที่เอกสาร,วันที่');
      expect(row).toContain('ใบเสร็จรับเงิน/ใบกำกับภาษี,TAX-2026-000001,05/11/2569');
      expect(row).toContain('0105561000127,00001');
      expect(row).toContain(',1500.00,7,105.00,1605.00,30.00,GL-50T-0042,05/11/2569,KBANK 889911,INV-2026-000001,');
    });
  });
});
