import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { TopNav } from './top-nav';

/** Public pages: top navigation (unless hidden), the page, the footer. */
export function MarketingLayout({ hideNav = false }: { hideNav?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        {t('skipToContent')}
      </a>
      {!hideNav && <TopNav />}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
