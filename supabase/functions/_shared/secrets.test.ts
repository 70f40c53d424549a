import { describe, expect, it } from 'vitest';
import { base64url, decryptSecret, encryptSecret, importSecretKey, randomBytes, SecretError } from './secrets';

const newKey = () => importSecretKey(base64url.encode(randomBytes(32)));

describe('token encryption (AES-256-GCM)', () => {
  it('gives back what it sealed, and never the same text twice', async () => {
    const key = await newKey();
    const token = 'act.1234567890abcdefghijklmnopqrstuvwxyz!';
    const first = await encryptSecret(key, token);
    const second = await encryptSecret(key, token);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(first).not.toContain(token);
    expect(first).not.toBe(second);
    expect(await decryptSecret(key, first)).toBe(token);
    expect(await decryptSecret(key, second)).toBe(token);
  });

  it('refuses a value changed by one character, cut short, or sealed under another key', async () => {
    const key = await newKey();
    const sealed = await encryptSecret(key, 'rft.secret-refresh-token');
    const [version, iv, body] = sealed.split('.');
    const flipped = body.slice(0, 10) + (body[10] === 'A' ? 'B' : 'A') + body.slice(11);
    await expect(decryptSecret(key, `${version}.${iv}.${flipped}`)).rejects.toThrow(SecretError);
    await expect(decryptSecret(key, `${version}.${iv}.${body.slice(0, -4)}`)).rejects.toThrow(SecretError);
    await expect(decryptSecret(key, `${version}.${iv.replace(/^./, iv[0] === 'A' ? 'B' : 'A')}.${body}`)).rejects.toThrow(SecretError);
    await expect(decryptSecret(await newKey(), sealed)).rejects.toThrow(SecretError);
    await expect(decryptSecret(key, 'rft.secret-refresh-token')).rejects.toThrow(SecretError);
  });

  it('takes only a 32-byte key, in base64 or base64url', async () => {
    const raw = randomBytes(32);
    const standard = btoa(String.fromCharCode(...raw));
    await expect(importSecretKey(standard)).resolves.toBeDefined();
    await expect(importSecretKey(base64url.encode(randomBytes(16)))).rejects.toThrow(/32 bytes/);
    await expect(importSecretKey('not base64 at all!')).rejects.toThrow(SecretError);
    await expect(importSecretKey(undefined)).rejects.toThrow(SecretError);
  });
});
