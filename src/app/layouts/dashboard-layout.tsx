import { Menu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import type { UserType } from '@/features/auth/api/redirects';
import { useAuth } from '@/features/auth/api/use-auth';
import { useFreshFigures } from '@/features/changes/api/use-fresh-figures';
import { useRecordLanguage } from '@/features/notifications/api/use-record-language';
import { NotificationsButton } from '@/features/notifications/components/notifications-button';
import type { AllResources } from '@/i18n';
import { AccountSuspendedNotice } from './account-suspended';
import { DashboardNav } from './dashboard-nav';
import { dashboardSignOutMessages } from './sign-out-messages';
import { UserMenu } from './user-menu';

/** A title of the dashboard namespace (dashboard:titles.*). */
export type TitleKey = keyof AllResources['dashboard']['titles'];

/** What a dashboard route declares about itself (route `handle`). */
export type DashboardHandle = {
  title: TitleKey;
  subtitle?: TitleKey;
  /** A title per user type, when it differs (a brand's Videos are the creators', not its own). */
  titleByType?: Partial<Record<UserType, TitleKey>>;
  /** A subtitle per user type, when it differs (Opportunities, Videos, Notifications). */
  subtitleByType?: Partial<Record<UserType, TitleKey>>;
};

const isDashboardHandle = (handle: unknown): handle is DashboardHandle => typeof handle === 'object' && handle !== null && 'title' in handle;

function usePageHeading(): { title?: TitleKey; subtitle?: TitleKey } {
  const { userType } = useAuth();
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isDashboardHandle);
  if (!handle) return {};
  return {
    title: (userType && handle.titleByType?.[userType]) ?? handle.title,
    subtitle: (userType && handle.subtitleByType?.[userType]) ?? handle.subtitle,
  };
}

/** The dashboard frame: sidebar (drawer on phones), header with title, notifications and user menu. */
export function DashboardLayout() {
  const { t } = useTranslation(['dashboard', 'common']);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const heading = usePageHeading();
  const { user, suspended } = useAuth();
  useRecordLanguage(user?.id);
  // Every dashboard page: new figures and the bell's count within seconds of a change (issue 29).
  useFreshFigures(user?.id);

  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <a href="#main" className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        {t('common:skipToContent')}
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-64 border-r border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
        <DashboardNav />
      </aside>
      <div className="md:pl-64">
        {/* With large text (200%) on a phone the controls take a second row rather than run off the screen; the title keeps at least 6rem. */}
        <header className="sticky top-0 z-20 flex min-h-16 flex-wrap items-center gap-3 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-900/95">
          <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
            <DialogTrigger
              aria-label={t('nav.openNavigation')}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden dark:text-slate-100 dark:hover:bg-slate-800"
            >
              <Menu aria-hidden className="size-6" />
            </DialogTrigger>
            <DialogContent side="left" closeLabel={t('common:nav.closeMenu')} aria-describedby={undefined}>
              <DialogTitle className="sr-only">{t('nav.label')}</DialogTitle>
              <DashboardNav onNavigate={() => setDrawerOpen(false)} />
            </DialogContent>
          </Dialog>
          <div className="min-w-0 flex-[1_1_6rem]">
            <h1 className="truncate text-lg font-bold sm:text-xl">{heading.title ? t(`titles.${heading.title}`) : t('nav.dashboard')}</h1>
            {heading.subtitle && <p className="hidden truncate text-sm text-slate-600 sm:block dark:text-slate-400">{t(`titles.${heading.subtitle}`)}</p>}
          </div>
          <div className="hidden sm:block">
            <LanguageSwitch />
          </div>
          <NotificationsButton />
          <div className="md:hidden">
            <UserMenu messages={dashboardSignOutMessages} compact />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none sm:px-6 sm:py-8">
          {suspended && (
            <div className="mb-6">
              <AccountSuspendedNotice />
            </div>
          )}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
