import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@supabase/supabase-js';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { supabase } from '@/lib/supabase';
import { profileQueryOptions } from '../api/get-profile';
import { authKeys } from '../api/keys';
import { AuthContext, signedOut, type AuthState } from '../api/use-auth';
import { resolveUserType } from '../api/redirects';

export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  const [sessionKnown, setSessionKnown] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);

  useEffect(() => {
    const client = supabase();
    client.auth
      .getSession()
      .then(({ data }) => setSession(data.session))
      .catch((error: unknown) => {
        console.error('Checking the session failed:', error);
        toast.error(t('messages.authCheckFailed'));
      })
      .finally(() => setSessionKnown(true));
    const { data } = client.auth.onAuthStateChange((event, next) => {
      setSession(next);
      setSessionKnown(true);
      if (event === 'SIGNED_OUT') {
        setSessionEnded(true);
        queryClient.removeQueries({ queryKey: authKeys.all });
      }
      if (event === 'SIGNED_IN') setSessionEnded(false);
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient, t]);

  const userId = session?.user.id;
  const profile = useQuery(profileQueryOptions(userId));

  const reported = useRef(false);
  useEffect(() => {
    if (profile.isError && !reported.current) {
      reported.current = true;
      toast.error(t('messages.profileLoadFailed'));
    }
  }, [profile.isError, t]);

  const state = useMemo<AuthState>(() => {
    if (!sessionKnown) return { ...signedOut, loading: true };
    if (!session) return { ...signedOut, sessionEnded };
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
    };
  }, [sessionKnown, session, sessionEnded, profile.data, profile.isPending]);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
