import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { brandUser, creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet } from '@/testing/supabase';
import { enter } from '@/testing/user';
import SettingsPage from '../pages/settings-page';
import { maskDigits } from './payouts-tab';

const payRules = { wht_rate_bp: 300, wht_threshold_satang: 100_000, payout_minimum_satang: 10_000, payer_name: 'ViewPact Co., Ltd.', payer_tax_id: '0105569000001', payer_address: 'Bangkok, Thailand' };

const banks = [
  { code: 'KBANK', name_en: 'Kasikornbank', name_th: 'ธนาคารกสิกรไทย' },
  { code: 'BBL', name_en: 'Bangkok Bank', name_th: 'ธนาคารกรุงเทพ' },
];

const savedBank = {
  method: 'bank',
  promptpay_id: null,
  bank_code: 'KBANK',
  account_number: '1234565678',
  account_name: 'Nok Sukjai',
  legal_name: 'Nok Sukjai',
  address: '12 Sukhumvit Rd, Bangkok',
  tax_id: '1101700230708',
  tax_consent_at: '2026-08-20T08:00:00Z',
  updated_at: '2026-08-20T08:00:00Z',
};

type Answer = { status: number; body?: object };

/** The creator's Settings → Payouts, with their saved details (or none); save_payout_account answers `answer` and keeps what was sent. */
async function renderPayouts({ saved = null as object | null, answer = { status: 204 } as Answer, language = 'en' as 'en' | 'th' } = {}) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    profileRow(profileOf(creatorUser)),
    restGet('pay_rules', payRules),
    restGet('payout_banks', banks),
    restGet('payout_accounts', saved ? [saved] : []),
    http.post(`${apiUrl}/rest/v1/rpc/save_payout_account`, async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return answer.body ? HttpResponse.json(answer.body, { status: answer.status }) : new HttpResponse(null, { status: answer.status });
    }),
  );
  await renderPage(<SettingsPage />, { user: creatorUser, url: '/dashboard/settings?tab=payouts', language });
  return { sent };
}

const refusal = (code: string): Answer => ({ status: 400, body: { code, message: code, details: null, hint: null } });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save payout details' }));

describe('maskDigits', () => {
  it('keeps only the last 4 digits, whatever the length', () => {
    expect(maskDigits('1234565678')).toBe('•••••• 5678');
    expect(maskDigits('1101700230708')).toBe('•••••• 0708');
  });
});

describe('Settings → Payouts', () => {
  it('explains the minimum payout and the withholding tax with the numbers of pay_rules', async () => {
    await renderPayouts();
    expect(await screen.findByRole('tab', { name: 'Payouts', selected: true })).toBeInTheDocument();
    expect(
      await screen.findByText('We transfer once your net reaches ฿100.00; smaller amounts carry over to the next month. When a payout reaches ฿1,000.00, 3% withholding tax is deducted and you get a withholding tax certificate (50 Tawi).'),
    ).toBeInTheDocument();
  });

  it('checks the shape: the chosen method’s fields are required, nothing is sent until they are there', async () => {
    const { sent } = await renderPayouts();
    await screen.findByLabelText('PromptPay number');
    await save();
    expect(await screen.findByText('Enter your PromptPay number')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /Thai bank account/ }));
    expect(screen.queryByLabelText('PromptPay number')).not.toBeInTheDocument();
    await save();
    expect(await screen.findByText('Choose your bank')).toBeInTheDocument();
    expect(screen.getByText('Enter the account number')).toBeInTheDocument();
    expect(screen.getByText('Enter the name on the account')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends PromptPay with only its own fields, then shows the saved details masked', async () => {
    const { sent } = await renderPayouts();
    await enter(await screen.findByLabelText('PromptPay number'), '0812345678');
    await enter(screen.getByLabelText(/Full legal name/), 'Nok Sukjai');
    // Once saved, the details are read again: they now answer the saved row.
    server.use(restGet('payout_accounts', [{ ...savedBank, method: 'promptpay', promptpay_id: '0812345678', bank_code: null, account_number: null, account_name: null, address: null, tax_id: null, tax_consent_at: null }]));
    await save();
    expect(await screen.findByText('Payout details saved')).toBeInTheDocument();
    expect(sent).toEqual([{ p_method: 'promptpay', p_promptpay_id: '0812345678', p_legal_name: 'Nok Sukjai', p_tax_consent: false }]);
    expect(await screen.findByText('•••••• 5678')).toBeInTheDocument();
    expect(screen.queryByText(/0812345678/)).not.toBeInTheDocument();
  });

  it('sends a bank account with the bank chosen from payout_banks in the current language', async () => {
    const { sent } = await renderPayouts({ language: 'th' });
    await userEvent.click(await screen.findByRole('radio', { name: /บัญชีธนาคาร/ }));
    const bank = screen.getByLabelText('ธนาคาร');
    expect(within(bank).getAllByRole('option').map((option) => option.textContent)).toEqual(['เลือกธนาคาร', 'ธนาคารกรุงเทพ', 'ธนาคารกสิกรไทย']);
    await userEvent.selectOptions(bank, 'KBANK');
    await enter(screen.getByLabelText('เลขบัญชี'), '123-4-56567-8');
    await enter(screen.getByLabelText('ชื่อบัญชี'), 'นก สุขใจ');
    await userEvent.click(screen.getByRole('button', { name: 'บันทึกบัญชีรับเงิน' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // The digits are the database's to clean and check.
    expect(sent[0]).toEqual({ p_method: 'bank', p_bank_code: 'KBANK', p_account_number: '123-4-56567-8', p_account_name: 'นก สุขใจ', p_tax_consent: false });
  });

  it('shows the database’s refusal, translated, beside its field', async () => {
    await renderPayouts({ answer: refusal('promptpay_id_invalid') });
    const field = await screen.findByLabelText('PromptPay number');
    await enter(field, '0812');
    await save();
    expect(await screen.findByText('Enter a 10-digit mobile number or a 13-digit national ID')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save payout details' })).toBeEnabled();
  });

  it('shows in Thai a refusal of the tax ID', async () => {
    await renderPayouts({ answer: refusal('tax_id_invalid'), language: 'th' });
    await enter(await screen.findByLabelText('หมายเลขพร้อมเพย์'), '0812345678');
    await enter(screen.getByLabelText(/เลขประจำตัวผู้เสียภาษี/), '1101700230700');
    await userEvent.click(screen.getByRole('checkbox', { name: /ยินยอมให้ ViewPact เก็บเลขประจำตัวผู้เสียภาษี/ }));
    await userEvent.click(screen.getByRole('button', { name: 'บันทึกบัญชีรับเงิน' }));
    expect(await screen.findByText('กรอกเลขประจำตัวผู้เสียภาษี 13 หลักให้ถูกต้อง')).toBeInTheDocument();
  });

  it('asks for the consent only with a tax ID, and sends it with the tax ID', async () => {
    const { sent } = await renderPayouts();
    await enter(await screen.findByLabelText('PromptPay number'), '0812345678');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();

    await enter(screen.getByLabelText(/Thai tax ID/), '1101700230708');
    const consent = screen.getByRole('checkbox', {
      name: 'I agree that ViewPact keeps my tax ID to issue withholding-tax certificates and file them with the Revenue Department.',
    });
    expect(consent).not.toBeChecked();
    await save();
    expect(await screen.findByText('Tick the box so we may keep your tax ID, or leave the tax ID empty')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.click(consent);
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ p_method: 'promptpay', p_promptpay_id: '0812345678', p_tax_id: '1101700230708', p_tax_consent: true });
  });

  it('shows saved numbers by their last 4 digits only, and edits them in the form', async () => {
    const { sent } = await renderPayouts({ saved: savedBank });
    const details = (await screen.findByText('Paid by')).closest('dl')!;
    expect(details).toHaveTextContent(/Paid byKasikornbank.*Account•••••• 5678.*Account nameNok Sukjai.*Tax ID•••••• 0708.*Consent given Aug 20, 2026/);
    expect(screen.queryByText(/1234565678|1101700230708/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Account number')).toHaveValue('1234565678');
    expect(screen.getByLabelText('Bank')).toHaveValue('KBANK');
    // The consent on record stays ticked while the tax ID stays; removing the tax ID removes both.
    expect(screen.getByRole('checkbox')).toBeChecked();
    await userEvent.clear(screen.getByLabelText(/Thai tax ID/));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      p_method: 'bank',
      p_bank_code: 'KBANK',
      p_account_number: '1234565678',
      p_account_name: 'Nok Sukjai',
      p_legal_name: 'Nok Sukjai',
      p_address: '12 Sukhumvit Rd, Bangkok',
      p_tax_consent: false,
    });
  });

  it('is there for creators only', async () => {
    server.use(profileRow(profileOf(brandUser)), restGet('tiktok_connections', []));
    await renderPage(<SettingsPage />, { user: brandUser, url: '/dashboard/settings?tab=payouts' });
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Payouts' })).not.toBeInTheDocument();
  });
});
