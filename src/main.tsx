import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18n, initI18n } from '@/i18n';
import { loadRuntimeConfig, readRuntimeConfig } from '@/lib/config';
import { applyTheme, currentTheme } from '@/lib/theme';
import { AppProviders, defaultQueryClient } from './app/providers';
import { createRouter } from './app/router';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  applyTheme(currentTheme());
  const texts = initI18n();
  try {
    // Written into the page by the local backend, or built in: no request. Else /config.json.
    if (!readRuntimeConfig()) await loadRuntimeConfig();
  } catch (error) {
    console.error('Start-up failed:', error);
    await texts;
    root.render(
      <p role="alert" style={{ padding: 24 }}>
        {i18n.t('errors.startup')}
      </p>,
    );
    return;
  }
  // The router starts loading the page (its code, texts and data) while the texts load.
  const router = createRouter(defaultQueryClient);
  await texts;
  root.render(
    <StrictMode>
      <AppProviders queryClient={defaultQueryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
