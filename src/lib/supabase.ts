import type { GoTrueClient as AuthClient } from '@supabase/auth-js';
import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { runtimeConfig, setRuntimeConfig, type RuntimeConfig } from './config';
import type { Database } from './database';
import { announceAuth, authAnswerInUrl, authStorageKey, sessionMayExist, storedAccessToken } from './session';
import { noteApiAnswer, noteAuthAnswer } from './suspension';

export { initialUrlFragment, linkFromOtherBrowser } from './session';

type FullClient = SupabaseClient<Database>;

/**
 * The part of supabase-js the app uses: tables, views and SQL functions (PostgREST),
 * auth and edge functions. Realtime and storage are not used, so they are not loaded:
 * the client is built from the packages supabase-js itself is made of. A supabase-js
 * client fits this type too (the integration tests use one).
 */
export type AppSupabaseClient = Pick<FullClient, 'from' | 'rpc'> & {
  readonly auth: AuthClient;
  readonly functions: FunctionsClient;
};

type AuthModule = typeof import('@supabase/auth-js');
type AuthSettings = { persistSession: boolean; autoRefreshToken: boolean; detectSessionInUrl: boolean; storageKey: string };

let authModule: AuthModule | undefined;
let authModuleLoading: Promise<AuthModule> | undefined;

/** auth-js, loaded on first need: the landing page of a signed-out visitor never needs it. */
function loadAuthModule(): Promise<AuthModule> {
  authModuleLoading ??= import('@supabase/auth-js').then((module) => (authModule = module));
  return authModuleLoading;
}

type AsyncMethods = Record<PropertyKey, (...args: unknown[]) => Promise<unknown>>;

/** The auth server's answers, read for a refresh refused because the account is suspended (lib/suspension.ts). */
const authFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  await noteAuthAnswer(input instanceof Request ? input.url : String(input), response);
  return response;
};

/**
 * PostgREST, functions and auth on one base URL, with the session's access token on every
 * request, as supabase-js does it. Auth is created when first needed; until then `auth`
 * is a stand-in whose (asynchronous) methods load it and call through. A refusal saying the
 * account is suspended is noted (lib/suspension.ts), whichever call met it.
 */
class AppClient extends PostgrestClient<Database> implements AppSupabaseClient {
  private authClient: AuthClient | undefined;
  private readonly deferredAuth: AuthClient;
  private readonly authedFetch: typeof fetch;

  constructor(
    private readonly baseUrl: string,
    private readonly publishableKey: string,
    private readonly authSettings: AuthSettings,
    private readonly onAuth?: (auth: AuthClient) => void,
  ) {
    const authedFetch: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      if (!headers.has('apikey')) headers.set('apikey', publishableKey);
      if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${await this.accessToken()}`);
      const response = await fetch(input, { ...init, headers });
      await noteApiAnswer(response);
      return response;
    };
    super(`${baseUrl}/rest/v1`, { fetch: authedFetch });
    this.authedFetch = authedFetch;
    this.deferredAuth = new Proxy({} as AuthClient, {
      get: (_target, method) => async (...args: unknown[]) => ((await this.loadAuth()) as unknown as AsyncMethods)[method](...args),
    });
  }

  get auth(): AuthClient {
    if (!this.authClient && authModule) this.createAuth(authModule);
    return this.authClient ?? this.deferredAuth;
  }

  get functions(): FunctionsClient {
    return new FunctionsClient(`${this.baseUrl}/functions/v1`, { customFetch: this.authedFetch });
  }

  /** The auth client, loading auth-js first when needed. */
  async loadAuth(): Promise<AuthClient> {
    return this.authClient ?? this.createAuth(await loadAuthModule());
  }

  private createAuth({ GoTrueClient: Auth }: AuthModule): AuthClient {
    if (this.authClient) return this.authClient;
    this.authClient = new Auth({
      url: `${this.baseUrl}/auth/v1`,
      headers: { Authorization: `Bearer ${this.publishableKey}`, apikey: this.publishableKey },
      // As @supabase/ssr and hosted Supabase's guides: an e-mail link gives an auth code
      // (?code=), which only the browser that asked for it can trade for a session.
      flowType: 'pkce',
      fetch: authFetch,
      ...this.authSettings,
    });
    this.onAuth?.(this.authClient);
    return this.authClient;
  }

  /**
   * The signed-in user's token, else the publishable key. A stored token that is not about to expire
   * is used as it is: it is what auth-js would answer (it keeps its session in storage and
   * refreshes it there before it expires), so a request never waits for auth-js to load or to
   * start (at 4x CPU a dashboard's data waited 300 ms for it, bench/). Else auth-js decides.
   */
  private async accessToken(): Promise<string> {
    const { persistSession, storageKey } = this.authSettings;
    if (persistSession && !authAnswerInUrl()) {
      const stored = storedAccessToken(storageKey);
      if (stored) return stored;
    }
    if (!this.authClient && !authModule && !(persistSession && sessionMayExist(storageKey))) return this.publishableKey;
    const { data } = await (await this.loadAuth()).getSession();
    return data.session?.access_token ?? this.publishableKey;
  }
}

let client: AppSupabaseClient | undefined;

const baseUrlOf = (config: RuntimeConfig) => config.supabaseUrl.replace(/\/+$/, '');

function createAppClient(config: RuntimeConfig): AppSupabaseClient {
  if (!config.supabaseUrl || !config.supabasePublishableKey) throw new Error('The runtime configuration must be loaded before the Supabase client is used');
  return new AppClient(
    baseUrlOf(config),
    config.supabasePublishableKey,
    { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storageKey: authStorageKey(config.supabaseUrl) },
    announceAuth,
  );
}

/** Creates the app's one Supabase client for this configuration (tests; the app creates it on first use). */
export function initSupabase(runtime: RuntimeConfig): AppSupabaseClient {
  setRuntimeConfig(runtime);
  client = createAppClient(runtime);
  return client;
}

/** The app's one Supabase client, created on first use from the runtime configuration. */
export function supabase(): AppSupabaseClient {
  client ??= createAppClient(runtimeConfig());
  return client;
}

/** The client with its auth part loaded: for code that needs `auth` at once (the session's listeners). */
export async function loadSupabaseAuth(): Promise<AppSupabaseClient> {
  const current = supabase();
  if (current instanceof AppClient) await current.loadAuth();
  return current;
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
  const config = runtimeConfig();
  return new AppClient(baseUrlOf(config), config.supabasePublishableKey, {
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    storageKey: 'viewpact-sessionless',
  });
}
