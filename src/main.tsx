import './index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18n, initI18n } from '@/i18n';
import { loadRuntimeConfig, readRuntimeConfig } from '@/lib/config';
import { prerenderedLanguage } from '@/lib/prerendered';
import { applyTheme, currentTheme } from '@/lib/theme';
import { AppProviders, defaultQueryClient } from './app/providers';
import { createRouter, startFirstPage } from './app/router';

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

async function start() {
  const container = document.getElementById('root')!;
  applyTheme(currentTheme());
  const texts = initI18n();
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
  await texts;
  const app = (
    <StrictMode>
      <AppProviders queryClient={defaultQueryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // The landing page or the 404 page drawn at build time (scripts/prerender.ts) is taken over
  // as it is, when drawn in this language; any other page is drawn here.
  if (prerenderedLanguage(container) === i18n.language) {
    await routerReady(router);
    hydrateRoot(container, app, { onRecoverableError: (error) => console.warn('The landing page was drawn again:', error, (error as Error).cause) });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

void start();
