import { createClient } from '@supabase/supabase-js';
import type { Database } from '@/lib/database';
import { initSupabase, setSupabaseClient, type AppSupabaseClient } from '@/lib/supabase';
import type { TestBackend } from './backend';
import type { TestUser } from './users';

/**
 * The SPA's own fetchers (src/features/<f>/api) run in these tests, so the queries the
 * product sends are the ones tested. They use the app's one client: this points it at
 * the test backend, signed in as `user` (or signed out).
 */
export async function actAs(backend: TestBackend, user?: TestUser): Promise<AppSupabaseClient> {
  initSupabase({ supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, tiktokSandbox: true, tiktokPlayerUrl: `${backend.url}/_tiktok-sandbox/player` });
  const client = createClient<Database>(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  if (user) {
    const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
    if (error) throw error;
  }
  setSupabaseClient(client);
  return client;
}
