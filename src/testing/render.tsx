import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { i18n, initI18n, type Language } from '@/i18n';
import { initSupabase, supabase } from '@/lib/supabase';
import { apiUrl } from './msw';

/** Renders a page with the app's real providers, i18n and a Supabase client aimed at msw. */
export async function renderPage(ui: ReactElement, { url = '/', language = 'en' as Language } = {}) {
  if (!i18n.isInitialized) await initI18n(language);
  else await i18n.changeLanguage(language);
  try {
    await supabase().auth.signOut({ scope: 'local' });
  } catch {
    initSupabase({ supabaseUrl: apiUrl, supabaseAnonKey: 'anon-key-for-unit-tests', tiktokSandbox: false, tiktokPlayerUrl: 'https://www.tiktok.com/player/v1' });
  }
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}
