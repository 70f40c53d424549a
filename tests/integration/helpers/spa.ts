import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { signIn } from '@/features/auth/api/sign-in';
import type { Database } from '@/lib/database';
import { AppError } from '@/lib/errors';
import { initSupabase, setSupabaseClient } from '@/lib/supabase';
import type { TestBackend } from './backend';
import type { TestUser } from './users';

/** Who to act as: a TestUser, or any account by its e-mail and password (the seeded demo accounts). */
export type Account = Pick<TestUser, 'email' | 'password'>;

type Seen = { path: string; status: number };

/** Every response the SPA's client received since the last actAs, oldest first. */
const seen: Seen[] = [];

const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  seen.push({ path: url.pathname, status: response.status });
  return response;
};

/**
 * The HTTP status of the last response the SPA's client got on a path (e.g.
 * '/functions/v1/tiktok-scraper') since the last actAs, so a test that goes through a
 * fetcher can still assert what the server answered on the wire; undefined when the
 * fetcher sent no request there.
 */
export function lastStatus(path: string): number | undefined {
  return seen.findLast((response) => response.path === path)?.status;
}

/** A supabase-js client: the app's own client has the same surface (AppSupabaseClient), and tests may use the rest. */
type SpaClient = SupabaseClient<Database>;

const newClient = (backend: TestBackend): SpaClient =>
  createClient<Database>(backend.url, backend.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: recordingFetch },
  });

let configuredFor: string | undefined;
/** One signed-in client per backend and account, reused while its session lasts. */
const signedIn = new Map<string, SpaClient>();

/**
 * The SPA's own fetchers (src/features/<f>/api) run in these tests, so the queries the
 * product sends are the ones tested. They use the app's one client: this points it at
 * the test backend, signed in as `user` (or signed out). The sign-in is the SPA's own
 * (features/auth/api/sign-in); the session is kept for the next actAs of the same
 * account, and a fresh one is made once it was signed out. It also starts a new record
 * of responses for lastStatus.
 */
export async function actAs(backend: TestBackend, user?: Account): Promise<SpaClient> {
  seen.length = 0;
  if (configuredFor !== backend.url) {
    initSupabase({ supabaseUrl: backend.url, supabasePublishableKey: backend.publishableKey, tiktokSandbox: true, tiktokPlayerUrl: `${backend.url}/_tiktok-sandbox/player` });
    configuredFor = backend.url;
  }
  if (!user) {
    const client = newClient(backend);
    setSupabaseClient(client);
    return client;
  }
  const key = JSON.stringify([backend.url, user.email, user.password]);
  const kept = signedIn.get(key);
  if (kept && (await kept.auth.getSession()).data.session) {
    setSupabaseClient(kept);
    return kept;
  }
  const client = newClient(backend);
  setSupabaseClient(client);
  await signIn({ email: user.email, password: user.password });
  signedIn.set(key, client);
  return client;
}

/** The AppError a fetcher was refused with; fails the test when the call succeeded. */
export async function refusal(call: () => Promise<unknown>): Promise<AppError> {
  const error = await call().then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error, 'the call should have been refused').toBeInstanceOf(AppError);
  return error as AppError;
}
