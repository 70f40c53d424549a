/**
 * Issue 17: every answer, page or API, carries the security headers; HSTS only where the app is
 * served over HTTPS; CORS on the three Supabase APIs as Supabase answers it; bodies over the limit
 * are refused with 413 before anything reads them, and such a refusal closes its connection.
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

describe('request size', () => {
  it('refuses an auth body over 64 KB with 413 before reading it into memory', async () => {
    const response = await get('/auth/v1/signup', { method: 'POST', body: JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(128 * 1024) }), headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'request_too_large' });
  });

  it('closes the connection after refusing a body it did not read, so the next request is not lost on it', async () => {
    const refused = await get('/functions/v1/tiktok-scraper', { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024), headers: { 'Content-Type': 'application/json' } });
    expect(refused.status).toBe(413);
    expect(refused.headers.get('connection')).toBe('close');
    const unread = await fetch(`${backend.url}/functions/v1/tiktok-scraper`, { method: 'POST', body: '{"url":"x"}', headers: { 'Content-Type': 'application/json' } });
    expect(unread.status).toBe(401);
    expect(unread.headers.get('connection')).toBe('close');
    const next = await get('/auth/v1/settings');
    expect(next.status).toBe(200);
    expect(next.headers.get('connection')).not.toBe('close');
  });
});

describe('CORS, as Supabase answers it', () => {
  it('answers preflights on /rest/v1, /auth/v1 and /functions/v1 for any origin with the headers asked for', async () => {
    for (const path of ['/rest/v1/brand_briefs', '/auth/v1/token?grant_type=password', '/functions/v1/tiktok-scraper']) {
      const preflight = await fetch(`${backend.url}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-client-info' },
      });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods'), path).toMatch(/POST/);
      expect(preflight.headers.get('access-control-allow-headers'), path).toBe('apikey,authorization,content-type,x-client-info');
      expect(preflight.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
  });

  it('lets any origin read answers, refusals included, and the headers supabase-js reads', async () => {
    for (const path of ['/rest/v1/brief_listings?select=id&limit=1', '/auth/v1/settings', '/auth/v1/user', '/functions/v1/tiktok-scraper']) {
      const response = await get(path, { headers: { Origin: 'https://app.example' } });
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(response.headers.get('access-control-expose-headers'), path).toMatch(/Content-Range/);
    }
  });
});
