import './index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18n, initI18n } from '@/i18n';
import { loadRuntimeConfig, readRuntimeConfig } from '@/lib/config';
import { marks, prerenderedLanguage, setPendingLinkNavigator } from '@/lib/prerendered';
import { sessionMayExist } from '@/lib/session';
import { applyTheme, currentTheme } from '@/lib/theme';
import { AppProviders, defaultQueryClient } from './app/providers';
import { createRouter, prefetchFirstTaps, startFirstPage } from './app/router';

type Router = ReturnType<typeof createRouter>;

/** Resolves once the router has the first page's code (a hydrated page must render whole at once). */
const routerReady = (router: Router) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

/** Runs `task` once the browser has nothing else to do (or after `timeout` ms at the latest). */
const whenIdle = (task: () => void, timeout = 2000) =>
  'requestIdleCallback' in window ? requestIdleCallback(task, { timeout }) : setTimeout(task, 200);

/**
 * The fonts the first page is drawn in, asked for at once rather than when its text first shows:
 * text drawn in a stand-in font that is then swapped moves the controls beside it (on /register
 * the language switch moved 22 px under the pointer and a first click fell on the other
 * language: issue 33). Resolves once they are in, or after `capMs`, whichever comes first.
 */
function loadFonts(language: string, capMs: number): Promise<unknown> {
  if (!document.fonts?.load) return Promise.resolve();
  const faces = [document.fonts.load('1em "Inter Variable"'), ...(language === 'th' ? [document.fonts.load('1em "Noto Sans Thai Variable"', 'ก')] : [])];
  return Promise.race([Promise.all(faces).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, capMs))]);
}

async function start() {
  const container = document.getElementById('root')!;
  applyTheme(currentTheme());
  const texts = initI18n();
  const fonts = loadFonts(i18n.language, 1000);
  try {
    // Written into the page by the local backend, or built in: no request. Else /config.json.
    if (!readRuntimeConfig()) await loadRuntimeConfig();
  } catch (error) {
    console.error('Start-up failed:', error);
    await texts;
    createRoot(container).render(
      <p role="alert" style={{ padding: 24 }}>
        {i18n.t('errors.startup')}
      </p>,
    );
    return;
  }
  // A dashboard's data requests go out first; then the router starts loading the page (its
  // code and texts) while the texts load.
  await startFirstPage(defaultQueryClient);
  const router = createRouter(defaultQueryClient);
  setPendingLinkNavigator((to) => router.navigate(to));
  await texts;
  const app = (
    <StrictMode>
      <AppProviders queryClient={defaultQueryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // The landing page or the 404 page drawn at build time (scripts/prerender.ts) is taken over
  // as it is, when drawn in this language; any other page is drawn here, once its code is
  // there and in its fonts (loadFonts: nothing moves after), over what the page showed until
  // then (a dashboard's frame drawn at build time, a page drawn in another language), which
  // React removes as it draws.
  if (prerenderedLanguage(container) === i18n.language) {
    await routerReady(router);
    hydrateRoot(container, app, { onRecoverableError: (error) => console.warn('The landing page was drawn again:', error, (error as Error).cause) });
  } else {
    await Promise.all([routerReady(router), fonts]);
    createRoot(container).render(app);
  }
  // The landing page's calls to action (sign-up, sign-in) open at once: what they need is
  // fetched while the visitor reads (issue 33).
  if (window.location.pathname === '/' && !sessionMayExist()) whenIdle(() => void readyFirstTaps());
}

/**
 * Fetches the pages the landing page's calls to action open, then draws each once unseen
 * (rehearsePage: a page's first drawing costs the most), one at a time at idle.
 */
async function readyFirstTaps() {
  try {
    const pages = await prefetchFirstTaps();
    const { rehearsePage } = await import('./app/rehearse-pages');
    for (const [path, Page] of pages) {
      await new Promise((resolve) => whenIdle(() => resolve(undefined)));
      // Gone from the landing page already: the page is drawn for real.
      if (window.location.pathname !== '/') break;
      await rehearsePage(path, Page);
    }
    performance.mark(marks.firstTapsReady);
  } catch (error) {
    console.warn('Fetching the sign-in pages ahead failed:', error);
  }
}

void start();
