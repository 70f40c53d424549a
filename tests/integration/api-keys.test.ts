/**
 * Today's API keys, as hosted Supabase's gateway treats them: the publishable key stands for
 * `anon` and the secret key for `service_role` (a user's token in Authorization still decides);
 * a secret key from a browser, and a key that is not the project's, go no further than the
 * gateway. The legacy JWT keys keep working beside them.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRefresh } from '../../server/functions/scheduled';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

let backend: TestBackend;
let creator: TestUser;

beforeAll(async () => {
  backend = await startBackend();
  creator = await createUser(backend, 'creator');
});
afterAll(() => backend?.stop());

/** A supabase-js client with this key that records the headers of every request it sends. */
function recordingClient(key: string, headers: Record<string, string> = {}) {
  const sent: Headers[] = [];
  const client = createClient(backend.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      headers,
      fetch: (input, init) => {
        sent.push(new Headers(init?.headers));
        return fetch(input, init);
      },
    },
  });
  return { client, sent };
}

/** What only the service role may do: tiktok_tokens has no grant for anon or authenticated. */
const readTokens = (client: SupabaseClient) => client.from('tiktok_tokens').select('user_id').limit(1);
const readRules = async (client: SupabaseClient) => (await client.from('ledger_rules').select('count_window_days').single()).data;

const get = (path: string, headers: Record<string, string>) => fetch(`${backend.url}${path}`, { headers });

describe('the publishable key', () => {
  it('is sent by supabase-js as apikey and bearer, and stands for anon: it reads what anon may and nothing more', async () => {
    expect(backend.publishableKey).toMatch(/^sb_publishable_/);
    const { client, sent } = recordingClient(backend.publishableKey);
    expect(await readRules(client)).toEqual({ count_window_days: 30 });
    expect(sent[0].get('apikey')).toBe(backend.publishableKey);
    expect(sent[0].get('authorization')).toBe(`Bearer ${backend.publishableKey}`);
    const tokens = await readTokens(client);
    expect(tokens.status).toBe(401);
    expect(tokens.error).toMatchObject({ code: '42501' });
  });

  it('works from a browser, and a signed-in user’s token decides the role', async () => {
    const { client, sent } = recordingClient(backend.publishableKey, { 'User-Agent': browser });
    expect(await readRules(client)).toEqual({ count_window_days: 30 });
    expect(sent[0].get('user-agent')).toBe(browser);
    // createUser signed in through a publishable-key client: the user's JWT is the bearer.
    const own = await creator.client.from('profiles').select('id, user_type').eq('id', creator.id).single();
    expect(own.data).toEqual({ id: creator.id, user_type: 'creator' });
    expect((await creator.client.auth.getUser()).data.user?.id).toBe(creator.id);
    expect((await readTokens(creator.client)).error).toMatchObject({ code: '42501' });
  });

  it('never stands for the service role: a secret key as the bearer beside it is refused, not obeyed', async () => {
    const response = await get('/rest/v1/tiktok_tokens?select=user_id', { apikey: backend.publishableKey, Authorization: `Bearer ${backend.secretKey}` });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'PGRST301' });
    const refresh = callRefresh((request) => fetch(request), backend.url, backend.publishableKey);
    await expect(refresh).rejects.toThrow('401 (auth_required)');
  });
});

describe('the secret key', () => {
  it('stands for the service role from Node (no browser User-Agent), on the REST API and for the scheduled refresh', async () => {
    expect(backend.secretKey).toMatch(/^sb_secret_/);
    const { client, sent } = recordingClient(backend.secretKey);
    const tokens = await readTokens(client);
    expect(tokens.error).toBeNull();
    expect(tokens.data).toEqual([]);
    expect(sent[0].get('user-agent')).toBeNull();
    expect(await callRefresh((request) => fetch(request), backend.url, backend.secretKey)).toEqual({ refreshed: 0, unavailable: 0, failed: 0, skipped: 0 });
  });

  it('is refused from a browser with the gateway’s 401, on every API', async () => {
    const { client } = recordingClient(backend.secretKey, { 'User-Agent': browser });
    const tokens = await readTokens(client);
    expect(tokens.status).toBe(401);
    expect(tokens.error).toMatchObject({ message: 'Forbidden use of secret API key in browser' });
    for (const path of ['/rest/v1/ledger_rules?select=*', '/auth/v1/settings', '/functions/v1/tiktok-refresh']) {
      const response = await get(path, { apikey: backend.secretKey, Authorization: `Bearer ${backend.secretKey}`, 'User-Agent': browser });
      expect(response.status, path).toBe(401);
      expect(response.headers.get('sb-error-code'), path).toBe('UNAUTHORIZED_INVALID_API_KEY_TYPE');
      expect(await response.json(), path).toEqual({
        message: 'Forbidden use of secret API key in browser',
        hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
      });
    }
    // The apikey parameter is checked as the header is.
    expect((await get(`/rest/v1/ledger_rules?select=*&apikey=${backend.secretKey}`, { 'User-Agent': browser })).status).toBe(401);
  });

  it('needs the apikey header: as the bearer token alone it is no API key', async () => {
    const response = await get('/rest/v1/ledger_rules?select=*', { Authorization: `Bearer ${backend.secretKey}` });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'No API key found in request' });
  });
});

describe('keys that are not the project’s', () => {
  it('answer 401 "Invalid API key" from the gateway, through supabase-js and on the wire', async () => {
    // One character off the real secret key, too.
    const nearly = backend.secretKey.slice(0, -1) + (backend.secretKey.endsWith('x') ? 'y' : 'x');
    for (const forged of ['sb_secret_x', nearly, 'sb_publishable_x']) {
      const { client } = recordingClient(forged);
      const tokens = await readTokens(client);
      expect(tokens.status, forged).toBe(401);
      for (const path of ['/rest/v1/ledger_rules?select=*', '/auth/v1/settings', '/functions/v1/tiktok-refresh']) {
        const response = await get(path, { apikey: forged, Authorization: `Bearer ${forged}` });
        expect(response.status, `${forged} ${path}`).toBe(401);
        expect(response.headers.get('sb-error-code')).toBe('UNAUTHORIZED_INVALID_API_KEY');
        expect(await response.json()).toEqual({ message: 'Invalid API key' });
      }
    }
    await expect(callRefresh((request) => fetch(request), backend.url, 'sb_secret_x')).rejects.toThrow('401');
  });
});

describe('the legacy JWT keys', () => {
  it('still work: anon reads as anon, service_role as the service role (from a browser too, as hosted allows them)', async () => {
    expect(await readRules(recordingClient(backend.anonKey).client)).toEqual({ count_window_days: 30 });
    expect((await readTokens(recordingClient(backend.anonKey).client)).error).toMatchObject({ code: '42501' });
    expect((await readTokens(recordingClient(backend.serviceKey).client)).error).toBeNull();
    expect((await readTokens(recordingClient(backend.serviceKey, { 'User-Agent': browser }).client)).error).toBeNull();
    expect(await callRefresh((request) => fetch(request), backend.url, backend.serviceKey)).toMatchObject({ refreshed: 0 });
  });
});
