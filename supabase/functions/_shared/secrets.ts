/**
 * Secrets at rest (docs/architecture.md §2.13): OAuth tokens are stored encrypted with AES-256-GCM under a
 * key only the functions hold (TOKEN_ENCRYPTION_KEY: 32 bytes, base64 or base64url). A stored
 * value is "v1.<iv>.<ciphertext and tag>", both base64url; a changed byte fails the tag check.
 * Web Crypto only, so the same code runs in Deno and in Node.
 */

export const base64url = {
  encode(bytes: Uint8Array): string {
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  },
  decode(text: string): Uint8Array<ArrayBuffer> {
    const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  },
};

export const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/** A secret that cannot be read or decrypted: a wrong key, a changed or cut value. */
export class SecretError extends Error {}

/** The AES-256-GCM key from TOKEN_ENCRYPTION_KEY (32 bytes, base64 or base64url). */
export async function importSecretKey(encoded: string | undefined): Promise<CryptoKey> {
  let raw: Uint8Array<ArrayBuffer>;
  try {
    raw = base64url.decode((encoded ?? '').trim());
  } catch {
    throw new SecretError('TOKEN_ENCRYPTION_KEY is not base64');
  }
  if (raw.length !== 32) throw new SecretError('TOKEN_ENCRYPTION_KEY must be 32 bytes (base64)');
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

const version = 'v1';

export async function encryptSecret(key: CryptoKey, plaintext: string): Promise<string> {
  const iv = randomBytes(12);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plaintext)));
  return `${version}.${base64url.encode(iv)}.${base64url.encode(sealed)}`;
}

export async function decryptSecret(key: CryptoKey, stored: string): Promise<string> {
  const [tag, iv, sealed] = stored.split('.');
  if (tag !== version || !iv || !sealed) throw new SecretError('Not an encrypted value');
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: base64url.decode(iv) }, key, base64url.decode(sealed));
    return new TextDecoder().decode(plain);
  } catch {
    throw new SecretError('The value was changed or the key is wrong');
  }
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** HMAC-SHA256 of `message` with `secret`, in hex. */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message)));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Compares two strings without an early exit. */
export function sameText(given: string, expected: string): boolean {
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < given.length; i += 1) difference |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
}
