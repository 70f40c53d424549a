/**
 * After `vite build`: draws the landing page into dist/home.en.html and dist/home.th.html
 * (src/prerender.tsx), which the local backend serves for / (server/http/static.ts), the 404
 * page into dist/404.en.html and dist/404.th.html (and dist/404.html, English, for static
 * hosts), each dashboard page's frame into dist/shell.dashboard.<page>.<language>.html
 * (src/prerender-shells.tsx, served for that page), and lists the app's paths in
 * dist/app-paths.json: the server answers any other path with the 404 page and HTTP 404.
 *
 * The page carries no script tag of the app: a few lines (boot, below) load it once the page
 * has loaded and the browser is idle (while the visitor reads), sooner on the visitor's first
 * touch, key or click, and at once for a signed-in visitor, another language or an e-mail
 * link's answer. The app then hydrates the page it finds (src/main.tsx) and fetches what the
 * page's calls to action open (sign-up, sign-in) at idle. A click before the app is there is
 * kept and answered once it is: a button is clicked again, a link of this site is followed
 * inside the app (no whole page load), or the old way should the app not come (issue 33).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { shellPageName } from '../server/http/static';
import type { Language } from '../src/i18n';
import { authStorageKeyPattern, languageStorageKey, notFoundAttribute, prerenderedAttribute } from '../src/lib/prerendered';

const dist = 'dist';
const ssrOut = 'node_modules/.cache/prerender';

/** How long a link kept before the app is there waits for it before it is followed the old way (a whole page load). */
const keptLinkWaitMs = 8000;

/** Loads the app (entry) while the visitor reads; see the comment at the top. */
function boot(entry: string, language: Language): string {
  return `(function () {
  var started = false, failed = false, pending = null;
  function start() {
    if (started) return;
    started = true;
    window.__viewpactPendingClick = function () { var target = pending; pending = null; return target; };
    import(${JSON.stringify(entry)}).catch(function () {
      failed = true;
      followKeptLink();
    });
  }
  function followKeptLink() {
    if (!pending || pending.tagName !== 'A' || window.__viewpactHydrated) return;
    var href = pending.href;
    pending = null;
    location.assign(href);
  }
  try {
    var wanted = localStorage.getItem(${JSON.stringify(languageStorageKey)}) || (/^th/i.test(navigator.language) ? 'th' : 'en');
    var session = Object.keys(localStorage).some(function (key) { return ${authStorageKeyPattern}.test(key); });
    if (session || wanted !== ${JSON.stringify(language)} || location.hash) start();
  } catch (e) { start(); }
  addEventListener('click', function (event) {
    if (window.__viewpactHydrated || failed || !(event.target instanceof Element)) return;
    var target = event.target.closest('a[href], button');
    if (!target) return;
    if (target.tagName === 'A') {
      var url = new URL(target.href, location.href);
      var samePage = url.pathname === location.pathname && url.search === location.search;
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if ((target.target && target.target !== '_self') || target.hasAttribute('download') || url.origin !== location.origin || (samePage && url.hash)) return;
      event.preventDefault();
      setTimeout(function () { if (pending === target) followKeptLink(); }, ${keptLinkWaitMs});
    }
    // Kept for the app alone: React, attached while it hydrates, must not answer it too (a menu opened twice is shut).
    event.stopPropagation();
    pending = target;
    start();
  }, true);
  ['pointerdown', 'keydown', 'touchstart', 'focusin'].forEach(function (type) {
    addEventListener(type, start, { once: true, passive: true, capture: true });
  });
  function whenIdle() {
    if (window.requestIdleCallback) requestIdleCallback(start, { timeout: 2000 });
    else setTimeout(start, 200);
  }
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
})();`;
}

/** index.html with the page drawn in, its language, and the boot script in place of the app's script tags. */
function homePage(template: string, markup: string, language: Language): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!entry) throw new Error('dist/index.html has no module script: has the build changed?');
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace(entry[0], '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('<div id="root"></div>', `<div id="root" ${prerenderedAttribute}="${language}">${markup}</div>\n    <script>${boot(entry[1], language)}</script>`);
}

/**
 * index.html with the 404 page drawn in and its language. The app's scripts stay: the app
 * starts at once and takes the page over (src/main.tsx), as on any other page.
 */
function notFoundPage(template: string, markup: string, language: Language): string {
  if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root: has the build changed?');
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace('<div id="root"></div>', `<div id="root" ${prerenderedAttribute}="${language}" ${notFoundAttribute}>${markup}</div>`);
}

/**
 * index.html with a dashboard page's frame drawn in (src/app/layouts/dashboard-shell.tsx) and its
 * language; the app's scripts stay, start at once and draw the page over the frame.
 */
function dashboardShellPage(template: string, markup: string, script: string, language: Language): string {
  if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root: has the build changed?');
  const styles = /\s*<link rel="stylesheet"[^>]*>/.exec(template);
  const app = template.indexOf('<script type="module"');
  if (!styles || app < 0) throw new Error('dist/index.html has no stylesheet or no module script: has the build changed?');
  // The frame needs only the styles: asked for first, before the app's many scripts take the browser's connections.
  const stylesFirst = template.replace(styles[0], '').replace('<script type="module"', `${styles[0].trim()}\n    <script type="module"`);
  return stylesFirst
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>\n    <script>${script}</script>`);
}

await build({
  logLevel: 'warn',
  build: {
    ssr: true,
    rollupOptions: { input: { prerender: 'src/prerender.tsx', 'prerender-shells': 'src/prerender-shells.tsx' } },
    outDir: ssrOut,
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
  },
});
// React and react-dom (left external by the SSR build) must both be their production builds.
process.env.NODE_ENV = 'production';
const { renderHome, renderNotFound, appPaths, languages } = (await import(pathToFileURL(join(ssrOut, 'prerender.js')).href)) as typeof import('../src/prerender');
const { renderDashboardShells, dashboardShellScript } = (await import(pathToFileURL(join(ssrOut, 'prerender-shells.js')).href)) as typeof import('../src/prerender-shells');
const template = await readFile(join(dist, 'index.html'), 'utf8');
for (const language of languages) {
  await writeFile(join(dist, `home.${language}.html`), homePage(template, await renderHome(language), language));
  await writeFile(join(dist, `404.${language}.html`), notFoundPage(template, await renderNotFound(language), language));
}
// The name static hosts answer unknown paths with (docs/deploy.md).
await writeFile(join(dist, '404.html'), notFoundPage(template, await renderNotFound('en'), 'en'));
// After every page above: drawing the shells loads the app's texts, which the landing page must not carry.
for (const language of languages) {
  for (const [path, markup] of await renderDashboardShells(language)) {
    await writeFile(join(dist, shellPageName(path, language)), dashboardShellPage(template, markup, dashboardShellScript(authStorageKeyPattern), language));
  }
}
// The paths the app draws a page for: the server answers any other with the 404 page (server/http/static.ts).
await writeFile(join(dist, 'app-paths.json'), `${JSON.stringify(appPaths(), null, 2)}\n`);
await rm(ssrOut, { recursive: true, force: true });
console.log(`Prerendered /, the 404 page and the dashboards' frames in ${languages.join(', ')}.`);
