import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/api/use-auth';
import { dashboardSignOutMessages } from './sign-out-messages';
import { useSignOutAndLeave } from './use-sign-out-and-leave';

/**
 * What the app shows once the server said the account is suspended (a write refused with
 * account_suspended, or the session's refresh refused with user_banned: lib/suspension.ts),
 * instead of sending the person to sign in again: above the dashboard while the session lasts
 * (reading still works), as the whole page once it has ended. Sign out leaves it.
 */
export function AccountSuspendedNotice({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation(['auth', 'common']);
  const { session } = useAuth();
  const { signOut, pending } = useSignOutAndLeave(dashboardSignOutMessages);
  const notice = (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-950 sm:flex-row sm:items-start dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
    >
      <ShieldAlert aria-hidden className="size-6 shrink-0 text-red-700 dark:text-red-300" />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">{t('suspended.title')}</h2>
        <p className="mt-1 text-sm">{t(session ? 'suspended.whileSignedIn' : 'suspended.signedOut')}</p>
      </div>
      <Button variant="secondary" size="sm" disabled={pending} onClick={() => void signOut()}>
        {t('common:nav.signOut')}
      </Button>
    </div>
  );
  if (!fullPage) return notice;
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center px-4">
      {notice}
    </main>
  );
}
