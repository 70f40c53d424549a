import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { signOut } from '@/features/auth/api/sign-out';
import { paths } from '@/lib/paths';

export type SignOutMessages = {
  success: 'auth:messages.signedOut' | 'auth:messages.loggedOut';
  failure: 'auth:messages.signOutFailed' | 'auth:messages.signOutError';
};

/**
 * Signs out, then says so and goes to /login (spec §2). Awaited rather than left to
 * mutation callbacks: the guard unmounts the calling component as soon as the session
 * ends, and the message and the navigation must still happen.
 */
export function useSignOutAndLeave({ success, failure }: SignOutMessages) {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      await signOut();
      toast.success(t(success));
      navigate(paths.auth.login.getHref(), { replace: true });
    } catch {
      toast.error(t(failure));
    } finally {
      setPending(false);
    }
  };
  return { signOut: run, pending };
}
