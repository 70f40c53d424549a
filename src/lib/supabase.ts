import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from './config';
import type { Database } from './database';

export type AppSupabaseClient = SupabaseClient<Database>;

let client: AppSupabaseClient | undefined;
let config: RuntimeConfig | undefined;
let hashAtStart = '';

/** Creates the app's one Supabase client; called once at start-up, before the app renders. */
export function initSupabase(runtime: RuntimeConfig): AppSupabaseClient {
  // supabase-js consumes a session in the URL fragment (e-mail links); keep what the
  // fragment said so pages can explain an expired link.
  hashAtStart = typeof window !== 'undefined' ? window.location.hash : '';
  config = runtime;
  client = createClient<Database>(runtime.supabaseUrl, runtime.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  });
  return client;
}

export function supabase(): AppSupabaseClient {
  if (!client) throw new Error('initSupabase() must run before the Supabase client is used');
  return client;
}

/** For integration tests in Node: the SPA's own fetchers then run as this (signed-in) client. */
export function setSupabaseClient(next: AppSupabaseClient) {
  client = next;
}

/**
 * A client that keeps no session, for calls that must not sign the browser in
 * (a sign-up, which the product follows with a sign-in of its own).
 */
export function sessionlessClient(): AppSupabaseClient {
  if (!config) throw new Error('initSupabase() must run first');
  return createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: 'viewpact-sessionless' },
  });
}

/** The URL fragment the page was opened with (before supabase-js read it). */
export const initialUrlFragment = () => new URLSearchParams(hashAtStart.replace(/^#/, ''));
