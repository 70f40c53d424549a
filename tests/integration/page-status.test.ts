/**
 * The HTTP status of the app's pages (issue 33): the paths the app draws a page for answer 200,
 * any other path answers 404 with the 404 page drawn at build time, in the visitor's language;
 * files and the API answer as before. The build lists the app's paths in app-paths.json
 * (scripts/prerender.ts); here a built app in miniature stands in for it.
 */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';

const shell = (root: string, lang = 'en') =>
  `<!doctype html>\n<html lang="${lang}">\n  <head>\n    <title>ViewPact</title>\n    <script type="module" crossorigin src="/assets/app-Ab12Cd34.js"></script>\n  </head>\n  <body>${root}</body>\n</html>\n`;
const index = shell('<div id="root"></div>');
const notFound = (lang: 'en' | 'th', heading: string) => shell(`<div id="root" data-prerendered="${lang}" data-not-found><main><p>404</p><h1>${heading}</h1></main></div>`, lang);
const appPaths = ['/', '/login', '/dashboard', '/dashboard/creator', '/dashboard/admin', '/admin', '/connect', '/briefs/:id', '/docs/*'];

let backend: TestBackend;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'viewpact-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), index);
  await writeFile(join(dist, 'home.en.html'), shell('<div id="root" data-prerendered="en"><h1>Home</h1></div>'));
  await writeFile(join(dist, 'home.th.html'), shell('<div id="root" data-prerendered="th"><h1>หน้าแรก</h1></div>', 'th'));
  await writeFile(join(dist, '404.en.html'), notFound('en', 'Oops! Page not found'));
  await writeFile(join(dist, '404.th.html'), notFound('th', 'ไม่พบหน้านี้'));
  await writeFile(join(dist, 'app-paths.json'), JSON.stringify(appPaths));
  await writeFile(join(dist, 'assets', 'app-Ab12Cd34.js'), 'export {};\n');
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  backend = await startBackend({ distDir: dist });
}, 60_000);
afterAll(async () => {
  await backend?.stop();
  await rm(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${backend.url}${path}`, { method, headers, redirect: 'manual' });

describe("the app's own paths", () => {
  it('answer 200 with the app, whatever their case and trailing slash, as the router matches them', async () => {
    for (const path of ['/login', '/dashboard', '/dashboard/creator', '/dashboard/admin', '/admin', '/connect?code=x&state=y', '/LOGIN', '/dashboard/creator/', '/index.html', '/briefs/42', '/docs', '/docs/a/b']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      const html = await answer.text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).toContain('id="viewpact-config"');
    }
  });

  it('answer / with the landing page drawn at build time, 200', async () => {
    const answer = await get('/', { 'Accept-Language': 'th' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('หน้าแรก');
  });
});

describe('any other path', () => {
  const unknown = ['/no/such/page', '/dashboard/nope', '/dashboard/creator/extra', '/adminx', '/dashboard//creator', '/briefs', '/briefs/42/more', '/%E0%B8%AB%E0%B8%99%E0%B9%89%E0%B8%B2', '/rest', '/auth', '/404'];

  it('answers 404 with the 404 page drawn at build time, the app’s configuration and its page policy', async () => {
    for (const path of unknown) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('cache-control'), path).toBe('no-cache');
      expect(answer.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      const html = await answer.text();
      expect(html, path).toContain('<h1>Oops! Page not found</h1>');
      expect(html, path).toContain('data-not-found');
      // The app starts on it as on any page: its script and configuration are there.
      expect(html, path).toContain('src="/assets/app-Ab12Cd34.js"');
      expect(html, path).toContain('id="viewpact-config"');
    }
  });

  it('comes in the visitor’s language: the app’s cookie, else the browser’s first choice', async () => {
    const thai = await get('/no/such/page', { 'Accept-Language': 'th-TH,th;q=0.9,en;q=0.8' });
    expect(thai.status).toBe(404);
    expect(thai.headers.get('vary')).toContain('Accept-Language');
    expect(await thai.text()).toContain('<h1>ไม่พบหน้านี้</h1>');
    const chosen = await get('/no/such/page', { 'Accept-Language': 'th', Cookie: 'viewpact-language=en' });
    expect(await chosen.text()).toContain('<h1>Oops! Page not found</h1>');
  });

  it('answers HEAD 404 with the headers alone', async () => {
    const head = await get('/no/such/page', {}, 'HEAD');
    expect(head.status).toBe(404);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
  });

  it('is refused, not drawn, for other methods', async () => {
    const posted = await get('/no/such/page', {}, 'POST');
    expect(posted.status).toBe(404);
    expect(posted.headers.get('content-type')).toContain('application/json');
  });
});

describe("the build's list of paths", () => {
  it('is read again when a new build writes it, and without one (an older build) every path is the app’s', async () => {
    const list = join(dist, 'app-paths.json');
    try {
      await writeFile(list, JSON.stringify([...appPaths, '/new-page']));
      // A later modification time, as a new build gives it.
      await utimes(list, new Date(), new Date(Date.now() + 5_000));
      expect((await get('/new-page')).status).toBe(200);
      await rm(list);
      const answer = await get('/no/such/page');
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('<div id="root"></div>');
      await writeFile(list, 'not json');
      await utimes(list, new Date(), new Date(Date.now() + 10_000));
      expect((await get('/no/such/page')).status).toBe(200);
    } finally {
      await writeFile(list, JSON.stringify(appPaths));
      await utimes(list, new Date(), new Date(Date.now() + 15_000));
    }
    expect((await get('/new-page')).status).toBe(404);
  });
});

describe('files', () => {
  it('are sent as they are, and a missing one is a bare 404, not a page', async () => {
    const script = await get('/assets/app-Ab12Cd34.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg')).status).toBe(200);
    for (const path of ['/assets/gone-Zz99.js', '/dashboard/creator.json', '/robots.txt']) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expect(await missing.text(), path).toBe('Not found');
    }
  });
});

describe('the API', () => {
  it('answers /rest/v1 and /auth/v1 as before, in JSON, its own 404 included', async () => {
    const rates = await get('/rest/v1/rpc/pay_rates', { apikey: backend.secretKey, Authorization: `Bearer ${backend.secretKey}` });
    expect(rates.status).toBe(200);
    expect(rates.headers.get('content-type')).toContain('application/json');
    const settings = await get('/auth/v1/settings', { apikey: backend.publishableKey });
    expect(settings.status).toBe(200);
    expect(settings.headers.get('content-type')).toContain('application/json');
    for (const path of ['/rest/v1/no_such_table', '/auth/v1/no-such-endpoint', '/functions/v1']) {
      const missing = await get(path, { apikey: backend.publishableKey });
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get('content-type'), path).toContain('application/json');
    }
    const health = await get('/health');
    expect(health.status).toBe(200);
  });
});
