import { describe, expect, it } from 'vitest';
import { resources } from '@/i18n/resources';
import { signInSchema } from './sign-in';
import { signUpMetadata, signUpSchema } from './sign-up';
import { newPasswordSchema } from './update-password';

/** The English text of a namespaced message key, as a user reads it. */
function english(key: string): string {
  const [namespace, path] = key.split(':') as [keyof typeof resources.en, string];
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources.en[namespace]) as string;
}

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : english(result.error!.issues[0].message);

describe('sign-in form', () => {
  it.each([
    [{ email: '', password: '' }],
    [{ email: 'a@b.test', password: '' }],
    [{ email: '   ', password: 'secret' }],
  ])('%o → Please enter both email and password', (input) => {
    expect(firstMessage(signInSchema.safeParse(input))).toBe('Please enter both email and password');
  });
});

describe('sign-up form (spec §5, §8)', () => {
  const valid = { email: 'nok@example.test', password: 'secret', firstName: 'Nok' };
  it.each([
    [{ userType: 'creator' }, 'Email and password are required'],
    [{ userType: 'creator', email: 'nok@example.test' }, 'Email and password are required'],
    [{ userType: 'creator', ...valid, email: 'not-an-email' }, 'Please enter a valid e-mail address'],
    [{ userType: 'creator', ...valid, password: '12345' }, 'Password must be at least 6 characters'],
    [{ userType: 'creator', ...valid, firstName: '' }, 'First name is required for creators'],
    [{ userType: 'creator', ...valid, firstName: '   ' }, 'First name is required for creators'],
    [{ userType: 'brand', ...valid, firstName: '' }, 'Brand name is required'],
    [{ userType: 'admin', ...valid }, 'Please enter your admin invite code'],
  ])('%o → %s', (input, message) => {
    expect(firstMessage(signUpSchema.safeParse(input))).toBe(message);
  });

  it('accepts a complete form of each type', () => {
    expect(signUpSchema.safeParse({ userType: 'creator', ...valid, tiktokUsername: '@nok.dances', followerCount: '12,500' }).success).toBe(true);
    expect(signUpSchema.safeParse({ userType: 'brand', ...valid, website: 'glow.example' }).success).toBe(true);
    expect(signUpSchema.safeParse({ userType: 'admin', ...valid, firstName: '', inviteCode: 'abc' }).success).toBe(true);
  });

  it('sends the metadata as typed, with role equal to the type: the sign-up trigger normalises it', () => {
    const creator = signUpSchema.parse({ userType: 'creator', ...valid, lastName: 'Sukjai', tiktokUsername: '@nok.dances', followerCount: '12,500' });
    expect(signUpMetadata(creator)).toEqual({
      user_type: 'creator',
      role: 'creator',
      first_name: 'Nok',
      last_name: 'Sukjai',
      tiktok_username: '@nok.dances',
      follower_count: '12,500',
    });
    const brand = signUpSchema.parse({ userType: 'brand', ...valid, firstName: 'GlowLab', website: 'glow.example', industry: 'Beauty' });
    expect(signUpMetadata(brand)).toEqual({ user_type: 'brand', role: 'brand', first_name: 'GlowLab', website: 'glow.example', industry: 'Beauty' });
    const admin = signUpSchema.parse({ userType: 'admin', ...valid, inviteCode: ' code ' });
    expect(signUpMetadata(admin)).toMatchObject({ user_type: 'admin', admin_invite_code: 'code' });
  });
});

describe('new password form', () => {
  it('asks for 6 characters and two matching entries', () => {
    expect(firstMessage(newPasswordSchema.safeParse({ password: '12345', confirm: '12345' }))).toBe('Password must be at least 6 characters');
    expect(firstMessage(newPasswordSchema.safeParse({ password: '123456', confirm: '123457' }))).toBe('The two passwords do not match');
    expect(newPasswordSchema.safeParse({ password: '123456', confirm: '123456' }).success).toBe(true);
  });
});
