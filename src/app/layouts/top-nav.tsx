import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { buttonClasses } from '@/components/ui/button';
import { useAuth } from '@/features/auth/api/use-auth';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { siteConfig } from '@/lib/site-config';
import { Logo } from './logo';
import { mobileLink } from './top-nav-classes';

// A signed-in user's links, menu and sign-out (the auth code and the menu) load only for them.
const DesktopAccount = lazy(() => import('./top-nav-account').then((module) => ({ default: module.DesktopAccount })));
const MobileAccount = lazy(() => import('./top-nav-account').then((module) => ({ default: module.MobileAccount })));

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-semibold transition-colors hover:bg-slate-100 dark:hover:bg-slate-800',
    isActive ? 'text-brand-700 dark:text-brand-100' : 'text-slate-700 dark:text-slate-200',
  );

/** The public pages' top navigation, with the collapsible menu below 768 px (spec §2, §4). */
export function TopNav() {
  const { t } = useTranslation();
  const { session } = useAuth();
  const [open, setOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Logo />
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          <NavLink to={paths.features.getHref()} className={linkClasses}>
            {t('nav.features')}
          </NavLink>
          <NavLink to={paths.about.getHref()} className={linkClasses}>
            {t('nav.about')}
          </NavLink>
        </nav>
        <div className="hidden items-center gap-3 md:flex">
          <span className="hidden text-xs text-slate-500 lg:inline dark:text-slate-400">{t('nav.credit', { name: siteConfig.creditLine })}</span>
          <LanguageSwitch />
          {session ? (
            <Suspense fallback={null}>
              <DesktopAccount />
            </Suspense>
          ) : (
            <>
              <Link to={paths.auth.login.getHref()} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                {t('nav.login')}
              </Link>
              <Link to={paths.auth.register.getHref()} className={buttonClasses({ size: 'sm' })}>
                {t('nav.getStarted')}
              </Link>
            </>
          )}
        </div>
        <div className="flex items-center gap-2 md:hidden">
          <LanguageSwitch />
          <button
            type="button"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setOpen((value) => !value)}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            {open ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
          </button>
        </div>
      </div>
      {/* Following a link closes the menu. */}
      <nav
        id={menuId}
        aria-label={t('nav.main')}
        hidden={!open}
        onClick={(event) => event.target instanceof Element && event.target.closest('a') && setOpen(false)}
        className="border-t border-slate-200 px-4 pt-2 pb-4 md:hidden dark:border-slate-800"
      >
        <Link to={paths.features.getHref()} className={mobileLink}>
          {t('nav.features')}
        </Link>
        <Link to={paths.about.getHref()} className={mobileLink}>
          {t('nav.about')}
        </Link>
        <div className="my-2 h-px bg-slate-200 dark:bg-slate-800" />
        {session ? (
          <Suspense fallback={null}>
            <MobileAccount />
          </Suspense>
        ) : (
          <div className="grid gap-2 pt-1">
            <Link to={paths.auth.login.getHref()} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
              {t('nav.login')}
            </Link>
            <Link to={paths.auth.register.getHref()} className={buttonClasses({ size: 'lg' })}>
              {t('nav.getStarted')}
            </Link>
          </div>
        )}
        <p className="mt-4 px-3 text-xs text-slate-500 dark:text-slate-400">{t('nav.credit', { name: siteConfig.creditLine })}</p>
      </nav>
    </header>
  );
}
