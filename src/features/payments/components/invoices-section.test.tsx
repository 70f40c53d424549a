import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminUser, profileOf } from '@/testing/data';
import { server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet, rpc } from '@/testing/supabase';
import { pickDate } from '@/testing/user';
import { brands, invoice, invoicesPage, payoutLookups, recordRpc } from '../testing/handlers';
import { AdminPaymentsTab } from './admin-payments-tab';

const paid = invoice({ month: '2026-09-01', number: 'VP-202609-B2000000', status: 'paid', paid_on: '2026-10-04', reference: 'SCB-0099', amount_satang: 52_050 });

beforeEach(() => {
  server.use(profileRow(profileOf(adminUser)), invoicesPage('due', [invoice()]), invoicesPage('paid', [paid]), ...payoutLookups());
  // The billing part of the tab (billing-section.test.tsx tests it): nothing missing, nothing open.
  server.use(rpc('billing_details_missing', []), restGet('billing_documents', [], { count: 0 }));
});

describe('Brand invoices', () => {
  it('lists invoices due and paid, and records a brand payment', async () => {
    const user = userEvent.setup();
    const markPaid = recordRpc('mark_invoice_paid');
    server.use(markPaid.handler);
    await renderPage(<AdminPaymentsTab />, { user: adminUser, url: '/dashboard/admin?tab=payments&pay=invoices' });

    const due = await screen.findByRole('table', { name: 'Invoices due' });
    const row = within(due).getByRole('row', { name: /GlowLab Skincare/ });
    expect(row).toHaveTextContent('October 2026');
    expect(row).toHaveTextContent('VP-202610-B2000000');
    expect(row).toHaveTextContent('150,000');
    expect(row).toHaveTextContent('฿1,500.00');
    const paidRow = within(await screen.findByRole('table', { name: 'Paid invoices' })).getByRole('row', { name: /GlowLab Skincare/ });
    expect(paidRow).toHaveTextContent(/September 2026.*฿520\.50.*Oct 4, 2026.*SCB-0099/);

    await user.click(within(row).getByRole('button', { name: 'Mark invoice VP-202610-B2000000 as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark invoice as paid' });
    expect(dialog).toHaveTextContent('GlowLab Skincare · VP-202610-B2000000 · ฿1,500.00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Transfer reference' }), 'BBL 5521');
    await pickDate(within(dialog).getByLabelText('Transfer date'), '2026-11-02');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));

    expect(await screen.findByText('Invoice marked as paid')).toBeInTheDocument();
    expect(markPaid.calls).toEqual([{ p_brand_id: brands.glow, p_month: '2026-10-01', p_reference: 'BBL 5521', p_paid_on: '2026-11-02' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
