/**
 * 10,000 hostile requests (HOSTILE_REQUESTS) over /rest/v1, /auth/v1, /functions/v1 and /api:
 * no key, the anon key, forged, expired, alg-none, wrong-key and wrong-audience tokens,
 * malformed bodies and headers, oversized bodies, bad webhook signatures. None of them has the
 * right to change anything: every answer must be a 2xx, 3xx redirect home, or 4xx with a JSON
 * body, the server must stay up, and a snapshot of every table before and after must match.
 * The seed (HOSTILE_SEED) replays a failing run. On both engines, each sends half from a seed of its
 * own (randomRun): the run's 10,000 are different requests.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { random, randomRun } from './helpers/random';

const { seed, requests } = randomRun('HOSTILE', { seed: 20261126, total: 10_000 });
const inFlight = 8;

let backend: TestBackend;
let victimId: string;

beforeAll(async () => {
  backend = await startBackend({ env: { SEED: '1' } });
  const { rows } = await backend.server.db.query<{ id: string }>("select id from public.profiles where user_type = 'creator' order by created_at limit 1");
  victimId = rows[0].id;
}, 60_000);
afterAll(() => backend?.stop());

/** A digest of every row of every table the server keeps (public, private, auth, migrations). */
async function snapshot(): Promise<Record<string, string>> {
  const { rows: tables } = await backend.server.db.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await backend.server.db.query<{ digest: string }>(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${name} t`);
    digests[name] = rows[0].digest;
  }
  return digests;
}

const unsigned = (claims: object) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

async function hostileTokens(): Promise<string[]> {
  const now = Math.floor(Date.now() / 1000);
  const asVictim = { sub: victimId, role: 'authenticated', aud: 'authenticated', email: 'victim@example.test', session_id: crypto.randomUUID() };
  const wrongKey = new TextEncoder().encode('not-the-secret-of-this-installation-0123456789');
  const signWrong = (claims: object) => new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + 3600).sign(wrongKey);
  const { keys } = backend.server;
  return [
    unsigned(asVictim),
    unsigned({ role: 'service_role' }),
    await signWrong(asVictim),
    await signWrong({ role: 'service_role', iss: 'supabase' }),
    await keys.sign(asVictim, -60), // expired
    await keys.sign({ ...asVictim, aud: 'somewhere-else' }, 3600),
    await keys.sign({ ...asVictim, role: 'supabase_admin' }, 3600),
    await keys.sign({ ...asVictim, role: 'postgres' }, 3600),
    'garbage',
    'a.b.c',
    '',
  ];
}

describe(`hostile requests with seed ${seed}`, () => {
  it(`answers ${requests} of them without a 5xx, stays up, and changes no row`, async () => {
    const rnd = random(seed);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
    const chance = (p: number) => rnd() < p;
    const tokens = await hostileTokens();
    const before = await snapshot();
    const mailsBefore = backend.mailbox.messages.length;

    const nasty = ['', 'null', '0', '-1', '1e309', 'NaN', '"', "'", "'; drop table public.profiles; --", '%00', '\u0000', '../../etc/passwd', '<script>alert(1)</script>', '${7*7}', '{{7*7}}',
      '🙂'.repeat(50), 'x'.repeat(5000), victimId, crypto.randomUUID(), '2026-02-30', '9'.repeat(40), 'true', '{}', '[]', '(', ')', ',', '*', 'eq.1', 'not.is.null'];
    // What fetch lets into a header: visible ASCII only.
    const nastyHeader = nasty.filter((value) => /^[\x21-\x7e]+$/.test(value) && value.length < 1000);
    const tables = ['profiles', 'brand_briefs', 'tiktok_videos', 'video_snapshots', 'ledger_entries', 'payouts', 'payout_accounts', 'notifications', 'admin_invites', 'tiktok_tokens', 'month_closes', 'video_reviews', 'brief_listings', 'video_listings', 'nope'];
    const rpcs = ['close_month', 'mark_payout_paid', 'save_payout_account', 'admin_set_suspended', 'create_admin_invite', 'mark_notifications_read', 'save_notification_settings', 'review_video', 'join_brief', 'creator_metrics', 'admin_metrics', 'notify_due', 'settle_reviews', 'nope'];
    const functions = ['tiktok-scraper', 'tiktok-auth', 'tiktok-refresh', 'tiktok-webhook', 'nope'];
    const authPaths = ['signup', 'token?grant_type=password', 'token?grant_type=refresh_token', 'token?grant_type=pkce', 'token?grant_type=id_token', 'user', 'logout', 'logout?scope=global', 'recover', 'verify', 'resend', 'otp', 'magiclink', 'admin/users', 'factors', 'invite', 'settings', 'nope'];

    /** Sign-up bodies that are always refused: a bad address or a short password. */
    const signupBody = () => JSON.stringify({
      email: pick(['no-at-sign', '@example.test', 'a@', 'x'.repeat(300) + '@example.test', 'a b@example.test', 42, null]),
      password: pick(['', '12345', 'x'.repeat(2000), 12345678, null]),
      data: pick([{ user_type: 'admin' }, { user_type: 'creator', admin_invite_code: pick(nasty) }, pick(nasty), null]),
    });
    const bodies = [
      () => JSON.stringify({ [pick(['id', 'user_type', 'brand_id', 'creator_id', 'status', 'amount_satang', 'role', pick(nasty)])]: pick(nasty) }),
      () => JSON.stringify([{ id: victimId, user_type: 'admin', first_name: pick(nasty) }]),
      () => JSON.stringify({ p_month: pick(nasty), p_payout_id: pick(nasty), p_user_id: victimId, p_suspended: true, p_ids: [pick(nasty)], p_action: 'approve', p_video_id: pick(nasty) }),
      () => JSON.stringify({ email: `nobody-${Math.floor(rnd() * 1e9)}@example.test`, password: pick(nasty), refresh_token: pick(nasty), token_hash: pick(nasty), token: pick(nasty), type: pick(['recovery', 'signup', 'email', 'magiclink', 'x']) }),
      () => JSON.stringify({ action: pick(['authorize', 'callback', 'fetch-videos', 'sync', 'disconnect', 'x']), url: pick(['https://evil.example/', 'http://127.0.0.1:5432/', 'https://vm.tiktok.com/ZMx/', 'file:///etc/passwd', pick(nasty)]), userId: victimId, code: pick(nasty), state: pick(nasty) }),
      () => JSON.stringify({ client_key: 'x', event: 'authorization.removed', user_openid: pick(nasty), content: pick(nasty) }),
      () => pick(['{', '[', '{"a":', 'not json', '"text"', '42', 'null', '{"__proto__": {"admin": true}}', '{"constructor": {"prototype": {"x": 1}}}', '\u0000\u0001', '[]'.repeat(10_000)]),
      () => (chance(0.05) ? 'x'.repeat(1024 * 1024 + 10) : 'x'.repeat(Math.floor(rnd() * 5000))),
    ];

    function request(): { method: string; path: string; headers: Record<string, string>; body?: string } {
      const headers: Record<string, string> = {};
      const surface = rnd();
      let method: string;
      let path: string;
      let body: string | undefined;
      if (surface < 0.45) {
        method = pick(['GET', 'GET', 'HEAD', 'POST', 'POST', 'PATCH', 'PATCH', 'DELETE', 'PUT']);
        const target = chance(0.3) ? `rpc/${pick(rpcs)}` : pick(tables);
        const filters = [`id=eq.${encodeURIComponent(chance(0.5) ? victimId : pick(nasty))}`, `select=${encodeURIComponent(pick(['*', 'id,email', '*,auth.users(*)', 'encrypted_password', '(', pick(nasty)]))}`, `or=${encodeURIComponent(`(${pick(nasty)})`)}`, `limit=${encodeURIComponent(pick(nasty))}`];
        path = `/rest/v1/${target}?${filters.filter(() => chance(0.6)).join('&')}`;
        if (chance(0.2)) headers['Accept-Profile'] = pick(['auth', 'private', 'pg_catalog', 'public', '']);
        if (chance(0.2)) headers['Content-Profile'] = pick(['auth', 'private', 'public']);
        if (chance(0.2)) headers.Prefer = pick(['return=representation', 'resolution=merge-duplicates', 'tx=commit', 'count=exact', 'params=single-object', 'missing=default']);
        if (chance(0.2)) headers.Accept = pick(['application/vnd.pgrst.object+json', 'text/csv', 'application/octet-stream', '*/*', 'application/vnd.pgrst.plan+json']);
        if (method === 'POST' && surface < 0.1) body = signupBody();
        else if (method !== 'GET' && method !== 'HEAD') body = pick(bodies)();
      } else if (surface < 0.8) {
        const route = pick(authPaths);
        method = route === 'settings' || route === 'user' ? pick(['GET', 'PUT']) : pick(['POST', 'POST', 'GET', 'DELETE']);
        path = `/auth/v1/${route}`;
        if (route === 'verify' && method === 'GET') path += `?token=${encodeURIComponent(pick(nasty))}&type=${pick(['recovery', 'signup', 'x'])}&redirect_to=${encodeURIComponent(pick(['https://evil.example/', 'javascript:alert(1)', '//evil.example', pick(nasty)]))}`;
        if (method !== 'GET') body = route === 'signup' ? signupBody() : pick(bodies)();
      } else {
        // /api has one route, POST /api/tiktok-auth; its other paths and methods are the app's pages.
        path = chance(0.2) ? '/api/tiktok-auth' : `/functions/v1/${pick(functions)}`;
        method = path.startsWith('/api') ? 'POST' : pick(['POST', 'POST', 'GET', 'PUT', 'OPTIONS']);
        if (method !== 'GET') body = pick(bodies)();
        if (path.endsWith('tiktok-webhook') && chance(0.7)) headers['TikTok-Signature'] = pick([`t=${Math.floor(Date.now() / 1000)},s=${'0'.repeat(64)}`, 't=1,s=abc', pick(nastyHeader)]);
      }
      if (chance(0.85)) headers.apikey = pick([backend.anonKey, backend.anonKey, ...tokens]);
      if (chance(0.7)) headers.Authorization = `${pick(['Bearer', 'Bearer', 'bearer', 'Basic'])} ${pick([backend.anonKey, ...tokens, ...tokens])}`;
      if (body !== undefined) headers['Content-Type'] = pick(['application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']);
      if (chance(0.1)) headers['X-Forwarded-For'] = pick(['127.0.0.1', '10.0.0.1', pick(nastyHeader)]);
      return { method, path, headers, body };
    }

    const statuses = new Map<number, number>();
    let next = 0;
    async function worker() {
      while (next < requests) {
        const n = next++;
        const { method, path, headers, body } = request();
        let response: Response;
        try {
          response = await fetch(`${backend.url}${path}`, { method, headers, body, redirect: 'manual' });
        } catch (error) {
          throw new Error(`request ${n} (${method} ${path}, ${String(body?.length)} bytes) failed: ${(error as Error).message} ${String((error as { cause?: unknown }).cause)}`, { cause: error });
        }
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const context = `request ${n}: ${method} ${path.slice(0, 200)} ${JSON.stringify(headers).slice(0, 200)} body=${String(body).slice(0, 120)} → ${response.status} ${text.slice(0, 200)}`;
        if (response.status >= 300 && response.status < 400) {
          // Only the e-mail link answers with a redirect, and only back to this site.
          expect(path.startsWith('/auth/v1/verify') && response.headers.get('location')!.startsWith(backend.url), context).toBe(true);
          continue;
        }
        expect(response.status < 300 || (response.status >= 400 && response.status < 500), context).toBe(true);
        if (method !== 'HEAD' && method !== 'OPTIONS' && response.status >= 400) expect(() => JSON.parse(text), context).not.toThrow();
      }
    }
    await Promise.all(Array.from({ length: inFlight }, worker));

    expect((await fetch(`${backend.url}/health`)).status).toBe(200);
    expect(await snapshot()).toEqual(before);
    expect(backend.mailbox.messages.length).toBe(mailsBefore);
    // The spread is real: refusals of several kinds, and some answers that read public data.
    for (const status of [400, 401, 403, 404, 413]) expect(statuses.get(status) ?? 0, `no ${status} among ${JSON.stringify([...statuses])}`).toBeGreaterThan(0);
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  }, 600_000);
});
