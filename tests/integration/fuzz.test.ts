/**
 * Thousands of random requests to /rest/v1 and /auth/v1. Every answer must be JSON
 * with a 2xx or 4xx status (or PostgREST's 300 for an ambiguous embedding), the
 * server must stay up, and a refused request must leave the data as it was. The seed (FUZZ_SEED)
 * replays a run; on both engines, each sends half of the 3,000 from a seed of its own (randomRun).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { random, randomRun } from './helpers/random';
import { createUser, type TestUser } from './helpers/users';

const { seed, requests } = randomRun('FUZZ', { seed: 20261121, total: 3000 });

let backend: TestBackend;
let creator: TestUser;

beforeAll(async () => {
  backend = await startBackend({ env: { SEED: '1', AUTH_SIGNIN_FAILURES_PER_5MIN: '50', AUTH_SIGNUPS_PER_HOUR: '50' } });
  creator = await createUser(backend, 'creator');
}, 60_000);
afterAll(() => backend?.stop());

const tables = ['profiles', 'brand_briefs', 'opportunities', 'creator_brand_connections', 'tiktok_videos', 'tiktok_connections', 'tiktok_tokens', 'tiktok_auth_states', 'tiktok_webhook_events', 'admin_invites', 'ledger_entries', 'month_closes', 'payouts', 'brand_invoice_payments', 'payout_accounts', 'pay_rules'];

/** A digest of every row the product keeps, to prove that refused requests changed nothing. */
async function fingerprint(): Promise<string> {
  const parts = [...tables.filter((t) => t !== 'opportunities').map((t) => `select '${t}' || t::text as x from public.${t} t`), 'select u.id::text || u.email || coalesce(u.encrypted_password, \'\') || u.raw_user_meta_data::text as x from auth.users u'];
  const { rows } = await backend.server.db.query<{ digest: string }>(`select md5(string_agg(x, '|' order by x)) as digest from (${parts.join(' union all ')}) all_rows`);
  return rows[0].digest;
}

describe(`fuzzing with seed ${seed}`, () => {
  it(`answers ${requests} random requests with JSON 2xx/4xx and changes nothing it refuses`, async () => {
    const rnd = random(seed);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
    const chance = (p: number) => rnd() < p;
    const userToken = (await creator.client.auth.getSession()).data.session!.access_token;

    const columns = ['id', 'title', 'status', 'user_type', 'first_name', 'brand_id', 'view_count', 'industry', 'deadline', 'video_id', 'nope', '"quoted"', 'data->x', ''];
    const operators = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in', 'cs', 'cd', 'ov', 'fts', 'match', 'not.eq', 'not.in', 'bogus', ''];
    const values = ['1', 'open', 'null', 'true', '(1,2)', '("a,b",c)', '{a,b}', '*x*', "'; drop table profiles; --", '%', '"', '\\', ')', '(', '', '9999999999999999999999', '2026-13-45', 'a1000000-0000-4000-8000-000000000001', '🙂', 'x'.repeat(2000)];
    const keys = ['select', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'on_conflict', 'columns', 'brand_briefs.title', 'profiles.order', 'apikey', ...columns];
    const selects = ['*', 'id,title', 'id,profiles(first_name)', 'id,profiles!inner(*)', '*,nope(*)', 'a:id', 'id::text', '...profiles(id)', '(', 'id,', 'title->>x', 'count()'];
    const restPaths = [...tables, 'brief_listings', 'video_listings', 'nope', 'rpc/creator_metrics', 'rpc/brand_metrics', 'rpc/admin_metrics', 'rpc/create_admin_invite', 'rpc/admin_invite_is_valid', 'rpc/close_month', 'rpc/mark_payout_paid', 'rpc/save_payout_account', 'rpc/earnings_this_month', 'rpc/nope', '', 'profiles/extra', 'a%2Fb', 'profiles%00'];
    const authPaths = ['signup', 'token?grant_type=password', 'token?grant_type=refresh_token', 'token?grant_type=pkce', 'token', 'user', 'logout', 'logout?scope=others', 'recover', 'verify', 'resend', 'otp', 'settings', 'health', 'admin/users', 'nope'];
    const bodies = [
      () => JSON.stringify({ [pick(columns) || 'x']: pick(values) }),
      () => JSON.stringify([{ title: pick(values), description: pick(values), brand_id: pick(values) }]),
      () => JSON.stringify({ email: `${pick(['a', '', 'x@y', 'fuzz'])}@example.test`, password: pick(values), data: { user_type: pick(['admin', 'brand', 'x', 1, null]) } }),
      () => JSON.stringify({ refresh_token: pick(values), type: pick(['recovery', 'signup', 'x']), token_hash: pick(values), email: pick(values) }),
      () => pick(['{', '[]', 'null', '42', '"text"', '{"a":', 'not json', '', '[1,2,3]', '{"__proto__": {"x": 1}}']),
      () => 'x'.repeat(Math.floor(rnd() * 3000)),
    ];
    const authorizations = [undefined, `Bearer ${backend.anonKey}`, `Bearer ${userToken}`, 'Bearer garbage', 'Bearer a.b.c', 'Basic abc', `Bearer ${userToken.slice(0, -3)}abc`];
    const apikeys = [backend.anonKey, backend.anonKey, backend.anonKey, undefined, 'nope'];
    const prefers = [undefined, 'return=representation', 'count=exact', 'resolution=merge-duplicates', 'missing=default', 'return=minimal, count=planned', 'garbage=1,,,'];
    const accepts = [undefined, 'application/json', 'application/vnd.pgrst.object+json', 'text/csv', '*/*'];
    const methods = ['GET', 'GET', 'HEAD', 'POST', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS'];

    let before = await fingerprint();
    const statuses = new Map<number, number>();

    for (let i = 0; i < requests; i++) {
      const isAuth = chance(0.3);
      const method = isAuth ? pick(['POST', 'POST', 'GET', 'PUT', 'DELETE']) : pick(methods);
      const params: string[] = [];
      if (!isAuth) {
        const count = Math.floor(rnd() * 5);
        for (let p = 0; p < count; p++) {
          const key = pick(keys);
          const value = key === 'select' ? pick(selects) : chance(0.7) ? `${pick(operators)}.${pick(values)}` : pick(values);
          params.push(`${encodeURIComponent(key)}=${chance(0.9) ? encodeURIComponent(value) : value}`);
        }
      }
      const path = isAuth ? `/auth/v1/${pick(authPaths)}` : `/rest/v1/${pick(restPaths)}${params.length ? '?' + params.join('&') : ''}`;
      const headers: Record<string, string> = {};
      const apikey = pick(apikeys);
      if (apikey) headers.apikey = apikey;
      const authorization = pick(authorizations);
      if (authorization) headers.Authorization = authorization;
      const prefer = pick(prefers);
      if (prefer) headers.Prefer = prefer;
      const accept = pick(accepts);
      if (accept) headers.Accept = accept;
      if (chance(0.2)) headers['Accept-Profile'] = pick(['public', 'auth', 'private', '']);
      if (chance(0.2)) headers['Content-Profile'] = pick(['public', 'auth']);
      const body = method === 'GET' || method === 'HEAD' ? undefined : pick(bodies)();
      if (body !== undefined) headers['Content-Type'] = pick(['application/json', 'application/json', 'text/plain']);

      let response: Response;
      try {
        response = await fetch(`${backend.url}${path}`, { method, headers, body, redirect: 'manual' });
      } catch (error) {
        throw new Error(`request ${i} (${method} ${path}) failed: ${(error as Error).message}`, { cause: error });
      }
      const text = await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const context = `request ${i}: ${method} ${path} ${JSON.stringify(headers).slice(0, 300)} body=${String(body).slice(0, 200)} → ${response.status} ${text.slice(0, 300)}`;

      const ambiguous = response.status === 300 && text.includes('PGRST201');
      // The e-mail link endpoint answers browsers with a redirect back to this site.
      const emailLink = method === 'GET' && path.startsWith('/auth/v1/verify') && response.status === 303 &&
        response.headers.get('location')!.startsWith(backend.url);
      if (emailLink) continue;
      expect(response.status < 300 || (response.status >= 400 && response.status < 500) || ambiguous, context).toBe(true);
      // HEAD answers carry no body; otherwise only 201 and 204 may be empty.
      if (method !== 'HEAD') {
        if (text === '') expect([201, 204], context).toContain(response.status);
        else if (response.headers.get('content-type')?.startsWith('text/csv')) expect(headers.Accept, context).toBe('text/csv');
        else expect(() => JSON.parse(text), context).not.toThrow();
      }

      if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
        const after = await fingerprint();
        if (response.status >= 300) expect(after, `refused write changed data: ${context}`).toBe(before);
        before = after;
      }
    }

    const health = await fetch(`${backend.url}/health`);
    expect(health.status).toBe(200);
    // The spread must be real: some successes and many refusals.
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
    expect([...statuses.keys()].some((status) => status >= 400)).toBe(true);
  }, 240_000);
});
