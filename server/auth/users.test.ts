import { describe, expect, it } from 'vitest';
import { hashPassword, passwordMatches, type UserRow } from './users';

const withHash = (encrypted_password: string | null) => ({ encrypted_password }) as UserRow;

describe('passwords', () => {
  it('hashes as Supabase Auth does: bcrypt $2a$, cost 10', async () => {
    const hash = await hashPassword('password-123');
    expect(hash).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    expect(await passwordMatches(withHash(hash), 'password-123')).toBe(true);
    expect(await passwordMatches(withHash(hash), 'password-124')).toBe(false);
  });

  it('hashes at bcrypt’s least cost when tests ask for quick hashes (AUTH_QUICK_PASSWORD_HASHES), read alike', async () => {
    const hash = await hashPassword('password-123', 'quick');
    expect(hash).toMatch(/^\$2a\$04\$[./A-Za-z0-9]{53}$/);
    expect(await passwordMatches(withHash(hash), 'password-123', 'quick')).toBe(true);
    expect(await passwordMatches(withHash(hash), 'password-123')).toBe(true);
    expect(await passwordMatches(withHash(hash), 'password-124', 'quick')).toBe(false);
    expect(await passwordMatches(undefined, 'password-123', 'quick')).toBe(false);
  });

  it('still reads the $2b$ hashes bcryptjs wrote (the demo accounts) and $2y$', async () => {
    // bcrypt('password-123', cost 4) as bcryptjs 3 wrote it, and the same with PHP's prefix.
    const b = '$2b$04$uh89zFdGYqY8ox4u5L5zyOUNIRR5y5kDWN1ZcMXRZlpJuaRgGCyRe';
    const y = '$2y$04$uh89zFdGYqY8ox4u5L5zyOUNIRR5y5kDWN1ZcMXRZlpJuaRgGCyRe';
    expect(await passwordMatches(withHash(b), 'password-123')).toBe(true);
    expect(await passwordMatches(withHash(y), 'password-123')).toBe(true);
    expect(await passwordMatches(withHash(b), 'password-12')).toBe(false);
  });

  it('answers false, never throws, for an account without a password, or a broken hash', async () => {
    expect(await passwordMatches(undefined, 'password-123')).toBe(false);
    expect(await passwordMatches(withHash(null), 'password-123')).toBe(false);
    expect(await passwordMatches(withHash('not a hash'), 'password-123')).toBe(false);
  });
});
