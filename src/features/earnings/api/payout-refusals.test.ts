import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/i18n';
import { AppError } from '@/lib/errors';
import { refusalField } from '@/lib/field-errors';
import { textLimits } from '@/lib/text-limits';
import { payoutRefusalFields } from './save-payout-account';

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n('en', ['site', 'app']);
});

describe('payout details', () => {
  it('"The name or address is too long" goes under whichever of the two is too long', () => {
    const tooLong = new AppError('payout_details_too_long');
    expect(refusalField(tooLong, payoutRefusalFields({ address: 'x'.repeat(textLimits.address + 1) }))?.field).toBe('address');
    expect(refusalField(tooLong, payoutRefusalFields({ address: 'Bangkok' }))?.field).toBe('legalName');
  });

  it('a name on the account longer than the column is too long under that name', () => {
    const refused = new AppError('invalid_input', 'new row for relation "payout_accounts" violates check constraint "payout_accounts_account_name_check"');
    expect(refusalField(refused, payoutRefusalFields({ address: '' }))).toEqual({ field: 'accountName', message: 'Too long: at most 120 characters' });
  });
});
