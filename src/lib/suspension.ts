/**
 * Whether the server said this account is suspended, so that the open tab says so instead of
 * asking the person to sign in again: a request refused with `account_suspended` (the database
 * refuses every write of a suspended account, public.refuse_if_suspended), or the session's
 * refresh refused with GoTrue's `user_banned`. The app's client (lib/supabase.ts) reads the
 * refusals; a new sign-in, or leaving from the notice, forgets it.
 */

let suspended = false;
const listeners = new Set<() => void>();

export const accountSuspended = () => suspended;

export function setAccountSuspended(next: boolean) {
  if (next === suspended) return;
  suspended = next;
  for (const listener of [...listeners]) listener();
}

/** For useSyncExternalStore: calls `listener` when the answer changes; returns the unsubscribe. */
export function onAccountSuspendedChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const refusalCode = async (response: Response): Promise<unknown> => {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, error_code: errorCode } = body as { code?: unknown; error_code?: unknown };
  return typeof code === 'string' ? code : errorCode;
};

/** Reads an answer of the API (/rest/v1, /functions/v1): a 403 `account_suspended` marks the account suspended. */
export async function noteApiAnswer(response: Response) {
  if (response.status === 403 && (await refusalCode(response)) === 'account_suspended') setAccountSuspended(true);
}

/** Reads an answer of the auth server: a refresh refused with `user_banned` marks the account suspended. */
export async function noteAuthAnswer(url: string, response: Response) {
  if (response.ok || !url.includes('grant_type=refresh_token')) return;
  if ((await refusalCode(response)) === 'user_banned') setAccountSuspended(true);
}
