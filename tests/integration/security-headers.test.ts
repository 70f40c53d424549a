/**
 * Issue 17, in part: every answer, page or API, carries the security headers; a function is not
 * handed a body over 1 MB; HSTS only where the app is served over HTTPS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startBackend();
}, 60_000);
afterAll(() => backend?.stop());

const get = (path: string, init: RequestInit = {}, base = backend.url) =>
  fetch(`${base}${path}`, { ...init, headers: { apikey: backend.anonKey, ...(init.headers as Record<string, string>) } });

describe('security headers', () => {
  it('are on pages, the API, the functions, errors and the config alike', async () => {
    for (const path of ['/', '/dashboard/creator', '/config.json', '/health', '/rest/v1/brief_listings?select=id&limit=1', '/rest/v1/no_such_table', '/auth/v1/settings', '/functions/v1/no-such-function']) {
      const response = await get(path);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      // Pages bring a fuller policy (scripts; server/http/static.ts), with the same framing rule.
      expect(response.headers.get('content-security-policy'), path).toMatch(/(^|; )frame-ancestors 'none'$/);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it("let the app frame the TikTok sandbox's stand-in player, and nobody else", async () => {
    const response = await get(`/_tiktok-sandbox/player/v1/${'7'.repeat(19)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('add HSTS when the public URL is https', async () => {
    const behindTls = await startBackend({ env: { PUBLIC_URL: 'https://viewpact.example' } });
    try {
      const response = await fetch(`http://127.0.0.1:${behindTls.server.port}/health`);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await behindTls.stop();
    }
  });
});

describe('request size', () => {
  it('refuses a body over 1 MB to a function with 413 and a JSON code, before the function runs', async () => {
    const big = JSON.stringify({ url: 'https://www.tiktok.com/@a/video/1234567890123456789', pad: 'x'.repeat(2 * 1024 * 1024) });
    const token = backend.anonKey;
    for (const path of ['/functions/v1/tiktok-scraper', '/api/tiktok-auth']) {
      const response = await get(path, { method: 'POST', body: big, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } });
      expect(response.status, path).toBe(413);
      expect(await response.json(), path).toEqual({ code: 'request_too_large', message: 'The request body is larger than 1 MB' });
    }
  });
});
