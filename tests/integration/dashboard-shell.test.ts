/**
 * A dashboard page's frame drawn at build time (issue 33: a dashboard's first content within
 * 1.2 s): the build writes it per page and language (scripts/prerender.ts,
 * shell.dashboard.<page>.<language>.html) and the local backend sends it for that page, in the
 * visitor's language as it does the landing page, with the runtime configuration written in and
 * its inline script allowed by the page's policy; a page with no frame drawn gets index.html; an
 * unknown dashboard path is still a 404. Here a built app in miniature stands in for the build.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellPageName } from '../../server/http/static';
import { startBackend, type TestBackend } from './helpers/backend';

const inline = "(function () { document.documentElement.dataset.shell = 'yes'; })();";
const page = (root: string, lang = 'en', script = '') =>
  `<!doctype html>\n<html lang="${lang}">\n  <head>\n    <title>ViewPact</title>\n  </head>\n  <body>${root}${script ? `\n    <script>${script}</script>` : ''}</body>\n</html>\n`;
const frame = (title: string, lang: 'en' | 'th') => page(`<div id="root"><div data-dashboard-shell aria-hidden="true" inert><p>${title}</p></div></div>`, lang, inline);
const appPaths = ['/', '/login', '/dashboard', '/dashboard/creator', '/dashboard/earnings', '/dashboard/videos'];

let backend: TestBackend;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'viewpact-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), page('<div id="root"></div>'));
  await writeFile(join(dist, '404.en.html'), page('<div id="root" data-prerendered="en" data-not-found><h1>Oops! Page not found</h1></div>'));
  await writeFile(join(dist, 'app-paths.json'), JSON.stringify(appPaths));
  await writeFile(join(dist, shellPageName('/dashboard/creator', 'en')), frame('Creator Dashboard', 'en'));
  await writeFile(join(dist, shellPageName('/dashboard/creator', 'th')), frame('แดชบอร์ดครีเอเตอร์', 'th'));
  await writeFile(join(dist, shellPageName('/dashboard/earnings', 'en')), frame('Earnings', 'en'));
  await writeFile(join(dist, shellPageName('/dashboard', 'en')), frame('Creator Dashboard', 'en'));
  backend = await startBackend({ distDir: dist });
}, 60_000);
afterAll(async () => {
  await backend?.stop();
  await rm(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${backend.url}${path}`, { headers, redirect: 'manual' });

describe("a dashboard page's frame drawn at build time", () => {
  it('is named after its page and language', () => {
    expect(shellPageName('/dashboard/creator', 'en')).toBe('shell.dashboard.creator.en.html');
    expect(shellPageName('/dashboard', 'th')).toBe('shell.dashboard.th.html');
    expect(shellPageName('/Dashboard/Creator/', 'en')).toBe('shell.dashboard.creator.en.html');
  });

  it('is sent for its page, in the language the app chose (its cookie), else the one the browser asks for first', async () => {
    const titleOf = async (path: string, headers: Record<string, string> = {}) => {
      const answer = await get(path, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('vary')).toContain('Accept-Language');
      const html = await answer.text();
      // The runtime configuration is written in, as into index.html.
      expect(html).toContain('id="viewpact-config"');
      return /<p>([^<]*)<\/p>/.exec(html)?.[1] ?? null;
    };
    expect(await titleOf('/dashboard/creator')).toBe('Creator Dashboard');
    expect(await titleOf('/dashboard/creator', { 'Accept-Language': 'th-TH,th;q=0.9' })).toBe('แดชบอร์ดครีเอเตอร์');
    expect(await titleOf('/dashboard/creator', { 'Accept-Language': 'th', Cookie: 'viewpact-language=en' })).toBe('Creator Dashboard');
    expect(await titleOf('/dashboard/creator/')).toBe('Creator Dashboard');
    expect(await titleOf('/DASHBOARD/CREATOR')).toBe('Creator Dashboard');
    expect(await titleOf('/dashboard')).toBe('Creator Dashboard');
    // No Thai frame of Earnings was drawn: the page itself (index.html) stands in.
    expect(await titleOf('/dashboard/earnings', { 'Accept-Language': 'th' })).toBeNull();
    expect(await titleOf('/dashboard/videos')).toBeNull();
  });

  it("allows the frame's inline script by its hash, and no other", async () => {
    const answer = await get('/dashboard/creator');
    const hash = createHash('sha256').update(inline, 'utf8').digest('base64');
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`'sha256-${hash}'`);
    expect(/script-src[^;]*'unsafe-inline'/.test(policy)).toBe(false);
  });

  it('is not sent for a path that is not one of the app’s, nor for a name that tries to reach another file', async () => {
    const unknown = await get('/dashboard/nothing-here');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Oops! Page not found');
    for (const path of ['/dashboard/creator.en.html', '/dashboard/..%2findex', '/dashboard/creator%2f..%2f..%2findex']) {
      const answer = await get(path);
      expect([400, 404]).toContain(answer.status);
      expect(await answer.text()).not.toContain('data-dashboard-shell');
    }
    // The page drawn elsewhere is not reached by a path of the app.
    expect(await (await get('/login')).text()).not.toContain('data-dashboard-shell');
  });
});
