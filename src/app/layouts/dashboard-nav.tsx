import { Bell, Briefcase, LayoutDashboard, LogOut, Moon, Receipt, Settings, Sun, Users, Video, Wallet, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { Badge } from '@/components/ui/badge';
import { useAuth } from '@/features/auth/api/use-auth';
import { homePathFor, type UserType } from '@/features/auth/api/redirects';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useTheme } from '@/lib/theme';
import { dashboardSignOutMessages } from './sign-out-messages';
import { useSignOutAndLeave } from './use-sign-out-and-leave';

const dashboard = paths.dashboard;

type Entry = { to: string; label: 'dashboard' | 'videos' | 'opportunities' | 'notifications' | 'earnings' | 'creators' | 'payments' | 'settings'; icon: LucideIcon; end?: boolean };

/**
 * Spec §2: the common entries, with Earnings for creators or Creators (and Payments, issue 14) for brands before Settings.
 * Dashboard leads straight to the user's own dashboard (homePathFor), not through /dashboard's redirect, whose code is
 * one more thing to fetch (offline it could not be, issue 33).
 */
export function navEntries(userType: UserType | null): Entry[] {
  const entries: Entry[] = [
    { to: homePathFor(userType), label: 'dashboard', icon: LayoutDashboard, end: true },
    { to: dashboard.videos.getHref(), label: 'videos', icon: Video },
    { to: dashboard.opportunities.getHref(), label: 'opportunities', icon: Briefcase },
    { to: dashboard.notifications.getHref(), label: 'notifications', icon: Bell },
  ];
  if (userType === 'creator') entries.push({ to: dashboard.earnings.getHref(), label: 'earnings', icon: Wallet });
  if (userType === 'brand') {
    entries.push({ to: dashboard.creators.getHref(), label: 'creators', icon: Users });
    entries.push({ to: dashboard.payments.getHref(), label: 'payments', icon: Receipt });
  }
  entries.push({ to: dashboard.settings.getHref(), label: 'settings', icon: Settings });
  return entries;
}

/** The sidebar's content, shared by the desktop sidebar and the mobile drawer. */
export function DashboardNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation(['dashboard', 'common', 'auth']);
  const { user, profile, userType } = useAuth();
  const { theme, toggle } = useTheme();
  const location = useLocation();
  const { signOut, pending } = useSignOutAndLeave(dashboardSignOutMessages);
  const home = homePathFor(userType);
  const name = profile?.first_name?.trim() || user?.email || '';

  return (
    <div className="flex h-full flex-col">
      <div className="px-5 pt-5 pb-4">
        <p className="text-lg font-extrabold tracking-tight">{t('common:appName')}</p>
        {/* Spec §2 says 'Creator Platform'; issue 33: each role is told what the app is for them. */}
        {userType && <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{t(`common:platformFor.${userType}`)}</p>}
      </div>
      <div className="mx-3 rounded-xl bg-slate-100 px-3 py-3 dark:bg-slate-800">
        <p className="truncate text-sm font-semibold" title={name}>
          {name}
        </p>
        {userType && (
          <Badge tone="brand" className="mt-1">
            {t(`common:userTypes.${userType}`)}
          </Badge>
        )}
      </div>
      <nav aria-label={t('nav.label')} className="mt-4 flex-1 overflow-y-auto px-3">
        <ul className="space-y-1">
          {navEntries(userType).map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-semibold transition-colors',
                    isActive || (to === dashboard.root.getHref() && location.pathname === home)
                      ? 'bg-brand-700 text-white'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
                  )
                }
              >
                <Icon aria-hidden className="size-5" />
                {t(`nav.${label}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-1 border-t border-slate-200 p-3 dark:border-slate-800">
        <div className="px-3 pb-2 sm:hidden">
          <LanguageSwitch />
        </div>
        <button
          type="button"
          onClick={toggle}
          aria-label={theme === 'dark' ? t('nav.theme.toLight') : t('nav.theme.toDark')}
          className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          {theme === 'dark' ? <Sun aria-hidden className="size-5" /> : <Moon aria-hidden className="size-5" />}
          {theme === 'dark' ? t('nav.theme.light') : t('nav.theme.dark')}
        </button>
        <button
          type="button"
          disabled={pending}
          onClick={() => void signOut()}
          className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <LogOut aria-hidden className="size-5" />
          {t('nav.signOut')}
        </button>
      </div>
    </div>
  );
}
