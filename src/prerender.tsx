/**
 * The landing page and the 404 page drawn at build time (scripts/prerender.ts), once per
 * language, with the same components, providers and routes the app hydrates them with
 * (src/main.tsx): a visitor sees the page as soon as its HTML and CSS arrive, before any
 * JavaScript.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { i18n, initI18n, loadTexts, type Language } from '@/i18n';

export { languages } from '@/i18n';
import { AppProviders, createQueryClient } from './app/providers';
import { createRoutes, routePaths } from './app/router';

/** The page the app draws at `path`, as HTML. */
async function renderPage(path: string, language: Language): Promise<string> {
  if (!i18n.isInitialized) await initI18n(language);
  await i18n.changeLanguage(language);
  await loadTexts('site');
  const queryClient = createQueryClient();
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}

export const renderHome = (language: Language) => renderPage('/', language);

/** The 404 page: what the app draws at any path that is not one of its own. */
export const renderNotFound = (language: Language) => renderPage('/404', language);

/** Every path the app draws a page for (its router's), for the server to tell them from unknown ones. */
export const appPaths = () => routePaths(createRoutes(createQueryClient()));
