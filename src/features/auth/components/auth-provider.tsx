import type { Session } from '@supabase/auth-js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { i18n, loadTexts } from '@/i18n';
import { sessionMayExist, whenAuthReady } from '@/lib/session';
import { accountSuspended, onAccountSuspendedChange } from '@/lib/suspension';
import { loadSupabaseAuth } from '@/lib/supabase';
import { profileQueryOptions } from '../api/get-profile';
import { authKeys } from '../api/keys';
import { AuthContext, signedOut, type AuthState } from '../api/use-auth';
import { resolveUserType } from '../api/redirects';
import { resetSignedOutDestination } from '../api/signed-out-destination';

/** A failure toast in the auth texts: sonner and those texts load with it (a signed-out landing page needs neither). */
async function toastAuthFailure(key: 'auth:messages.authCheckFailed' | 'auth:messages.profileLoadFailed') {
  const [{ toast }] = await Promise.all([import('sonner'), loadTexts('app')]);
  toast.error(i18n.t(key));
}

/**
 * Who is signed in. A visitor with no stored session is known to be signed out at once,
 * without the auth code; it loads when a session may exist, or when a page needs it
 * (sign-in, sign-up), and from then on its events keep this state.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  const [sessionKnown, setSessionKnown] = useState(() => !sessionMayExist());
  const [sessionEnded, setSessionEnded] = useState(false);
  const suspended = useSyncExternalStore(onAccountSuspendedChange, accountSuspended, () => false);

  useEffect(() => {
    let active = true;
    let subscription: { unsubscribe(): void } | undefined;
    const checkFailed = (error: unknown) => {
      console.error('Checking the session failed:', error);
      void toastAuthFailure('auth:messages.authCheckFailed');
    };
    const stop = whenAuthReady((auth) => {
      auth
        .getSession()
        .then(({ data }) => active && setSession(data.session))
        .catch(checkFailed)
        .finally(() => active && setSessionKnown(true));
      subscription = auth.onAuthStateChange((event, next) => {
        setSession(next);
        setSessionKnown(true);
        if (event === 'SIGNED_OUT') {
          setSessionEnded(true);
          queryClient.removeQueries({ queryKey: authKeys.all });
        }
        if (event === 'SIGNED_IN') {
          setSessionEnded(false);
          resetSignedOutDestination();
        }
      }).data.subscription;
    });
    if (sessionMayExist()) {
      loadSupabaseAuth().catch((error: unknown) => {
        checkFailed(error);
        if (active) setSessionKnown(true);
      });
    }
    return () => {
      active = false;
      stop();
      subscription?.unsubscribe();
    };
  }, [queryClient]);

  const userId = session?.user.id;
  const profile = useQuery(profileQueryOptions(userId));

  const reported = useRef(false);
  useEffect(() => {
    if (profile.isError && !reported.current) {
      reported.current = true;
      void toastAuthFailure('auth:messages.profileLoadFailed');
    }
  }, [profile.isError]);

  const state = useMemo<AuthState>(() => {
    if (!sessionKnown) return { ...signedOut, loading: true, suspended };
    if (!session) return { ...signedOut, sessionEnded, suspended };
    const row = profile.data ?? null;
    const userType = resolveUserType(row?.user_type, session.user.user_metadata?.user_type);
    return {
      loading: profile.isPending,
      session,
      user: session.user,
      profile: row,
      userType,
      // Admin only when the profile or the metadata says so, as spec §4 has it; the database
      // decides from the profile alone.
      isAdmin: userType === 'admin',
      sessionEnded: false,
      suspended,
    };
  }, [sessionKnown, session, sessionEnded, suspended, profile.data, profile.isPending]);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
