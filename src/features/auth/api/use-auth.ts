import type { Session, User } from '@supabase/auth-js';
import { createContext, useContext } from 'react';
import type { UserType } from './redirects';
import type { Profile } from './get-profile';

export type AuthState = {
  /** True until the session is known and, for a signed-in user, the profile fetch finished. */
  loading: boolean;
  session: Session | null;
  user: User | null;
  profile: Profile | null;
  /** null when signed out. */
  userType: UserType | null;
  isAdmin: boolean;
  /** The session ended while the app was open (sign-out, or a refresh that failed). */
  sessionEnded: boolean;
  /** The server said the account is suspended (lib/suspension.ts): the app says so rather than asking to sign in. */
  suspended: boolean;
};

export const signedOut: AuthState = { loading: false, session: null, user: null, profile: null, userType: null, isAdmin: false, sessionEnded: false, suspended: false };

export const AuthContext = createContext<AuthState>({ ...signedOut, loading: true });

/** Who is signed in, as spec §4 describes: type from the profile, then the metadata, then creator. */
export const useAuth = () => useContext(AuthContext);
