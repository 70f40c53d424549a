import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandUser, profileOf } from '@/testing/data';
import { server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet } from '@/testing/supabase';
import { invoice } from '../testing/handlers';
import BrandPaymentsPage from './brand-payments-page';

const { invoicePdf } = vi.hoisted(() => ({ invoicePdf: vi.fn(async () => new Uint8Array([37, 80, 68, 70])) }));
// The PDF itself is the documents module's (tested there); this page gives it the invoice.
vi.mock('@/lib/money/documents', () => ({ invoicePdf }));

const brandInvoices = [
  invoice({ brand_id: brandUser.id, number: 'VP-202610-A1000000', views: 150_000, amount_satang: 150_000 }),
  invoice({ brand_id: brandUser.id, month: '2026-09-01', number: 'VP-202609-A1000000', views: 52_050, amount_satang: 52_050, status: 'paid', paid_on: '2026-10-04', reference: 'SCB-0099' }),
];

beforeEach(() => {
  invoicePdf.mockClear();
  server.use(profileRow(profileOf(brandUser)));
});

describe('Brand payments page', () => {
  it('explains billing and lists invoices newest first with their status', async () => {
    let query: URLSearchParams | undefined;
    server.use(restGet('brand_invoices', brandInvoices, { count: 2, when: (q) => ((query = q), true) }));
    await renderPage(<BrandPaymentsPage />, { user: brandUser });

    expect(screen.getByText("You're billed monthly for counted views, at each campaign's rate per 1,000 views. No upfront cost.")).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Invoices' });
    const [october, september] = within(list).getAllByRole('listitem');
    expect(october).toHaveTextContent(/October 2026.*VP-202610-A1000000.*Counted views150,000.*Amount฿1,500\.00.*StatusDue/);
    expect(september).toHaveTextContent(/September 2026.*Counted views52,050.*฿520\.50.*Paid on Oct 4, 2026.*Ref\. SCB-0099/);
    expect(within(october).getByRole('button', { name: 'Download the October 2026 invoice (VP-202610-A1000000) as PDF' })).toHaveTextContent('Download PDF');
    expect(query?.get('brand_id')).toBe(`eq.${brandUser.id}`);
    expect(query?.get('order')).toBe('month.desc');
  });

  it('shows months with Buddhist years in Thai', async () => {
    server.use(restGet('brand_invoices', brandInvoices, { count: 2 }));
    await renderPage(<BrandPaymentsPage />, { user: brandUser, language: 'th' });
    const [october, september] = within(await screen.findByRole('list', { name: 'ใบแจ้งหนี้' })).getAllByRole('listitem');
    expect(october).toHaveTextContent(/ตุลาคม 2569.*รอชำระ/);
    expect(september).toHaveTextContent(/กันยายน 2569.*ชำระแล้ว 4 ต\.ค\. 2569.*อ้างอิง SCB-0099/);
  });

  it('says so before the first invoice', async () => {
    server.use(restGet('brand_invoices', [], { count: 0 }));
    await renderPage(<BrandPaymentsPage />, { user: brandUser });
    expect(await screen.findByRole('heading', { name: 'No invoices yet' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  describe('Download PDF', () => {
    let saved: Blob[] = [];
    beforeEach(() => {
      saved = [];
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        saved.push(blob as Blob);
        return 'blob:invoice';
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    });
    afterEach(() => vi.restoreAllMocks());

    it("makes the invoice with a line per campaign, the payer as seller and the brand as buyer, in the page's language", async () => {
      const user = userEvent.setup();
      const entryQueries: URLSearchParams[] = [];
      server.use(
        restGet('brand_invoices', brandInvoices, { count: 2 }),
        restGet(
          'brand_invoice_lines',
          [
            { title: 'Serum launch', views: 120_000, amount_satang: 120_000 },
            { title: 'Toner reviews', views: 30_000, amount_satang: 30_000 },
          ],
          { when: (q) => (entryQueries.push(q), true) },
        ),
        restGet('pay_rules', { payer_name: 'ViewPact Co., Ltd.', payer_tax_id: '0105569000001', payer_address: 'Bangkok, Thailand' }),
      );
      await renderPage(<BrandPaymentsPage />, { user: brandUser, language: 'th' });
      const [october] = within(await screen.findByRole('list')).getAllByRole('listitem');
      await user.click(within(october).getByRole('button', { name: /VP-202610-A1000000/ }));

      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0].type).toBe('application/pdf');
      expect(invoicePdf).toHaveBeenCalledWith(
        {
          number: 'VP-202610-A1000000',
          issuedOn: '2026-11-01',
          month: '2026-10-01',
          seller: { name: 'ViewPact Co., Ltd.', taxId: '0105569000001', address: 'Bangkok, Thailand' },
          buyer: { name: 'GlowLab Skincare', email: brandUser.email },
          lines: [
            { title: 'Serum launch', views: 120_000, amountSatang: 120_000 },
            { title: 'Toner reviews', views: 30_000, amountSatang: 30_000 },
          ],
          totalViews: 150_000,
          totalSatang: 150_000,
          status: 'due',
        },
        'th',
      );
      expect(entryQueries[0].get('brand_id')).toBe(`eq.${brandUser.id}`);
      expect(entryQueries[0].get('month')).toBe('eq.2026-10-01');
    });
  });
});
