import { useMutation } from '@tanstack/react-query';
import { runtimeConfig } from '@/lib/config';
import { toAppError } from '@/lib/errors';
import { authStorageKey } from '@/lib/session';
import { supabase } from '@/lib/supabase';
import { setAccountSuspended } from '@/lib/suspension';
import { setSignedOutDestination } from './signed-out-destination';

/** Drops the stored session (where supabase-js keeps it), so nothing on this device can use it again. */
function forgetStoredSession() {
  try {
    localStorage.removeItem(authStorageKey(runtimeConfig().supabaseUrl));
  } catch {
    // No storage: the session was never kept on the device.
  }
}

/**
 * Ends the session on the server and on this device. When the server cannot be reached (offline,
 * down) or refuses, the session still ends here (issue 15): supabase-js keeps it then, so it is
 * forgotten first, and the local sign-out that follows has no token to send and only clears what
 * is left and tells the app (SIGNED_OUT). `to`: where the dashboards' guard then sends the person
 * instead of /login.
 */
export async function signOut({ to }: { to?: string } = {}) {
  setSignedOutDestination(to);
  const auth = supabase().auth;
  const { error } = await auth.signOut();
  if (error) {
    forgetStoredSession();
    const local = await auth.signOut({ scope: 'local' });
    if (local.error) throw toAppError(local.error, 'sign_out_failed');
  }
  // What the server said of the account (suspended) leaves with it.
  setAccountSuspended(false);
}

export const useSignOut = () => useMutation({ mutationFn: signOut });
