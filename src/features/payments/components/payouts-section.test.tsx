import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, profileOf } from '@/testing/data';
import { server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet } from '@/testing/supabase';
import { pickDate } from '@/testing/user';
import { getPromptPayQr } from '../api/get-promptpay-qr';
import { creators, duePayouts, payout, payoutsPage, payoutsTabHandlers, recordRpc } from '../testing/handlers';
import { AdminPaymentsTab } from './admin-payments-tab';

const { withholdingCertificatePdf } = vi.hoisted(() => ({ withholdingCertificatePdf: vi.fn(async () => new Uint8Array([37, 80, 68, 70])) }));
vi.mock('@/lib/money/documents', () => ({ withholdingCertificatePdf }));

beforeEach(() => {
  server.use(profileRow(profileOf(adminUser)), ...payoutsTabHandlers());
});

const dueTable = () => screen.findByRole('table', { name: 'Payouts due' });

describe('Payouts due', () => {
  it('lists each due payout with its amounts and where it goes, showing only the last 4 digits', async () => {
    await renderPage(<AdminPaymentsTab />, { user: adminUser });
    const table = await dueTable();

    const mali = within(table).getByRole('row', { name: /Mali Srisuk/ });
    expect(mali).toHaveTextContent('October 2026');
    expect(mali).toHaveTextContent('฿10,000.00');
    expect(mali).toHaveTextContent('฿300.00');
    expect(mali).toHaveTextContent('฿9,700.00');
    expect(mali).toHaveTextContent('PromptPay ••••5678');
    expect(mali).not.toHaveTextContent('0812345678');
    expect(mali).not.toHaveTextContent('081-234');

    const somchai = within(table).getByRole('row', { name: /Somchai Jaidee/ });
    await waitFor(() => expect(somchai).toHaveTextContent('Kasikornbank ••••7890'));
    expect(somchai).not.toHaveTextContent('1234567890');

    // Nok gave no payout details: shown so, and nothing to pay or mark from here.
    const nok = within(table).getByRole('row', { name: /@nok/ });
    expect(nok).toHaveTextContent('No payout details yet');
    expect(within(nok).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('No payouts paid yet.')).toBeInTheDocument();
  });

  it('shows a PromptPay QR code that asks for exactly the net amount', async () => {
    const user = userEvent.setup();
    await renderPage(<AdminPaymentsTab />, { user: adminUser });
    await user.click(within(await dueTable()).getByRole('button', { name: 'Pay Mali Srisuk' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pay Mali Srisuk' });
    expect(dialog).toHaveTextContent('October 2026 · net after 3% withholding tax');
    expect(dialog).toHaveTextContent('Amount to transfer฿9,700.00');
    const qr = await within(dialog).findByRole('img', { name: 'PromptPay QR code for ฿9,700.00' });
    // The image is the QR code of the PromptPay payload for 0812345678 and 970,000 satang.
    const expected = await getPromptPayQr('0812345678', 970_000);
    expect(expected.payload).toContain('54079700.00');
    expect(qr).toHaveAttribute('src', expected.image);
    expect(dialog).toHaveTextContent('081-234-5678');
  });

  it('shows the full bank account to pay by transfer', async () => {
    const user = userEvent.setup();
    await renderPage(<AdminPaymentsTab />, { user: adminUser });
    await user.click(within(await dueTable()).getByRole('button', { name: 'Pay Somchai Jaidee' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pay Somchai Jaidee' });
    expect(dialog).toHaveTextContent('฿1,940.00');
    expect(dialog).toHaveTextContent('BankKasikornbank');
    expect(dialog).toHaveTextContent('Account nameSomchai Jaidee');
    expect(dialog).toHaveTextContent('Account number1234567890');
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
  });

  it('marks a payout paid with its reference and date, and the row leaves the due list', async () => {
    const user = userEvent.setup();
    const markPaid = recordRpc('mark_payout_paid');
    await renderPage(<AdminPaymentsTab />, { user: adminUser });
    const table = await dueTable();
    server.use(markPaid.handler);

    await user.click(within(table).getByRole('button', { name: 'Mark the payout to Mali Srisuk as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark payout as paid' });
    expect(dialog).toHaveTextContent('Mali Srisuk · October 2026 · ฿9,700.00');

    // The reference is required, as the database says.
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await within(dialog).findByText('Enter the transfer reference')).toBeInTheDocument();
    expect(markPaid.calls).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Transfer reference' }), '  KB-20261103-0042 ');
    await pickDate(within(dialog).getByLabelText('Transfer date'), '2026-11-03');
    // After the payment the due list no longer has it.
    server.use(...payoutsTabHandlers(duePayouts.slice(1)));
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));

    expect(await screen.findByText('Payout marked as paid')).toBeInTheDocument();
    expect(markPaid.calls).toEqual([{ p_payout_id: duePayouts[0].id, p_reference: 'KB-20261103-0042', p_paid_on: '2026-11-03' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Mali Srisuk/ })).not.toBeInTheDocument());
    expect(within(table).getByRole('row', { name: /Somchai Jaidee/ })).toBeInTheDocument();
  });

  it("shows the database's refusal in the dialog, translated", async () => {
    const user = userEvent.setup();
    const markPaid = recordRpc('mark_payout_paid', { code: 'payout_already_paid', status: 409 });
    server.use(markPaid.handler);
    await renderPage(<AdminPaymentsTab />, { user: adminUser, language: 'th' });
    const table = await screen.findByRole('table', { name: 'ยอดรอโอน' });

    await user.click(within(table).getByRole('button', { name: 'บันทึกว่าโอนให้ Somchai Jaidee แล้ว' }));
    const dialog = await screen.findByRole('dialog', { name: 'บันทึกการโอน' });
    expect(dialog).toHaveTextContent('Somchai Jaidee · ตุลาคม 2569 · ฿1,940.00');
    await user.type(within(dialog).getByRole('textbox', { name: 'เลขอ้างอิงการโอน' }), 'SCB-77');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('ยอดโอนนี้บันทึกว่าโอนแล้ว');
    expect(markPaid.calls).toHaveLength(1);
    expect(markPaid.calls[0]).toMatchObject({ p_payout_id: duePayouts[1].id, p_reference: 'SCB-77' });
  });
});

describe('Paid payouts', () => {
  it('give admins the withholding tax certificate (50 Tawi) of a payout with tax, as the creator gets it', async () => {
    const user = userEvent.setup();
    const paid = [
      payout({ paid_on: '2026-11-03', reference: 'KB-1', paid_at: '2026-11-03T04:00:00Z' }),
      payout({ id: 'p1000000-0000-4000-8000-000000000003', creator_id: creators.nok, gross_satang: 50_000, wht_satang: 0, net_satang: 50_000, paid_on: '2026-11-03', reference: 'KB-2', paid_at: '2026-11-03T04:00:00Z' }),
    ];
    server.use(
      payoutsPage(true, paid),
      restGet('pay_rules', { payer_name: 'ViewPact Co., Ltd.', payer_tax_id: '0105569000001', payer_address: 'Bangkok, Thailand' }),
      restGet('payout_accounts', { legal_name: 'Mali Srisuk', tax_id: '1234567890121', address: null }, { when: (query) => query.get('creator_id') === `eq.${creators.mali}` }),
    );
    await renderPage(<AdminPaymentsTab />, { user: adminUser });
    const table = await screen.findByRole('table', { name: 'Paid payouts' });
    // Nok's payout had no tax withheld: no certificate.
    expect(within(within(table).getByRole('row', { name: /@nok/ })).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: "Download the withholding tax certificate (50 Tawi) of Mali Srisuk's payout" }));
    await waitFor(() => expect(withholdingCertificatePdf).toHaveBeenCalledTimes(1));
    expect(withholdingCertificatePdf).toHaveBeenCalledWith({
      bookNo: '2569',
      number: 'P1000000',
      payer: { name: 'ViewPact Co., Ltd.', taxId: '0105569000001', address: 'Bangkok, Thailand' },
      payee: { name: 'Mali Srisuk', taxId: '1234567890121' },
      incomeType: '40(2)',
      paidOn: '2026-11-03',
      grossSatang: 1_000_000,
      whtSatang: 30_000,
      form: 'ภ.ง.ด.3',
    });
  });
});
