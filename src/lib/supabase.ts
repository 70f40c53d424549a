import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from './config';

let client: SupabaseClient | undefined;

/** Creates the app's one Supabase client; called once at start-up, before the app renders. */
export function initSupabase(config: RuntimeConfig): SupabaseClient {
  client = createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  });
  return client;
}

export function supabase(): SupabaseClient {
  if (!client) throw new Error('initSupabase() must run before the Supabase client is used');
  return client;
}
