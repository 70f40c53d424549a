import { describe, expect, it } from 'vitest';
import type { PayRules } from '../api/get-pay-rules';
import type { PayoutAccount } from '../api/get-payout-account';
import type { Statement } from '../api/list-statements';
import { certificateInput, hasCertificate } from './certificate';

const rules: PayRules = {
  wht_rate_bp: 300,
  wht_threshold_satang: 100_000,
  payout_minimum_satang: 10_000,
  payer_name: 'ViewPact Co., Ltd.',
  payer_tax_id: '0105569000001',
  payer_address: 'Bangkok, Thailand',
};

const paid: Statement = {
  month: '2026-08-01',
  views: 250_000,
  gross_satang: 121_000,
  wht_satang: 3_750,
  net_satang: 121_250,
  carried_in_satang: 4_000,
  status: 'paid',
  payout_id: 'a7c2e9f1-1111-4222-8333-444455556666',
  paid_on: '2026-09-05',
  reference: 'KB0905',
  carried_to: null,
};

const account: PayoutAccount = {
  method: 'promptpay',
  promptpay_id: '0812345678',
  bank_code: null,
  account_number: null,
  account_name: null,
  legal_name: 'Nok Sukjai',
  address: '12 Sukhumvit Rd, Bangkok',
  tax_id: '1101700230708',
  tax_consent_at: '2026-08-20T08:00:00Z',
  updated_at: '2026-08-20T08:00:00Z',
};

describe('certificateInput', () => {
  it('fills the 50 Tawi from the payout, the pay rules and the payout details', () => {
    expect(certificateInput(paid, rules, account, 'Nok')).toEqual({
      bookNo: '2569',
      number: 'A7C2E9F1',
      payer: { name: 'ViewPact Co., Ltd.', taxId: '0105569000001', address: 'Bangkok, Thailand' },
      payee: { name: 'Nok Sukjai', taxId: '1101700230708', address: '12 Sukhumvit Rd, Bangkok' },
      incomeType: '40(2)',
      paidOn: '2026-09-05',
      // The payout's gross: the month's ฿1,210 and the ฿40 carried into it.
      grossSatang: 125_000,
      whtSatang: 3_750,
      form: 'ภ.ง.ด.3',
    });
  });

  it('names the creator by their profile when they gave no legal name, and leaves out a missing address', () => {
    const input = certificateInput(paid, rules, { ...account, legal_name: null, address: null }, 'Nok Sukjai');
    expect(input?.payee).toEqual({ name: 'Nok Sukjai', taxId: '1101700230708' });
  });

  it('has nothing to make without a tax ID, for a month not paid, or without tax withheld', () => {
    expect(certificateInput(paid, rules, { ...account, tax_id: null }, 'Nok')).toBeNull();
    expect(certificateInput(paid, rules, null, 'Nok')).toBeNull();
    const due = { ...paid, status: 'due' as const, paid_on: null, reference: null };
    expect(hasCertificate(due)).toBe(false);
    expect(certificateInput(due, rules, account, 'Nok')).toBeNull();
    expect(hasCertificate({ ...paid, wht_satang: 0 })).toBe(false);
    expect(hasCertificate(paid)).toBe(true);
  });
});
