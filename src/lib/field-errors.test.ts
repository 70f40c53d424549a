import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/i18n';
import { AppError, toAppError } from './errors';
import { brokenConstraint, refusalField, showRefusal } from './field-errors';
import { textLimits, utf8Bytes } from './text-limits';

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n('en', ['site', 'app']);
});

/** A check violation as PostgREST answers it. */
const checkViolation = (constraint: string, table = 'profiles') =>
  toAppError({ code: '23514', message: `new row for relation "${table}" violates check constraint "${constraint}"`, details: null }, 'profile_update_failed');

const fields = { codes: { invalid_website: 'website' }, constraints: { profiles_first_name_check: 'firstName', payout_accounts_check: 'method' } } as const;

describe('refusalField', () => {
  it('puts a refusal by its code under its field, in the person’s language', async () => {
    await i18n.changeLanguage('en');
    expect(refusalField(new AppError('invalid_website'), fields)).toEqual({ field: 'website', message: 'Enter a website address such as example.com' });
    await i18n.changeLanguage('th');
    expect(refusalField(new AppError('invalid_website'), fields)?.message).toMatch(/[\u0E00-\u0E7F]/);
    await i18n.changeLanguage('en');
  });

  it('says how long a field may be when the database refused its length, with the figure written for the language', async () => {
    await i18n.changeLanguage('en');
    expect(brokenConstraint(checkViolation('profiles_first_name_check'))).toBe('profiles_first_name_check');
    expect(refusalField(checkViolation('profiles_first_name_check'), fields)).toEqual({ field: 'firstName', message: 'Too long: at most 100 characters' });
    await i18n.changeLanguage('th');
    expect(refusalField(checkViolation('profiles_first_name_check'), fields)).toEqual({ field: 'firstName', message: 'ยาวเกินไป ใส่ได้ไม่เกิน 100 ตัวอักษร' });
    await i18n.changeLanguage('en');
  });

  it('a constraint that is not a length is "not valid" under its field', () => {
    expect(refusalField(checkViolation('payout_accounts_check', 'payout_accounts'), fields)).toEqual({ field: 'method', message: 'Some details are not valid. Please check them and try again.' });
  });

  it('leaves a refusal of no field of the form alone (the page toasts it)', () => {
    expect(refusalField(new AppError('internal_error'), fields)).toBeUndefined();
    expect(refusalField(checkViolation('profiles_last_name_check'), fields)).toBeUndefined();
    expect(refusalField(new Error('Failed to fetch'), fields)).toBeUndefined();
    const set: unknown[] = [];
    expect(showRefusal(new AppError('internal_error'), fields, (...args) => set.push(args))).toBe(false);
    expect(set).toEqual([]);
  });

  it('showRefusal sets the error on the field and asks for the focus', () => {
    const set: unknown[] = [];
    expect(showRefusal(new AppError('invalid_website'), fields, (...args) => set.push(args))).toBe(true);
    expect(set).toEqual([['website', { type: 'server', message: 'Enter a website address such as example.com' }, { shouldFocus: true }]]);
  });
});

describe('utf8Bytes', () => {
  it('counts a password as the auth server does: a Thai letter is 3 bytes', () => {
    expect(utf8Bytes('ก'.repeat(24))).toBe(textLimits.passwordBytes);
    expect(utf8Bytes('x'.repeat(72))).toBe(72);
  });
});
