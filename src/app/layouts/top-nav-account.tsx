import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { homePathFor } from '@/features/auth/api/redirects';
import { useAuth } from '@/features/auth/api/use-auth';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { mobileLink } from './top-nav-classes';
import { useSignOutAndLeave } from './use-sign-out-and-leave';
import { UserMenu } from './user-menu';

const signOutMessages = { success: 'auth:messages.signedOut', failure: 'auth:messages.signOutFailed' } as const;

/** The top navigation's Dashboard button and account menu, for a signed-in user. */
export function DesktopAccount() {
  const { t } = useTranslation();
  const { userType } = useAuth();
  return (
    <>
      <Link to={homePathFor(userType)} className={buttonClasses({ size: 'sm' })}>
        {t('nav.dashboard')}
      </Link>
      <UserMenu messages={signOutMessages} />
    </>
  );
}

/** The phone menu's Dashboard, Profile and Sign out, for a signed-in user. */
export function MobileAccount() {
  const { t } = useTranslation();
  const { userType } = useAuth();
  const { signOut, pending } = useSignOutAndLeave(signOutMessages);
  return (
    <>
      <Link to={homePathFor(userType)} className={mobileLink}>
        {t('nav.dashboard')}
      </Link>
      <Link to={paths.dashboard.settings.getHref()} className={mobileLink}>
        {t('nav.profile')}
      </Link>
      <button type="button" className={cn(mobileLink, 'w-full text-left')} disabled={pending} onClick={() => void signOut()}>
        {t('nav.signOut')}
      </button>
    </>
  );
}
