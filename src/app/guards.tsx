import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/use-auth';
import { accessTo, type UserType } from '@/features/auth/api/redirects';
import { signedOutDestination } from '@/features/auth/api/signed-out-destination';
import { paths } from '@/lib/paths';

/** Loaded only when shown: it brings the sign-out's toasts, which the landing page must not load. */
const AccountSuspendedNotice = lazy(() => import('./layouts/account-suspended').then((module) => ({ default: module.AccountSuspendedNotice })));

export function FullPageLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 text-slate-600 dark:text-slate-300">
      <Spinner className="size-8" />
      <p>{label ?? t('loading')}</p>
    </div>
  );
}

/**
 * Dashboards need a signed-in user of the right type (spec §2); everyone else is
 * sent to /login, signed-out visitors with `from` so they come back after signing in.
 * A session that ended because the account is suspended says so instead.
 */
export function RequireRole({ role }: { role: UserType | 'any' }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.loading) return <FullPageLoading />;
  if (auth.suspended && !auth.session) {
    return (
      <Suspense fallback={<FullPageLoading />}>
        <AccountSuspendedNotice fullPage />
      </Suspense>
    );
  }
  if (accessTo(role, { signedIn: Boolean(auth.session), userType: auth.userType }) === 'allowed') return <Outlet />;
  // A visitor who arrived signed out comes back here after signing in; one who just
  // signed out simply goes to /login (spec: after sign-out the user goes to /login), or home
  // after deleting the account.
  if (auth.sessionEnded) return <Navigate to={signedOutDestination() ?? paths.auth.login.getHref()} replace />;
  if (auth.session) return <Navigate to={paths.auth.login.getHref()} replace />;
  return <Navigate to={paths.auth.login.getHref(`${location.pathname}${location.search}`)} replace />;
}
