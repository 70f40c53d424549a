/**
 * Issue 29: a request the database refuses is a 4xx with a code, never a 500, on PGlite as on
 * PostgreSQL. A rule the database enforces reaches the caller of an edge function with the
 * refusal's own status and code (tiktok-scraper passes every one on, not a list of known ones);
 * a malformed value (boolean, integer, numeric, date, timestamptz, uuid) in a filter, an RPC
 * argument or a write's body is PostgREST's 400 with the SQLSTATE as its code, for an anonymous
 * caller and a signed-in one alike, and changes nothing.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpportunity } from '@/features/opportunities/api/create-opportunity';
import { joinOpportunity } from '@/features/opportunities/api/join-opportunity';
import { addVideo } from '@/features/videos/api/add-video';
import { sandboxApp } from '../../server/tiktok-sandbox/oauth';
import { signWebhook } from '../../supabase/functions/_shared/tiktok/oauth';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs, lastStatus, refusal } from './helpers/spa';
import { callTikTokAuth, connectInSandbox, newTokenKey } from './helpers/tiktok';
import { createUser, type TestUser } from './helpers/users';
import { approve, hoursAgo, videoIdPostedAt } from './helpers/videos';

let backend: TestBackend;
let service: SupabaseClient;
let brand: TestUser, creator: TestUser;
let userToken: string;
let firstBrief: string, secondBrief: string;
let probeRow: string;

beforeAll(async () => {
  // A token key, so that tiktok-auth runs (against the TikTok sandbox).
  backend = await startBackend({ env: { TOKEN_ENCRYPTION_KEY: newTokenKey() } });
  service = backend.service();
  // The creator proved the sandbox account their videos come from (@nok), so that the brand reviews them.
  [brand, creator] = await Promise.all([createUser(backend, 'brand'), createUser(backend, 'creator', { tiktok_username: 'nok' })]);
  userToken = (await creator.client.auth.getSession()).data.session!.access_token;
  await actAs(backend, brand);
  [firstBrief, secondBrief] = await Promise.all(['Serum week', 'Rice bowl launch'].map(async (title) => (await createOpportunity({ title, description: `About ${title}` })).id));
  // Published days ago: the videos below, posted hours ago, fall inside their dates.
  await service.from('brand_briefs').update({ created_at: new Date(Date.now() - 3 * 86_400_000).toISOString() }).in('id', [firstBrief, secondBrief]);
  await actAs(backend, creator);
  await joinOpportunity({ briefId: firstBrief, isCreator: true });
  await joinOpportunity({ briefId: secondBrief, isCreator: true });
  // A scratch table and function with a column and an argument of each type the product's
  // schema does not all expose to both roles (numeric, say), open to anon and authenticated.
  await backend.server.db.exec(`
    create table public.refusal_probe_items (
      id uuid primary key default gen_random_uuid(),
      flag boolean, n integer, amount numeric, day date, at timestamptz, ref uuid
    );
    grant select, insert, update, delete on public.refusal_probe_items to anon, authenticated;
    insert into public.refusal_probe_items (flag, n, amount, day, at, ref)
      values (true, 7, 12.5, '2026-11-01', '2026-11-01T10:00:00Z', 'a1000000-0000-4000-8000-000000000001');
    create function public.refusal_probe(
      p_flag boolean default null, p_n integer default null, p_amount numeric default null,
      p_day date default null, p_at timestamptz default null, p_ref uuid default null
    ) returns json language sql stable
      as $$ select json_build_object('flag', p_flag, 'n', p_n, 'amount', p_amount, 'day', p_day, 'at', p_at, 'ref', p_ref) $$;
    grant execute on function public.refusal_probe(boolean, integer, numeric, date, timestamptz, uuid) to anon, authenticated;
    -- A rule added in SQL after the functions were written (see newRule).
    create function public.refusal_probe_rule() returns trigger language plpgsql as $$
    begin
      if to_jsonb(new) ->> tg_argv[0] = tg_argv[1] then
        perform private.refuse(tg_argv[2], tg_argv[3], tg_argv[4]::int);
      end if;
      return new;
    end $$;
  `);
  await backend.server.reloadSchema();
  const { rows } = await backend.server.db.query<{ id: string }>('select id from public.refusal_probe_items');
  probeRow = rows[0].id;
}, 60_000);
afterAll(() => backend?.stop());

let rules = 0;
/**
 * A rule the functions have never heard of, in the test database only: inserting a row of
 * `table` whose `column` is `value` is refused with this code, message and HTTP status.
 */
async function newRule(table: string, column: string, value: string, refusal: { code: string; message: string; status: number }) {
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const args = [column, value, refusal.code, refusal.message, String(refusal.status)].map(literal).join(', ');
  await backend.server.db.exec(`create trigger refusal_probe_rule_${(rules += 1)} before insert on public.${table} for each row execute function public.refusal_probe_rule(${args})`);
}

/** A digest of the rows these requests could touch: a refused one must leave it as it was. */
async function fingerprint(): Promise<string> {
  const { rows } = await backend.server.db.query<{ digest: string }>(
    `select md5(concat_ws('|',
      (select string_agg(t::text, ',' order by t.id) from public.refusal_probe_items t),
      (select string_agg(t::text, ',' order by t.id) from public.profiles t),
      (select string_agg(t::text, ',' order by t.id) from public.tiktok_connections t),
      (select string_agg(t::text, ',' order by t.id) from public.tiktok_videos t))) as digest`,
  );
  return rows[0].digest;
}

type Who = 'anon' | 'user';

/** A raw /rest/v1 request as the browser would send it: the anon key, and the user's token or none. */
async function rest(who: Who, method: string, path: string, body?: unknown) {
  const response = await fetch(`${backend.url}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: backend.anonKey,
      Authorization: `Bearer ${who === 'anon' ? backend.anonKey : userToken}`,
      Prefer: 'return=representation',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> };
}

/** Each kind of malformed value, where it goes, and the SQLSTATE PostgreSQL names it with. */
const malformed = [
  { kind: 'boolean', column: 'flag', value: 'maybe', code: '22P02' },
  { kind: 'integer', column: 'n', value: 'twelve', code: '22P02' },
  { kind: 'integer out of range', column: 'n', value: '99999999999', code: '22003' },
  { kind: 'numeric', column: 'amount', value: 'lots', code: '22P02' },
  { kind: 'date', column: 'day', value: 'soon', code: '22007' },
  { kind: 'date out of range', column: 'day', value: '2026-02-30', code: '22008' },
  { kind: 'timestamptz', column: 'at', value: 'the day before', code: '22007' },
  { kind: 'uuid', column: 'ref', value: 'not-a-uuid', code: '22P02' },
] as const;

const callers: Who[] = ['anon', 'user'];
const cases = callers.flatMap((who) => malformed.map((value) => ({ who, ...value })));

/** PostgREST's answer to a value PostgreSQL cannot read: 400, JSON, the SQLSTATE and its message. */
function expectRefused(answer: Awaited<ReturnType<typeof rest>>, code: string) {
  expect(answer.status).toBe(400);
  expect(answer.type).toMatch(/^application\/json/);
  expect(answer.body).toMatchObject({ code, message: expect.any(String) });
  expect(Object.keys(answer.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
}

describe('parameters, on either engine', () => {
  const db = () => backend.server.db;
  const value = async (sql: string, param: unknown) => (await db().query<{ v: unknown }>(sql, [param])).rows[0].v;
  const failure = (sql: string, param: unknown) => db().query(sql, [param]).then(() => null, (error: unknown) => error);

  it('reach PostgreSQL as node-postgres sends them: a malformed boolean is its 22P02, not a JavaScript error', async () => {
    expect(await failure('select $1::boolean as v', 'maybe')).toMatchObject({ code: '22P02', message: 'invalid input syntax for type boolean: "maybe"' });
    expect(await failure('select $1::boolean as v', 2)).toMatchObject({ code: '22P02' });
    await expect(db().transaction((tx) => tx.query('select $1::boolean as v', ['maybe']))).rejects.toMatchObject({ code: '22P02' });
  });

  it("read PostgreSQL's own spellings of a boolean, bytea as text, and the values the server passes", async () => {
    for (const [given, read] of [['tru', true], ['of', false], ['  yes ', true], ['0', false], [true, true], [false, false]] as const) {
      expect(await value('select $1::boolean as v', given)).toBe(read);
    }
    expect(await value("select encode($1::bytea, 'hex') as v", '\\x00ff')).toBe('00ff');
    expect(await value("select $1::timestamptz = '2026-11-01T10:00:00Z'::timestamptz as v", new Date('2026-11-01T10:00:00Z'))).toBe(true);
    expect(await value('select $1::int + 1 as v', 41)).toBe(42);
    expect(await value("select $1::jsonb ->> 'a' as v", JSON.stringify({ a: 'b' }))).toBe('b');
  });
});

describe('a malformed value in a filter', () => {
  it.each(cases)('$kind ($value) as $who: 400 $code with eq, in and gt, in reads and writes, and nothing changes', async ({ who, column, value, code }) => {
    const before = await fingerprint();
    const filters = [`${column}=eq.${value}`, `${column}=in.(${value})`, `${column}=gt.${value}`, `${column}=not.eq.${value}`, `or=(${column}.eq.${value})`];
    for (const filter of filters) {
      expectRefused(await rest(who, 'GET', `refusal_probe_items?select=id&${filter}`), code);
      expectRefused(await rest(who, 'PATCH', `refusal_probe_items?${filter}`, { n: 1 }), code);
      expectRefused(await rest(who, 'DELETE', `refusal_probe_items?${filter}`), code);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('on the product’s own tables, through supabase-js: a boolean such as is_connected=eq.maybe is 400 22P02', async () => {
    const before = await fingerprint();
    for (const client of [backend.client(), creator.client]) {
      const connections = await client.from('tiktok_connections').select('is_connected').eq('is_connected', 'maybe');
      expect(connections).toMatchObject({ status: 400, error: { code: '22P02' } });
      const profiles = await client.from('profiles').select('id').in('is_demo', ['true', 'maybe']);
      expect(profiles).toMatchObject({ status: 400, error: { code: '22P02' } });
      const created = await client.from('profiles').select('id').gt('created_at', 'the day before');
      expect(created).toMatchObject({ status: 400, error: { code: '22007' } });
      const byId = await client.from('profiles').select('id').eq('id', 'not-a-uuid');
      expect(byId).toMatchObject({ status: 400, error: { code: '22P02' } });
    }
    expect(await fingerprint()).toBe(before);
  });
});

describe('a malformed RPC argument', () => {
  it.each(cases)('$kind ($value) as $who: 400 $code by GET and by POST', async ({ who, column, value, code }) => {
    const arg = column === 'flag' ? 'p_flag' : column === 'n' ? 'p_n' : column === 'amount' ? 'p_amount' : column === 'day' ? 'p_day' : column === 'at' ? 'p_at' : 'p_ref';
    expectRefused(await rest(who, 'GET', `rpc/refusal_probe?${arg}=${encodeURIComponent(value)}`), code);
    expectRefused(await rest(who, 'POST', 'rpc/refusal_probe', { [arg]: value }), code);
  });

  it('a JSON value of the wrong kind (a number for a boolean or a uuid, an object for a date) is 400 22P02 or 22007', async () => {
    for (const who of callers) {
      expectRefused(await rest(who, 'POST', 'rpc/refusal_probe', { p_flag: 2 }), '22P02');
      expectRefused(await rest(who, 'POST', 'rpc/refusal_probe', { p_n: 1.5 }), '22P02');
      expectRefused(await rest(who, 'POST', 'rpc/refusal_probe', { p_ref: 5 }), '22P02');
      expectRefused(await rest(who, 'POST', 'rpc/refusal_probe', { p_day: { on: 'monday' } }), '22007');
    }
  });

  it('well-formed ones still work: PostgreSQL’s own spellings of a boolean, such as yes, on and tru', async () => {
    for (const [given, read] of [['yes', true], ['on', true], ['tru', true], ['of', false], [' 0 ', false]] as const) {
      const answer = await rest('anon', 'GET', `rpc/refusal_probe?p_flag=${encodeURIComponent(given)}`);
      expect(answer.status).toBe(200);
      expect(answer.body.flag).toBe(read);
    }
    const { data, error } = await creator.client.rpc('refusal_probe', { p_flag: 'true', p_n: '12', p_amount: '1.25', p_day: '2026-02-28', p_at: '2026-02-28T01:02:03Z', p_ref: probeRow });
    expect(error).toBeNull();
    expect(data).toMatchObject({ flag: true, n: 12, amount: 1.25, day: '2026-02-28', ref: probeRow });
  });

  it('on the product’s own functions, as a signed-in user: 400 22P02', async () => {
    const listing = await creator.client.rpc('video_listing_page', { p_user: creator.id, p_campaign_only: 'maybe' });
    expect(listing).toMatchObject({ status: 400, error: { code: '22P02' } });
    const wrongUser = await creator.client.rpc('video_listing_page', { p_user: 'nobody' });
    expect(wrongUser).toMatchObject({ status: 400, error: { code: '22P02' } });
  });
});

describe('a malformed value in a write', () => {
  it.each(cases)('$kind ($value) as $who: an insert, a bulk insert and an update are 400 $code, and nothing changes', async ({ who, column, value, code }) => {
    const before = await fingerprint();
    expectRefused(await rest(who, 'POST', 'refusal_probe_items', { [column]: value }), code);
    // The same keys in every object, as PostgREST requires of a bulk insert without ?columns=.
    expectRefused(await rest(who, 'POST', 'refusal_probe_items', [{ n: 1, [column]: null }, { n: 2, [column]: value }]), code);
    expectRefused(await rest(who, 'PATCH', `refusal_probe_items?id=eq.${probeRow}`, { [column]: value }), code);
    expect(await fingerprint()).toBe(before);
  });

  it('a signed-in user’s own profile: a follower count that is not a number is 400 22P02, and nothing changes', async () => {
    const before = await fingerprint();
    const { status, error } = await creator.client.from('profiles').update({ follower_count: 'many' }).eq('id', creator.id);
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
    expect(await fingerprint()).toBe(before);
  });
});

describe('tiktok-scraper passes the database’s refusals on', () => {
  const scraper = `/functions/v1/tiktok-scraper`;
  const urlOf = (id: string) => `https://www.tiktok.com/@nok/video/${id}`;
  const scrape = async (body: object) => {
    const response = await fetch(`${backend.url}${scraper}`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${userToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const stored = async (id: string) => (await service.from('tiktok_videos').select('brand_brief_id').eq('user_id', creator.id).eq('video_id', id)).data;

  it('a video approved for one opportunity, removed and added again for another: 409 video_link_locked, not 500, and it is not added', async () => {
    const id = videoIdPostedAt(hoursAgo(2), 29_001);
    await actAs(backend, creator);
    await addVideo({ url: urlOf(id), brandBriefId: firstBrief });
    const { data: video } = await service.from('tiktok_videos').select('id').eq('user_id', creator.id).eq('video_id', id).single();
    await approve(backend, video!.id);
    const removed = await creator.client.from('tiktok_videos').delete().eq('id', video!.id).select('id');
    expect(removed.data).toHaveLength(1);

    const before = await fingerprint();
    expect(await scrape({ url: urlOf(id), brandBriefId: secondBrief })).toEqual({
      status: 409,
      body: { success: false, code: 'video_link_locked', error: 'This video was approved for its opportunity and stays with it' },
    });
    // The SPA's add form gets the code, which names a translated text.
    await actAs(backend, creator);
    expect((await refusal(() => addVideo({ url: urlOf(id), brandBriefId: secondBrief }))).code).toBe('video_link_locked');
    expect(lastStatus(scraper)).toBe(409);
    expect(await stored(id)).toEqual([]);
    expect(await fingerprint()).toBe(before);

    // For the opportunity it was approved for, it comes back.
    expect((await scrape({ url: urlOf(id), brandBriefId: firstBrief })).status).toBe(200);
    expect(await stored(id)).toEqual([{ brand_brief_id: firstBrief }]);
  });

  it('passes on a refusal it has never heard of with the status and code the database chose', async () => {
    const id = videoIdPostedAt(hoursAgo(3), 29_002);
    await newRule('tiktok_videos', 'video_id', id, { code: 'video_claimed_by_probe', message: 'Another creator claimed this video', status: 422 });
    const before = await fingerprint();
    expect(await scrape({ url: urlOf(id) })).toEqual({
      status: 422,
      body: { success: false, code: 'video_claimed_by_probe', error: 'Another creator claimed this video' },
    });
    expect(await stored(id)).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });

  it('and the rules it knew before: a brief the creator has not joined is 403 opportunity_not_joined', async () => {
    await actAs(backend, brand);
    const { id: notJoined } = await createOpportunity({ title: 'Not joined', description: 'About it' });
    const id = videoIdPostedAt(hoursAgo(1), 29_003);
    expect(await scrape({ url: urlOf(id), brandBriefId: notJoined })).toMatchObject({ status: 403, body: { success: false, code: 'opportunity_not_joined' } });
    expect(await stored(id)).toEqual([]);
  });
});

describe('the other functions pass the database’s refusals on too', () => {
  it('tiktok-auth: starting a sign-in, and syncing the account’s videos', async () => {
    const starting = await createUser(backend, 'creator');
    await newRule('tiktok_auth_states', 'user_id', starting.id, { code: 'account_suspended_by_probe', message: 'This account is suspended', status: 403 });
    expect(await callTikTokAuth(backend, starting.client, { action: 'authorize' })).toEqual({
      status: 403,
      answer: { code: 'account_suspended_by_probe', error: 'This account is suspended' },
    });

    const syncing = await createUser(backend, 'creator');
    await connectInSandbox(backend, syncing, 'refusal.creator');
    await newRule('tiktok_videos', 'user_id', syncing.id, { code: 'video_claimed_by_probe', message: 'Another creator claimed this video', status: 409 });
    expect(await callTikTokAuth(backend, syncing.client, { action: 'sync' })).toEqual({
      status: 409,
      answer: { code: 'video_claimed_by_probe', error: 'Another creator claimed this video' },
    });
    const { count } = await service.from('tiktok_videos').select('id', { count: 'exact', head: true }).eq('user_id', syncing.id);
    expect(count).toBe(0);
  });

  it('tiktok-webhook: a deauthorization the database refuses is answered with its code (and TikTok sends it again)', async () => {
    await newRule('tiktok_webhook_events', 'open_id', 'probe-open-id', { code: 'event_refused_by_probe', message: 'Not now', status: 409 });
    const event = JSON.stringify({ client_key: sandboxApp.clientKey, event: 'authorization.removed', create_time: Math.floor(Date.now() / 1000), user_openid: 'probe-open-id' });
    const response = await fetch(`${backend.url}/functions/v1/tiktok-webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'TikTok-Signature': await signWebhook(event, sandboxApp.clientSecret) },
      body: event,
    });
    expect([response.status, await response.json()]).toEqual([409, { code: 'event_refused_by_probe', error: 'Not now' }]);
    const { count } = await service.from('tiktok_webhook_events').select('event_key', { count: 'exact', head: true }).eq('open_id', 'probe-open-id');
    expect(count).toBe(0);
  });
});
