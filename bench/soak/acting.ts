import '../../server/websocket-polyfill';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/lib/database';
import { initSupabase, setSupabaseClient, type AppSupabaseClient } from '@/lib/supabase';

export type PersonClient = SupabaseClient<Database>;

/** What one person's client got back from the server, counted as it arrives: a 4xx or 5xx is a failure (the first few kept to show). */
export type Wire = { responses: number; failed: number; samples: string[] };

const acting = new AsyncLocalStorage<PersonClient>();

/**
 * The SPA's fetchers (src/features/<f>/api) use the app's one client. Here fifty people run
 * them at once, so that one client hands each call to the client of the person whose action
 * it runs in: the requests are the product's own, each with its person's session.
 */
export function routeSpaFetchers(baseUrl: string, anonKey: string) {
  initSupabase({ supabaseUrl: baseUrl, supabasePublishableKey: anonKey, tiktokSandbox: true, tiktokPlayerUrl: `${baseUrl}/_tiktok-sandbox/player` });
  const current = () => {
    const client = acting.getStore();
    if (!client) throw new Error('An SPA fetcher ran outside a person’s action');
    return client;
  };
  setSupabaseClient(
    new Proxy({} as AppSupabaseClient, {
      get(_target, name) {
        const client = current();
        const value: unknown = Reflect.get(client, name);
        return typeof value === 'function' ? value.bind(client) : value;
      },
    }),
  );
}

/** Runs `work` as this person: every SPA fetcher inside it uses their client. */
export const actAs = <T>(client: PersonClient, work: () => Promise<T>): Promise<T> => acting.run(client, work);

/** A supabase-js client of one person, counting the server's answers. */
export function personClient(baseUrl: string, anonKey: string, wire: Wire): PersonClient {
  const countingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    wire.responses += 1;
    if (response.status >= 400) {
      wire.failed += 1;
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (wire.samples.length < 5) wire.samples.push(`${init?.method ?? 'GET'} ${url.pathname} ${response.status}: ${(await response.clone().text()).slice(0, 300)}`);
    }
    return response;
  };
  return createClient<Database>(baseUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: countingFetch },
  });
}
