import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKeys, loadApiKeys, loadKeptSecret, TokenError } from './keys';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';

afterEach(() => {
  vi.useRealTimers();
});

describe('verify', () => {
  it('accepts a token again while it lasts, and refuses it once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z'), toFake: ['Date'] });
    const keys = await createKeys(secret);
    const token = await keys.sign({ role: 'authenticated', aud: 'authenticated', sub: 'someone' }, 60);
    expect((await keys.verify(token)).sub).toBe('someone');
    vi.setSystemTime(new Date('2026-11-24T12:00:59Z'));
    expect((await keys.verify(token)).sub).toBe('someone');
    vi.setSystemTime(new Date('2026-11-24T12:01:00Z'));
    await expect(keys.verify(token)).rejects.toMatchObject({ reason: 'expired' });
    await expect(keys.verify(token)).rejects.toBeInstanceOf(TokenError);
  });

  it('refuses a token signed with another secret, however often it is sent', async () => {
    const keys = await createKeys(secret);
    const other = await createKeys(`${secret}-other`);
    const token = await other.sign({ role: 'authenticated', aud: 'authenticated', sub: 'someone' }, 60);
    for (let attempt = 0; attempt < 2; attempt += 1) await expect(keys.verify(token)).rejects.toMatchObject({ reason: 'invalid' });
    expect((await other.verify(token)).sub).toBe('someone');
  });

  it('refuses a user token for another audience, or for none', async () => {
    const keys = await createKeys(secret);
    for (const aud of ['someone-else', ['other-api'], undefined]) {
      const token = await keys.sign({ role: 'authenticated', sub: 'someone', ...(aud === undefined ? {} : { aud }) }, 60);
      await expect(keys.verify(token), JSON.stringify(aud)).rejects.toMatchObject({ reason: 'invalid' });
    }
    const listed = await keys.sign({ role: 'authenticated', aud: ['other-api', 'authenticated'], sub: 'someone' }, 60);
    expect((await keys.verify(listed)).sub).toBe('someone');
    // The API keys carry no audience, as Supabase's do.
    expect((await keys.verify(keys.anonKey)).role).toBe('anon');
    expect((await keys.verify(keys.serviceRoleKey)).role).toBe('service_role');
  });
});

describe('API keys', () => {
  it('maps each of the four keys to its role, and nothing else', async () => {
    const keys = await createKeys(secret);
    expect(keys.publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]{32}$/);
    expect(keys.secretKey).toMatch(/^sb_secret_[A-Za-z0-9_-]{32}$/);
    expect(keys.apiKeyRole(keys.publishableKey)).toBe('anon');
    expect(keys.apiKeyRole(keys.anonKey)).toBe('anon');
    expect(keys.apiKeyRole(keys.secretKey)).toBe('service_role');
    expect(keys.apiKeyRole(keys.serviceRoleKey)).toBe('service_role');
    for (const other of ['', 'sb_secret_', `${keys.secretKey} `, keys.secretKey.slice(0, -1), (await createKeys(secret)).secretKey]) {
      expect(keys.apiKeyRole(other), other).toBeUndefined();
    }
  });

  it('takes the configured keys, else generates them once into the data directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'viewpact-api-keys-'));
    try {
      const first = await loadApiKeys({}, dir);
      expect(await loadApiKeys({}, dir)).toEqual(first);
      expect((await readFile(join(dir, 'secret-key'), 'utf8')).trim()).toBe(first.secretKey);
      expect((await stat(join(dir, 'secret-key'))).mode & 0o777).toBe(0o600);
      const configured = { publishableKey: 'sb_publishable_configured-0123456789', secretKey: 'sb_secret_configured-0123456789' };
      expect(await loadApiKeys(configured, dir)).toEqual(configured);
      const keys = await createKeys(secret, configured);
      expect(keys.apiKeyRole(configured.secretKey)).toBe('service_role');
      expect(keys.apiKeyRole(first.secretKey)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('loadKeptSecret', () => {
  it('keeps a secret across starts, and replaces an empty file a killed first start left', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'viewpact-secret-'));
    try {
      const first = await loadKeptSecret(undefined, dir, 'jwt-secret', () => 'a'.repeat(40));
      expect(await loadKeptSecret(undefined, dir, 'jwt-secret', () => 'b'.repeat(40))).toBe(first);
      expect((await stat(join(dir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
      await writeFile(join(dir, 'token-encryption-key'), '');
      expect(await loadKeptSecret(undefined, dir, 'token-encryption-key', () => 'c'.repeat(40))).toBe('c'.repeat(40));
      expect(await readFile(join(dir, 'token-encryption-key'), 'utf8')).toBe(`${'c'.repeat(40)}\n`);
      // Two starts at once agree on one secret, and leave no temporary file.
      const [one, two] = await Promise.all(['d', 'e'].map((c) => loadKeptSecret(undefined, dir, 'demo-admin-password', () => c.repeat(12))));
      expect(one).toBe(two);
      expect((await readdir(dir)).sort()).toEqual(['demo-admin-password', 'jwt-secret', 'token-encryption-key']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
