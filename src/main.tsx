import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18n, initI18n } from '@/i18n';
import { loadRuntimeConfig } from '@/lib/config';
import { initSupabase } from '@/lib/supabase';
import { applyTheme, currentTheme } from '@/lib/theme';
import { AppProviders } from './app/providers';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  applyTheme(currentTheme());
  await initI18n();
  try {
    initSupabase(await loadRuntimeConfig());
  } catch (error) {
    console.error('Start-up failed:', error);
    root.render(
      <p role="alert" style={{ padding: 24 }}>
        {i18n.t('errors.startup')}
      </p>,
    );
    return;
  }
  const { createRouter } = await import('./app/router');
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
