import { render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { i18n, initI18n, type Language } from '@/i18n';
import { initSupabase, supabase } from '@/lib/supabase';
import { apiUrl } from './msw';
import { storeSession, type TestUser } from './session';

/** Where the page sent the user: every address but the page's own shows this. */
function CurrentAddress() {
  const location = useLocation();
  return (
    <p role="status" aria-label="Current address">
      {location.pathname}
      {location.search}
    </p>
  );
}

type RenderOptions = {
  /** The address the page opens at. */
  url?: string;
  /** The page's route pattern: navigating elsewhere shows the new address (role status, "Current address"). */
  path?: string;
  language?: Language;
  /** Signed in as this user (a session in storage; the test answers the profile request). */
  user?: TestUser;
};

/** The app's translations in `language`, and a Supabase client aimed at msw with no session. */
export async function startSignedOut(language: Language) {
  if (!i18n.isInitialized) await initI18n(language, ['site', 'app']);
  else await i18n.changeLanguage(language);
  try {
    await supabase().auth.signOut({ scope: 'local' });
  } catch {
    initSupabase({ supabaseUrl: apiUrl, supabasePublishableKey: 'sb_publishable_for-unit-tests', tiktokSandbox: false, tiktokPlayerUrl: 'https://www.tiktok.com/player/v1' });
  }
}

/**
 * Renders a page with the app's real providers, i18n and a Supabase client aimed at msw,
 * and a query client of its own: nothing one test fetched is seen by the next.
 */
export async function renderPage(ui: ReactElement, { url = '/', path, language = 'en', user }: RenderOptions = {}) {
  await startSignedOut(language);
  if (user) storeSession(user);
  const rendered = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        {path ? (
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<CurrentAddress />} />
          </Routes>
        ) : (
          ui
        )}
      </MemoryRouter>
    </AppProviders>,
  );
  // The app's toaster comes with the app, lazily, long before a person's first tap: a dialog opened
  // before it came would hide it from assistive technology with the rest of the page (Radix keeps
  // only the live regions there when it opens), and a test would miss a toast's button.
  await waitFor(() => {
    if (!document.querySelector('section[aria-live]')) throw new Error('The toaster has not loaded yet');
  });
  return rendered;
}
