import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '@/i18n/use-language';
import { paths } from '@/lib/paths';
import { siteConfig } from '@/lib/site-config';
import { calendarYear } from '@/lib/year';
import { ChatQr } from './chat-qr';
import { Logo } from './logo';

/** When the build drew the public pages (vite.config.ts); absent where nothing was drawn (tests). */
const drawnAt = typeof __VIEWPACT_BUILT_AT__ === 'string' ? new Date(__VIEWPACT_BUILT_AT__) : undefined;
const neverChanges = () => () => {};

/**
 * The copyright's year: this year, except while React takes over a page drawn at build time
 * (the landing page), when it is the year the page was drawn in, so that the page is taken over
 * as it is; React then brings it to this year. A build from December served in January would
 * otherwise differ from its own page, and React would throw the drawn page away and draw it
 * again, losing a tap kept before the app was there.
 */
function useCopyrightYear(language: 'en' | 'th') {
  return useSyncExternalStore(
    neverChanges,
    () => calendarYear(new Date(), language),
    () => calendarYear(drawnAt ?? new Date(), language),
  );
}

const columnTitle = 'text-sm font-semibold text-slate-900 dark:text-white';
const footerLink = 'text-sm text-slate-600 hover:text-brand-700 dark:text-slate-300 dark:hover:text-brand-100';

/** Company, support, connect and community columns, and the copyright (spec §2). */
export function Footer() {
  const { t } = useTranslation();
  const language = useLanguage();
  const copyrightYear = useCopyrightYear(language);
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <Logo />
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.company')}>
          <h2 className={columnTitle}>{t('footer.company')}</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to={paths.about.getHref()} className={footerLink}>
                {t('footer.about')}
              </Link>
            </li>
            <li>
              <Link to={paths.features.getHref()} className={footerLink}>
                {t('footer.features')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.support')}>
          <h2 className={columnTitle}>{t('footer.support')}</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to={paths.help.getHref()} className={footerLink}>
                {t('footer.help')}
              </Link>
            </li>
            <li>
              <Link to={paths.terms.getHref()} className={footerLink}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link to={paths.privacy.getHref()} className={footerLink}>
                {t('footer.privacy')}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className={columnTitle}>{t('footer.connect')}</h2>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('footer.emailUs')}</p>
          <a href={`mailto:${siteConfig.supportEmail}`} className={`${footerLink} font-semibold break-all`}>
            {siteConfig.supportEmail}
          </a>
        </div>
        <div>
          <h2 className={columnTitle}>{t('footer.community')}</h2>
          <div className="mt-3 flex items-start gap-3">
            <ChatQr label={t('footer.qrAlt')} />
          </div>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('footer.scanToJoin')}</p>
          <a href={siteConfig.chatUrl} target="_blank" rel="noreferrer" className={`${footerLink} font-semibold`}>
            {t('footer.joinChat')}
          </a>
        </div>
      </div>
      <div className="border-t border-slate-200 py-5 text-center text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        {t('footer.copyright', { year: copyrightYear })}
      </div>
    </footer>
  );
}
