import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { bangkokToday } from '@/lib/months';
import { adminUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet, rpc } from '@/testing/supabase';
import { enter } from '@/testing/user';
import { billingDocument } from '../testing/billing';
import { recordRpc } from '../testing/handlers';
import { BillingSection } from './billing-section';

const partlyPaid = billingDocument({
  id: 'd1000000-0000-4000-8000-000000000009',
  number: 'INV-2026-000002',
  month: '2026-09-01',
  buyer: { name: 'Namsai Drinks Co., Ltd.', address: 'Bangkok', tax_id: '0105556123453', branch: '00000' },
  status: 'partly_paid',
  paid_satang: 80_250,
  balance_satang: 80_250,
});

let openQuery: URLSearchParams | undefined;

beforeEach(() => {
  openQuery = undefined;
  server.use(
    profileRow(profileOf(adminUser)),
    rpc('billing_details_missing', [{ brand_id: 'b3000000-0000-4000-8000-000000000001', brand_name: 'Sabai Tea', months: 2, amount_satang: 312_345 }]),
    restGet('billing_documents', [billingDocument(), partlyPaid], { count: 2, when: (query) => query.get('kind') === 'eq.invoice' && ((openQuery = query), true) }),
    restGet('billing_documents', [], { count: 0, when: (query) => query.get('kind') === 'eq.credit_note' }),
  );
});

async function openDialog(number = 'INV-2026-000001') {
  const user = userEvent.setup();
  await renderPage(<BillingSection />, { user: adminUser });
  const open = await screen.findByRole('table', { name: 'Open invoices' });
  await user.click(within(open).getByRole('button', { name: `Record a payment of invoice ${number}` }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Record payment' }) };
}

/** record_brand_payment answering a refusal as private.refuse raises it. */
const refuse = (code: string, details: object | null = null) =>
  http.post(`${apiUrl}/rest/v1/rpc/record_brand_payment`, () => HttpResponse.json({ code, message: code, details: details && JSON.stringify(details), hint: null }, { status: 422 }));

describe('Billing, for admins', () => {
  it('lists the brands missing billing details and the open invoices, oldest first', async () => {
    await renderPage(<BillingSection />, { user: adminUser });
    const missing = await screen.findByRole('table', { name: 'Brands missing billing details' });
    expect(within(missing).getByRole('row', { name: /Sabai Tea/ })).toHaveTextContent(/Sabai Tea.*2.*฿3,123\.45/);
    const open = await screen.findByRole('table', { name: 'Open invoices' });
    const [first, second] = within(open).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent(/GlowLab Skincare Co\., Ltd\..*October 2026.*INV-2026-000001.*Due.*฿1,605\.00.*฿1,605\.00/);
    expect(second).toHaveTextContent(/Namsai Drinks Co\., Ltd\..*INV-2026-000002.*Partly paid.*฿1,605\.00.*฿802\.50/);
    expect(openQuery?.get('kind')).toBe('eq.invoice');
    expect(openQuery?.get('status')).toBe('in.(due,partly_paid)');
    expect(openQuery?.get('order')).toBe('issued_at.asc,number.asc');
  });

  it('records a payment with the expected withholding filled in, and says what it issued', async () => {
    const record = recordRpc('record_brand_payment', { result: { payment_id: 'e1', document_id: 'd2', document_number: 'TAX-2026-000001', balance_satang: 0 } });
    server.use(record.handler);
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveTextContent('GlowLab Skincare Co., Ltd. · INV-2026-000001 · total ฿1,605.00 · balance ฿1,605.00');
    expect(within(dialog).getByLabelText('Amount received (baht)')).toHaveValue('1575.00');
    expect(within(dialog).getByLabelText('Tax withheld by the brand (baht)')).toHaveValue('30.00');
    expect(within(dialog).getByText('Expected: ฿30.00 (2% of the amount before VAT)')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Balance after this payment: ฿0.00');

    await enter(within(dialog).getByLabelText('50 Tawi certificate number'), 'GL-50T-0042');
    await enter(within(dialog).getByLabelText('Bank reference'), 'KBANK 889911');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('Payment recorded: TAX-2026-000001 issued')).toBeInTheDocument();
    expect(record.calls).toEqual([
      { p_invoice_id: 'd1000000-0000-4000-8000-000000000001', p_received_satang: 157_500, p_withheld_satang: 3_000, p_certificate_no: 'GL-50T-0042', p_paid_on: bangkokToday(), p_bank_reference: 'KBANK 889911' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('suggests the rest of a partly paid invoice in the proportion it expects withholding, and shows the balance left as amounts change', async () => {
    const { dialog } = await openDialog('INV-2026-000002');
    expect(within(dialog).getByLabelText('Amount received (baht)')).toHaveValue('787.50');
    expect(within(dialog).getByLabelText('Tax withheld by the brand (baht)')).toHaveValue('15.00');
    const received = within(dialog).getByLabelText('Amount received (baht)');
    await userEvent.clear(received);
    await enter(received, '500');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Balance after this payment: ฿287.50');
  });

  it('checks the form before sending: the amounts, the 50 Tawi number with tax withheld, the bank reference, the balance', async () => {
    const record = recordRpc('record_brand_payment');
    server.use(record.handler);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Enter the number of the withholding tax certificate (50 Tawi)')).toBeInTheDocument();
    expect(within(dialog).getByText("Enter the bank's reference for the transfer")).toBeInTheDocument();

    const received = within(dialog).getByLabelText('Amount received (baht)');
    await userEvent.clear(received);
    await enter(received, '1,600.001');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Enter an amount in baht, e.g. 1,234.50')).toBeInTheDocument();

    await userEvent.clear(received);
    await enter(received, '1,600.00');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText("This is more than the invoice's balance")).toBeInTheDocument();

    await userEvent.clear(received);
    await userEvent.clear(within(dialog).getByLabelText('Tax withheld by the brand (baht)'));
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Enter an amount above zero; no part may be negative')).toBeInTheDocument();
    expect(record.calls).toEqual([]);
  });

  it.each([
    ['payment_exceeds_balance', null, 'Amount received (baht)', "This is more than the invoice's balance"],
    ['paid_on_in_future', null, 'Date received', 'The payment date cannot be in the future'],
    ['certificate_required', null, '50 Tawi certificate number', 'Enter the number of the withholding tax certificate (50 Tawi)'],
    ['field_too_long', { field: 'bank_reference', max: 100 }, 'Bank reference', 'Too long: at most 100 characters'],
  ])('shows the database’s refusal %s under its field', async (code, details, label, text) => {
    server.use(refuse(code, details));
    const { user, dialog } = await openDialog();
    await enter(within(dialog).getByLabelText('50 Tawi certificate number'), 'GL-50T-0042');
    await enter(within(dialog).getByLabelText('Bank reference'), 'KBANK 889911');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(label, { exact: false })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a refusal that concerns no field above the buttons', async () => {
    server.use(http.post(`${apiUrl}/rest/v1/rpc/record_brand_payment`, () => HttpResponse.json({ code: 'invoice_not_found', message: 'No such invoice', details: null, hint: null }, { status: 404 })));
    const { user, dialog } = await openDialog();
    await enter(within(dialog).getByLabelText('50 Tawi certificate number'), 'GL-50T-0042');
    await enter(within(dialog).getByLabelText('Bank reference'), 'KBANK 889911');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No such invoice');
  });

  describe('credit to refund', () => {
    /** A credit note of 535.00 of which 200.00 settled an invoice: 335.00 left to refund. */
    const creditNote = billingDocument({
      id: 'd1000000-0000-4000-8000-000000000031',
      kind: 'credit_note',
      number: 'CN-2026-000001',
      month: '2026-11-01',
      due_on: null,
      subtotal_satang: -50_000,
      vat_satang: -3_500,
      total_satang: 53_500,
      status: 'unused',
      paid_satang: 20_000,
      balance_satang: 33_500,
    });
    let creditQuery: URLSearchParams | undefined;

    beforeEach(() => {
      creditQuery = undefined;
      server.use(restGet('billing_documents', [creditNote], { count: 1, when: (query) => query.get('kind') === 'eq.credit_note' && ((creditQuery = query), true) }));
    });

    async function openRefund() {
      const user = userEvent.setup();
      await renderPage(<BillingSection />, { user: adminUser });
      const credits = await screen.findByRole('table', { name: 'Credit to refund' });
      expect(within(credits).getAllByRole('row')[1]).toHaveTextContent(/GlowLab Skincare Co\., Ltd\..*November 2026.*CN-2026-000001.*฿335\.00/);
      await user.click(within(credits).getByRole('button', { name: 'Record the refund of credit note CN-2026-000001' }));
      return { user, dialog: await screen.findByRole('dialog', { name: 'Record refund' }) };
    }

    it('shows no section while no credit note has credit left', async () => {
      server.use(restGet('billing_documents', [], { count: 0, when: (query) => query.get('kind') === 'eq.credit_note' }));
      await renderPage(<BillingSection />, { user: adminUser });
      await screen.findByRole('table', { name: 'Open invoices' });
      expect(screen.queryByRole('table', { name: 'Credit to refund' })).not.toBeInTheDocument();
    });

    it('records the refund of the credit left, with the day and the bank reference', async () => {
      const refund = recordRpc('record_brand_refund', { result: { refund_id: 'f1', amount_satang: 33_500 } });
      server.use(refund.handler);
      const { user, dialog } = await openRefund();
      expect(creditQuery?.get('status')).toBe('in.(unused)');
      expect(dialog).toHaveTextContent('GlowLab Skincare Co., Ltd. · CN-2026-000001 · credit left ฿335.00, refunded in full');
      await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
      expect(await within(dialog).findByText("Enter the bank's reference for the transfer")).toBeInTheDocument();
      expect(refund.calls).toEqual([]);

      await enter(within(dialog).getByLabelText('Bank reference'), 'SCB 7700123');
      await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
      expect(await screen.findByText('Refund of ฿335.00 recorded for CN-2026-000001')).toBeInTheDocument();
      expect(refund.calls).toEqual([{ p_credit_note_id: 'd1000000-0000-4000-8000-000000000031', p_paid_on: bangkokToday(), p_bank_reference: 'SCB 7700123' }]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it.each([
      ['paid_on_in_future', 'Date refunded', 'The payment date cannot be in the future'],
      ['bank_reference_required', 'Bank reference', "Enter the bank's reference for the transfer"],
    ])('shows the database’s refusal %s under its field', async (code, label, text) => {
      server.use(recordRpc('record_brand_refund', { code, status: 422 }).handler);
      const { user, dialog } = await openRefund();
      await enter(within(dialog).getByLabelText('Bank reference'), 'SCB 7700123');
      await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
      expect(within(dialog).getByLabelText(label, { exact: false })).toHaveAttribute('aria-invalid', 'true');
    });

    it('shows a refusal that concerns no field above the buttons: the credit was used meanwhile', async () => {
      server.use(recordRpc('record_brand_refund', { code: 'no_credit_left', status: 409 }).handler);
      const { user, dialog } = await openRefund();
      await enter(within(dialog).getByLabelText('Bank reference'), 'SCB 7700123');
      await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nothing is left of this credit note to refund');
    });
  });
});
