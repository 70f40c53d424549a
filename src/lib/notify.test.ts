import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/i18n';
import { AppError, functionError, ValidationError } from './errors';
import { errorText } from './notify';

const refusal = (body: unknown) => Object.assign(new Error('Edge Function returned a non-2xx status code'), { context: new Response(JSON.stringify(body), { status: 400 }) });

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n('en', ['site', 'app']);
});

describe('errorText', () => {
  it('in English, says what the server said when it gave a reason the app has no code for (spec §8)', async () => {
    await i18n.changeLanguage('en');
    const error = await functionError(refusal({ success: false, code: 'new_reason', error: 'A reason we have no code for' }), 'video_add_failed');
    expect(errorText(error)).toBe('A reason we have no code for');
  });

  it('in Thai, shows a Thai text that names the server’s code instead of its English words', async () => {
    await i18n.changeLanguage('th');
    const error = await functionError(refusal({ success: false, code: 'new_reason', error: 'A reason we have no code for' }), 'video_add_failed');
    expect(errorText(error)).toBe('เกิดข้อผิดพลาด โปรดลองอีกครั้ง (รหัส new_reason)');
  });

  it('in Thai, names the operation’s code when the server gave words but no code', async () => {
    await i18n.changeLanguage('th');
    const error = await functionError(refusal({ success: false, error: 'Upstream timed out' }), 'video_add_failed');
    expect(errorText(error)).toBe('เกิดข้อผิดพลาด โปรดลองอีกครั้ง (รหัส video_add_failed)');
  });

  it('says a known code’s own text in either language, and the schema’s message for a form check', async () => {
    await i18n.changeLanguage('th');
    expect(errorText(new AppError('deadline_in_past'))).toBe(i18n.t('errors:deadline_in_past'));
    expect(errorText(new AppError('deadline_in_past'))).toMatch(/[\u0E00-\u0E7F]/);
    await i18n.changeLanguage('en');
    expect(errorText(new AppError('deadline_in_past'))).toBe('The deadline cannot be in the past');
    expect(errorText(new ValidationError('errors:payment_date_invalid'))).toBe(i18n.t('errors:payment_date_invalid'));
    expect(errorText(new Error('boom'))).toBe('Something went wrong on our side. Please try again.');
  });
});
