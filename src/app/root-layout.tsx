import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, type Location } from 'react-router';
import { OfflineNotice } from '@/components/offline-notice';
import { answerPendingClick } from '@/lib/prerendered';

// Every page loaded afresh has the history key "default", so React Router would put back
// the scroll position of the previous page loaded in this tab, and miss a #fragment. Key
// such entries by their address instead.
const scrollKey = (location: Location) =>
  location.key === 'default' ? `${location.pathname}${location.search}${location.hash}` : location.key;

/** Around every page: scroll restoration, focus moved to the page on navigation, and the offline notice. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    document.title = t('appName');
  }, [t]);
  // The app is there: a click on the landing page drawn at build time, made before, is answered now.
  useEffect(answerPendingClick, []);
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
      <OfflineNotice />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
