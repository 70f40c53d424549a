/**
 * After `vite build`: draws the landing page into dist/home.en.html and dist/home.th.html
 * (src/prerender.tsx), which the local backend serves for / (server/http/static.ts), the 404
 * page into dist/404.en.html and dist/404.th.html (and dist/404.html, English, for static
 * hosts), and lists the app's paths in dist/app-paths.json: the server answers any other
 * path with the 404 page and HTTP 404.
 *
 * The page carries no script tag of the app: a few lines (boot, below) load it on the
 * visitor's first touch, key, click or pointer move, when the prices come near the screen,
 * or at once for a signed-in visitor, another language or an e-mail link's answer. The app
 * then hydrates the page it finds (src/main.tsx). A click on a button before the app is
 * there is answered once it is.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { Language } from '../src/i18n';
import { authStorageKeyPattern, languageStorageKey, notFoundAttribute, prerenderedAttribute } from '../src/lib/prerendered';

const dist = 'dist';
const ssrOut = 'node_modules/.cache/prerender';

/** Loads the app (entry) when the visitor shows up; see the comment at the top. */
function boot(entry: string, language: Language): string {
  return `(function () {
  var started = false, pending = null;
  function start() {
    if (started) return;
    started = true;
    window.__viewpactPendingClick = function () { var target = pending; pending = null; return target; };
    import(${JSON.stringify(entry)});
  }
  try {
    var wanted = localStorage.getItem(${JSON.stringify(languageStorageKey)}) || (/^th/i.test(navigator.language) ? 'th' : 'en');
    var session = Object.keys(localStorage).some(function (key) { return ${authStorageKeyPattern}.test(key); });
    if (session || wanted !== ${JSON.stringify(language)} || location.hash) return start();
  } catch (e) { return start(); }
  addEventListener('click', function (event) {
    var button = event.target instanceof Element && event.target.closest('button');
    if (!button || window.__viewpactHydrated) return;
    pending = button;
    start();
  }, true);
  ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin', 'wheel'].forEach(function (type) {
    addEventListener(type, start, { once: true, passive: true, capture: true });
  });
  var prices = document.getElementById('pricing-title');
  if (prices && 'IntersectionObserver' in window) {
    new IntersectionObserver(function (seen) { if (seen[0].isIntersecting) start(); }, { rootMargin: '800px 0px' }).observe(prices);
  }
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

await build({ logLevel: 'warn', build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, sourcemap: false, copyPublicDir: false } });
// React and react-dom (left external by the SSR build) must both be their production builds.
process.env.NODE_ENV = 'production';
const { renderHome, renderNotFound, appPaths, languages } = (await import(pathToFileURL(join(ssrOut, 'prerender.js')).href)) as typeof import('../src/prerender');
const template = await readFile(join(dist, 'index.html'), 'utf8');
for (const language of languages) {
  await writeFile(join(dist, `home.${language}.html`), homePage(template, await renderHome(language), language));
  await writeFile(join(dist, `404.${language}.html`), notFoundPage(template, await renderNotFound(language), language));
}
// The name static hosts answer unknown paths with (docs/deploy.md).
await writeFile(join(dist, '404.html'), notFoundPage(template, await renderNotFound('en'), 'en'));
// The paths the app draws a page for: the server answers any other with the 404 page (server/http/static.ts).
await writeFile(join(dist, 'app-paths.json'), `${JSON.stringify(appPaths(), null, 2)}\n`);
await rm(ssrOut, { recursive: true, force: true });
console.log(`Prerendered / and the 404 page in ${languages.join(', ')}.`);
