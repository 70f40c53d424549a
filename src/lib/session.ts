import type { GoTrueClient as AuthClient } from '@supabase/auth-js';
import { runtimeConfig } from './config';

/**
 * What the app knows about the signed-in user before the auth client (auth-js) is loaded:
 * read from what supabase-js stored, so the landing page needs no auth code and a
 * dashboard can ask for its data at once. The auth client stays the authority; this only
 * decides whether to load it and where to start.
 */

/** supabase-js keeps the session under sb-<first label of the API host>-auth-token. */
export const authStorageKey = (supabaseUrl: string) => `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;

// supabase-js consumes a session in the URL fragment (e-mail links) when it starts; keep
// what the fragment said when the page opened, so pages can explain an expired link.
const fragmentAtStart = typeof window !== 'undefined' ? window.location.hash : '';

/** The URL fragment the page was opened with (before supabase-js read it). */
export const initialUrlFragment = () => new URLSearchParams(fragmentAtStart.replace(/^#/, ''));

function verifierStoredAtStart(): boolean {
  try {
    return Object.keys(localStorage).some((key) => key.endsWith('-code-verifier'));
  } catch {
    return false;
  }
}

// A PKCE link (?code=) works only in the browser that asked for it, which keeps the verifier.
const codeWithoutVerifierAtStart = typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('code') && !verifierStoredAtStart();

/** Whether the page was opened from an e-mail link asked for in another browser (no verifier here for its code). */
export const linkFromOtherBrowser = () => codeWithoutVerifierAtStart;

/** Whether auth-js holds the verifier of a PKCE flow this browser began (a sign-up or a password reset). */
function codeVerifierStored(): boolean {
  const { supabaseUrl } = runtimeConfig();
  if (!supabaseUrl || typeof localStorage === 'undefined') return false;
  try {
    return localStorage.getItem(`${authStorageKey(supabaseUrl)}-code-verifier`) !== null;
  } catch {
    return false;
  }
}

/**
 * An e-mail link's answer in the address, which the auth client must read: the auth code of a
 * PKCE flow (`?code=`, traded when this browser holds its verifier, as auth-js does it), or a
 * session or an error in the fragment.
 */
export function authAnswerInUrl(): boolean {
  if (typeof window === 'undefined') return false;
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  if (fragment.has('access_token') || fragment.has('error_description')) return true;
  return new URLSearchParams(window.location.search).has('code') && codeVerifierStored();
}

type StoredSession = { access_token?: unknown; refresh_token?: unknown; expires_at?: unknown; user?: { id?: unknown; user_metadata?: { user_type?: unknown } } };

function storedSession(storageKey?: string): StoredSession | undefined {
  const { supabaseUrl } = runtimeConfig();
  const key = storageKey ?? (supabaseUrl ? authStorageKey(supabaseUrl) : undefined);
  if (!key || typeof localStorage === 'undefined') return undefined;
  try {
    const value = localStorage.getItem(key);
    return value ? (JSON.parse(value) as StoredSession) : undefined;
  } catch {
    return undefined;
  }
}

/** The user id of the stored session, if any (it may have expired: the auth client refreshes it). */
export function storedUserId(): string | undefined {
  const id = storedSession()?.user?.id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The account type the user signed up with, as the stored session says: a guess to start a
 * dashboard's requests early (the profile decides where the user goes).
 */
export function storedUserType(): unknown {
  return storedSession()?.user?.user_metadata?.user_type;
}

/** auth-js refreshes a session this long before it expires (its EXPIRY_MARGIN_MS). */
const expiryMarginMs = 90_000;

/**
 * The stored access token while auth-js would hand it out as it is (not about to expire):
 * what its getSession() answers then, without loading it. Undefined when auth-js must decide.
 */
export function storedAccessToken(storageKey: string): string | undefined {
  const session = storedSession(storageKey);
  const { access_token: token, refresh_token: refresh, expires_at: expiresAt } = session ?? {};
  if (typeof token !== 'string' || typeof refresh !== 'string' || typeof expiresAt !== 'number') return undefined;
  return expiresAt * 1000 - Date.now() >= expiryMarginMs ? token : undefined;
}

/** Whether someone may be signed in: a stored session, or one arriving in the address. */
export const sessionMayExist = (storageKey?: string) => storedSession(storageKey) !== undefined || authAnswerInUrl();

type Listener = (auth: AuthClient) => void;
const listeners = new Set<Listener>();
let readyAuth: AuthClient | undefined;

/** Calls `listener` with the app's auth client once it exists (at once if it does); returns the unsubscribe. */
export function whenAuthReady(listener: Listener): () => void {
  if (readyAuth) {
    listener(readyAuth);
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by lib/supabase.ts when it created the app's auth client. */
export function announceAuth(auth: AuthClient) {
  readyAuth = auth;
  for (const listener of [...listeners]) {
    listeners.delete(listener);
    listener(auth);
  }
}
