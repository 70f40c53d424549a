import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';

/** Around every page: scroll restoration, and focus moved to the page on navigation. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    document.title = t('appName');
  }, [t]);
  useEffect(() => {
    // After a navigation, screen-reader and keyboard users start at the new page's content.
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
