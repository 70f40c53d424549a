/**
 * PostgREST behaviours the product does not use yet but a Supabase client may send: each one
 * works as PostgREST's does, or is refused with a 4xx that names it (docs/local-backend.md).
 * Through supabase-js where it can express the request, raw HTTP where it cannot.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';

/** The scratch schema, loosely typed, served as by PostgREST 13 so that supabase-js offers maxAffected(). */
type LooseTable = { Row: Record<string, unknown>; Insert: Record<string, unknown>; Update: Record<string, unknown>; Relationships: [] };
type Postgrest13 = {
  __InternalSupabase: { PostgrestVersion: '13' };
  public: {
    Tables: Record<string, LooseTable>;
    Views: Record<string, never>;
    Functions: Record<string, { Args: Record<string, unknown>; Returns: unknown }>;
    Enums: Record<string, never>;
    CompositeTypes: Record<string, never>;
  };
};

let backend: TestBackend;
let service: SupabaseClient<Postgrest13>;

beforeAll(async () => {
  backend = await startBackend();
  service = createClient<Postgrest13>(backend.url, backend.serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
  await backend.server.db.exec(`
    create table public.pp_users (username text primary key, status text not null default 'ONLINE', age int, note text);
    create table public.pp_tags (id serial primary key, name text unique not null);
    -- A junction: both keys make up its primary key, so PostgREST sees users and tags as many-to-many.
    create table public.pp_user_tags (
      username text references public.pp_users on delete cascade,
      tag_id int references public.pp_tags,
      primary key (username, tag_id)
    );
    create table public.pp_profiles (username text primary key references public.pp_users, bio text);
    create table public.pp_messages (
      id serial primary key,
      username text not null references public.pp_users,
      body text,
      sent_at timestamptz not null default '2026-01-01 12:00:00+00'
    );
    create table public.pp_tree (id int primary key, parent_id int references public.pp_tree, name text not null);
    create table public.pp_counters (id serial primary key, label text, n int not null default 7);
    create table public.pp_slots (id int primary key, during int4range not null);
    insert into public.pp_slots values (1, '[1,5)'), (2, '[5,10)'), (3, '[20,30)');

    insert into public.pp_users (username, age, note) values ('ann', 30, null), ('bob', 41, 'likes, commas'), ('cid', null, 'say "hi"');
    insert into public.pp_tags (name) values ('red'), ('blue'), ('green');
    insert into public.pp_user_tags values ('ann', 1), ('ann', 2), ('bob', 2);
    insert into public.pp_profiles values ('ann', 'Ann''s bio');
    insert into public.pp_messages (username, body) values ('ann', 'one'), ('ann', 'two'), ('bob', 'three');
    insert into public.pp_tree values (1, null, 'root'), (2, 1, 'left'), (3, 1, 'right');

    create function public.pp_raise(kind text) returns void language plpgsql as $$
    begin
      if kind = 'coded' then
        raise sqlstate 'PGRST' using
          message = json_build_object('code', 'quota_exceeded', 'message', 'You are over your quota', 'details', 'Used 11 of 10', 'hint', 'Upgrade')::text,
          detail = json_build_object('status', 402, 'headers', json_build_object('X-Quota', '10'))::text;
      elsif kind = 'no-detail' then
        raise sqlstate 'PGRST' using message = json_build_object('code', 'x', 'message', 'y')::text;
      elsif kind = 'bad-message' then
        raise sqlstate 'PGRST' using message = 'not json', detail = '{"status": 400, "headers": {}}';
      elsif kind = 'pt' then
        raise exception 'Not yours' using errcode = 'PT403', hint = 'not_owner';
      else
        raise exception 'Plain refusal';
      end if;
    end $$;
    create function public.pp_add_tag(tag text) returns int language sql volatile as $$ insert into public.pp_tags (name) values (tag) returning id $$;
    -- STABLE, yet it writes through a volatile function: only a read-only transaction stops it.
    create function public.pp_sneaky_add(tag text) returns int language plpgsql stable as $$ begin return public.pp_add_tag(tag); end $$;
    create function public.pp_user(name text) returns public.pp_users language sql stable as $$ select * from public.pp_users where username = name $$;
    create function public.pp_all_users() returns setof public.pp_users language sql stable as $$ select * from public.pp_users order by username $$;
    create function public.pp_echo(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
    create function public.pp_describe(u public.pp_users) returns text language sql immutable as $$ select u.username || ' is ' || u.status $$;
    create function public.pp_request() returns json language sql stable as $$
      select json_build_object('role', current_user, 'method', current_setting('request.method'),
        'path', current_setting('request.path'), 'client', current_setting('request.headers')::json ->> 'x-client-info',
        'read_only', current_setting('transaction_read_only'), 'statement_timeout', current_setting('statement_timeout'),
        'sub', auth.uid())
    $$;
    -- Granted on purpose: new functions are not anon's by default.
    grant execute on function public.pp_request() to anon;
    create function public.pp_secret() returns int language sql stable as 'select 7';
    create function public.pp_over(a int) returns int language sql immutable as 'select a';
    create function public.pp_over(a int, b int default 1) returns int language sql immutable as 'select a + b';
    create function public.pp_answer() returns int language sql immutable as $$ select 42 $$;
    create function public.pp_set_status(new_status text, pattern text) returns setof public.pp_users language sql volatile as $$
      update public.pp_users set status = new_status where username like pattern returning *
    $$;
  `);
  await backend.server.reloadSchema();
}, 60_000);

afterAll(() => backend?.stop());

const rest = (path: string, init: RequestInit = {}) => backend.restAsService(path, init);

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  rest(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } });

const tagNames = async () => ((await service.from('pp_tags').select('name').order('id')).data ?? []).map((row) => row.name);

describe('requests', () => {
  it('run in a transaction of their own, as the caller\'s role, read-only for GET, with the statement timeout', async () => {
    const viaGet = await service.rpc('pp_request', {}, { get: true });
    expect(viaGet.data).toMatchObject({
      role: 'service_role', method: 'GET', path: '/rpc/pp_request', client: expect.stringMatching(/^supabase-js/),
      read_only: 'on', statement_timeout: '8s', sub: null,
    });
    // The key as a parameter, for clients that cannot set headers.
    const viaPost = await fetch(`${backend.url}/rest/v1/rpc/pp_request?apikey=${backend.anonKey}`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(await viaPost.json()).toMatchObject({ role: 'anon', method: 'POST' });
  });

  it('answer a missing privilege with 401 and WWW-Authenticate for anon, 403 for a signed-in role', async () => {
    const anonymous = await fetch(`${backend.url}/rest/v1/rpc/pp_secret`, { method: 'POST', body: '{}', headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expect(await anonymous.json()).toMatchObject({ code: '42501' });
    const duplicate = await service.from('pp_tags').insert({ name: 'red' });
    expect(duplicate).toMatchObject({ status: 409, error: { code: '23505' } });
  });

  it('answer PUT with 405', async () => {
    const put = await rest('pp_tags?id=eq.1', { method: 'PUT', body: '{"id": 1, "name": "red"}', headers: { 'Content-Type': 'application/json' } });
    expect(put.status).toBe(405);
    expect(await put.json()).toMatchObject({ code: 'PGRST117' });
  });

  it('take the schema from Content-Profile on writes, refusing others', async () => {
    const other = await post('pp_tags', { name: 'elsewhere' }, { 'Content-Profile': 'private' });
    expect(other.status).toBe(406);
    expect(await other.json()).toMatchObject({ code: 'PGRST106' });
    expect((await post('pp_tags', { name: 'here' }, { 'Content-Profile': 'public', Prefer: 'tx=rollback' })).status).toBe(201);
  });
});

describe('errors raised with SQLSTATE PGRST', () => {
  it('answer with the status, headers and body the SQL chose', async () => {
    const { error, status } = await service.rpc('pp_raise', { kind: 'coded' });
    expect(status).toBe(402);
    expect(error).toEqual({ code: 'quota_exceeded', message: 'You are over your quota', details: 'Used 11 of 10', hint: 'Upgrade' });
    const raw = await post('rpc/pp_raise', { kind: 'coded' });
    expect(raw.headers.get('x-quota')).toBe('10');
  });

  it('answer a malformed one with 500 PGRST121, as PostgREST does', async () => {
    const noDetail = await service.rpc('pp_raise', { kind: 'no-detail' });
    expect(noDetail.status).toBe(500);
    expect(noDetail.error).toMatchObject({ code: 'PGRST121', details: 'DETAIL is missing in the RAISE statement' });
    const badMessage = await service.rpc('pp_raise', { kind: 'bad-message' });
    expect(badMessage.status).toBe(500);
    expect(badMessage.error).toMatchObject({ code: 'PGRST121', details: "Invalid JSON value for MESSAGE: 'not json'" });
  });

  it('still map PTxxx to its status, and a plain exception to 400', async () => {
    expect(await service.rpc('pp_raise', { kind: 'pt' })).toMatchObject({ status: 403, error: { code: 'PT403', hint: 'not_owner' } });
    expect(await service.rpc('pp_raise', { kind: 'plain' })).toMatchObject({ status: 400, error: { code: 'P0001', message: 'Plain refusal' } });
  });
});

describe('Prefer: tx', () => {
  it('rolls back an insert, an update, a delete and a call, answering as if committed', async () => {
    const inserted = await service.from('pp_tags').insert({ name: 'rolled' }).select('name').rollback().single();
    expect(inserted).toMatchObject({ status: 201, data: { name: 'rolled' } });
    const updated = await service.from('pp_users').update({ status: 'AWAY' }).eq('username', 'ann').select('status').rollback().single();
    expect(updated.data).toEqual({ status: 'AWAY' });
    const deleted = await service.from('pp_tree').delete().eq('id', 3).select('name').rollback();
    expect(deleted.data).toEqual([{ name: 'right' }]);
    const called = await service.rpc('pp_add_tag', { tag: 'also-rolled' }).rollback();
    expect(called.error).toBeNull();

    expect(await tagNames()).toEqual(['red', 'blue', 'green']);
    expect((await service.from('pp_users').select('status').eq('username', 'ann').single()).data).toEqual({ status: 'ONLINE' });
    expect((await service.from('pp_tree').select('id').eq('id', 3)).data).toEqual([{ id: 3 }]);
  });

  it('says which preferences it applied, tx included', async () => {
    const rolled = await post('pp_tags', { name: 'x' }, { Prefer: 'return=minimal, tx=rollback' });
    expect(rolled.status).toBe(201);
    expect(rolled.headers.get('preference-applied')).toBe('return=minimal, tx=rollback');
    try {
      const committed = await post('pp_tags', { name: 'committed' }, { Prefer: 'tx=commit' });
      expect(committed.headers.get('preference-applied')).toBe('tx=commit');
      expect(await tagNames()).toEqual(['red', 'blue', 'green', 'committed']);
    } finally {
      // The other tests read the three tags the file began with.
      await service.from('pp_tags').delete().eq('name', 'committed');
    }
  });
});

describe('Prefer: max-affected with handling=strict', () => {
  it('refuses an update or delete that would change more rows, changing none', async () => {
    const update = await service.from('pp_users').update({ note: 'bulk' }).like('username', '%').maxAffected(2);
    expect(update.status).toBe(400);
    expect(update.error).toEqual({ code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint', details: 'The query affects 3 rows', hint: null });
    const remove = await service.from('pp_tree').delete().gte('id', 2).maxAffected(1).select();
    expect(remove.error?.code).toBe('PGRST124');
    expect((await service.from('pp_users').select('note').eq('note', 'bulk')).data).toEqual([]);
    expect((await service.from('pp_tree').select('id', { count: 'exact', head: true })).count).toBe(3);
  });

  it('lets one within the limit through, and says so', async () => {
    const within = await rest('pp_tree?id=eq.2', {
      method: 'PATCH',
      body: JSON.stringify({ name: 'left' }),
      headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=1' },
    });
    expect(within.status).toBe(204);
    expect(within.headers.get('preference-applied')).toBe('handling=strict, max-affected=1');
  });

  it('counts the rows a set-returning function returns, and needs SETOF', async () => {
    const over = await service.rpc('pp_set_status', { new_status: 'AWAY', pattern: '%' }).maxAffected(1).select();
    expect(over.error?.code).toBe('PGRST124');
    expect((await service.from('pp_users').select('status').eq('status', 'AWAY')).data).toEqual([]);
    const scalar = await service.rpc('pp_add_tag', { tag: 'never' }).maxAffected(1);
    expect(scalar).toMatchObject({ status: 400, error: { code: 'PGRST128' } });
  });

  it('is ignored without handling=strict, as PostgREST does', async () => {
    const lenient = await rest('pp_tree?id=gte.1', {
      method: 'PATCH',
      body: JSON.stringify({ name: 'renamed' }),
      headers: { 'Content-Type': 'application/json', Prefer: 'max-affected=1, tx=rollback' },
    });
    expect(lenient.status).toBe(204);
  });
});

describe('Prefer: other preferences', () => {
  it('refuses unknown preferences with handling=strict (PGRST122), and ignores them otherwise', async () => {
    const strict = await rest('pp_users?select=username', { headers: { Prefer: 'handling=strict, count=maybe, color=blue' } });
    expect(strict.status).toBe(400);
    expect(await strict.json()).toMatchObject({ code: 'PGRST122', details: 'Invalid preferences: count=maybe, color=blue' });
    expect((await rest('pp_users?select=username', { headers: { Prefer: 'color=blue' } })).status).toBe(200);
  });

  it('applies a known timezone to the answer', async () => {
    const response = await rest('pp_messages?select=sent_at&limit=1', { headers: { Prefer: 'timezone=Asia/Bangkok' } });
    expect(response.headers.get('preference-applied')).toBe('timezone=Asia/Bangkok');
    expect(await response.json()).toEqual([{ sent_at: '2026-01-01T19:00:00+07:00' }]);
    const unknown = await rest('pp_messages?select=sent_at&limit=1', { headers: { Prefer: 'timezone=Mars/Olympus' } });
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get('preference-applied')).toBeNull();
  });

  it('refuses what it does not implement: params=single-object, return=headers-only', async () => {
    const single = await post('rpc/pp_echo', { a: 1 }, { Prefer: 'params=single-object' });
    expect(single.status).toBe(400);
    expect(await single.json()).toMatchObject({ code: 'PGRST127', details: 'Prefer: params=single-object is not supported by the local backend' });
    const headersOnly = await post('pp_tags', { name: 'h' }, { Prefer: 'return=headers-only' });
    expect(headersOnly.status).toBe(400);
    expect(await tagNames()).not.toContain('h');
  });
});

describe('media types', () => {
  it('answers text/csv as PostgREST writes it', async () => {
    const { data, error, status } = await service.from('pp_users').select('username, age, note').order('username').csv();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe('username,age,note\nann,30,\nbob,41,"likes, commas"\ncid,,"say ""hi"""');
    const raw = await rest('pp_users?select=username&username=eq.nobody', { headers: { Accept: 'text/csv' } });
    expect(raw.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await raw.text()).toBe('\n');
  });

  it('strips null fields with nulls=stripped', async () => {
    const { data } = await service.from('pp_users').select('username, age, note').order('username').stripNulls();
    expect(data).toEqual([{ username: 'ann', age: 30 }, { username: 'bob', age: 41, note: 'likes, commas' }, { username: 'cid', note: 'say "hi"' }]);
    const one = await service.from('pp_users').select('username, age').eq('username', 'cid').single().stripNulls();
    expect(one.data).toEqual({ username: 'cid' });
  });

  it('answers 406 PGRST107 for what hosted Supabase does not offer by default: geo+json, explain plans, others', async () => {
    const geo = await service.from('pp_users').select().geojson();
    expect(geo).toMatchObject({ status: 406, error: { code: 'PGRST107' } });
    const plan = await service.from('pp_users').select().explain();
    expect(plan.status).toBe(406);
    const xml = await rest('pp_users', { headers: { Accept: 'text/xml' } });
    expect(xml.status).toBe(406);
    expect(await xml.json()).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: text/xml' });
  });

  it('reads only JSON bodies: another content type is refused, and nothing is written', async () => {
    const csvBody = await rest('pp_tags', { method: 'POST', body: 'name\ncsv-row', headers: { 'Content-Type': 'text/csv' } });
    expect(csvBody.status).toBe(415);
    expect(await tagNames()).not.toContain('csv-row');
  });
});

describe('functions', () => {
  it('run STABLE and IMMUTABLE functions read-only, also when called with POST', async () => {
    const { status, error } = await service.rpc('pp_sneaky_add', { tag: 'sneaky' });
    expect(status).toBe(405);
    expect(error?.code).toBe('25006');
    expect(await tagNames()).not.toContain('sneaky');
  });

  it('answer one object for a function returning one row, and an array for SETOF', async () => {
    expect((await service.rpc('pp_user', { name: 'bob' })).data).toEqual({ username: 'bob', status: 'ONLINE', age: 41, note: 'likes, commas' });
    expect((await service.rpc('pp_all_users').select('username')).data).toEqual([{ username: 'ann' }, { username: 'bob' }, { username: 'cid' }]);
  });

  it('embed on the rows of a function that returns a table type', async () => {
    const { data, error } = await service.rpc('pp_all_users').select('username, pp_messages(body)').eq('username', 'ann');
    expect(error).toBeNull();
    expect(data).toEqual([{ username: 'ann', pp_messages: [{ body: 'one' }, { body: 'two' }] }]);
  });

  it('pass the whole body to a single unnamed json parameter, and a row argument as a record', async () => {
    expect((await service.rpc('pp_echo', { any: ['shape'] })).data).toEqual({ any: ['shape'] });
    expect((await service.rpc('pp_describe', { u: { username: 'dee', status: 'AWAY' } })).data).toBe('dee is AWAY');
  });

  it('choose an overload by argument names, or answer 300 PGRST203 when two fit', async () => {
    expect((await service.rpc('pp_over', { a: 1, b: 5 })).data).toBe(6);
    expect(await service.rpc('pp_over', { a: 1 })).toMatchObject({ status: 300, error: { code: 'PGRST203' } });
  });

  it('answer an unnamed key with 404 PGRST202, and count a scalar answer as one row', async () => {
    const unnamed = await post('rpc/pp_answer', { '': 1 });
    expect(unnamed.status).toBe(404);
    expect(await unnamed.json()).toMatchObject({ code: 'PGRST202' });
    const counted = await service.rpc('pp_answer', {}, { count: 'exact' });
    expect(counted).toMatchObject({ data: 42, count: 1 });
  });
});

describe('embedding', () => {
  it('embeds many-to-many through a junction table', async () => {
    const { data, error } = await service.from('pp_users').select('username, pp_tags(name)').order('username');
    expect(error).toBeNull();
    expect(data).toEqual([
      { username: 'ann', pp_tags: [{ name: 'red' }, { name: 'blue' }] },
      { username: 'bob', pp_tags: [{ name: 'blue' }] },
      { username: 'cid', pp_tags: [] },
    ]);
    const inner = await service.from('pp_tags').select('name, pp_users!inner(username)').eq('pp_users.username', 'bob');
    expect(inner.data).toEqual([{ name: 'blue', pp_users: [{ username: 'bob' }] }]);
  });

  it('embeds one-to-one as an object, and follows a junction named as the hint', async () => {
    const { data } = await service.from('pp_users').select('username, pp_profiles(bio), pp_tags!pp_user_tags(name)').eq('username', 'ann').single();
    expect(data).toEqual({ username: 'ann', pp_profiles: { bio: "Ann's bio" }, pp_tags: [{ name: 'red' }, { name: 'blue' }] });
  });

  it('spreads a to-one embed into its parent, and refuses to spread a to-many one', async () => {
    const { data, error } = await service.from('pp_messages').select('body, ...pp_users(status, age)').eq('body', 'three').single();
    expect(error).toBeNull();
    expect(data).toEqual({ body: 'three', status: 'ONLINE', age: 41 });
    const many = await service.from('pp_users').select('username, ...pp_messages(body)');
    expect(many).toMatchObject({ status: 400, error: { code: 'PGRST119' } });
  });

  it('leaves an empty embed out of the answer while it filters', async () => {
    const { data } = await service.from('pp_users').select('username, pp_messages!inner()').eq('pp_messages.body', 'three');
    expect(data).toEqual([{ username: 'bob' }]);
  });

  it('embeds by foreign key name, and follows a self-reference both ways', async () => {
    const byKey = await service.from('pp_messages').select('body, author:pp_messages_username_fkey(age)').eq('body', 'one').single();
    expect(byKey.data).toEqual({ body: 'one', author: { age: 30 } });
    const children = await service.from('pp_tree').select('name, children:pp_tree(name)').eq('id', 1).order('id', { referencedTable: 'children' }).single();
    expect(children.data).toEqual({ name: 'root', children: [{ name: 'left' }, { name: 'right' }] });
    const parent = await service.from('pp_tree').select('name, parent:parent_id(name)').eq('id', 2).single();
    expect(parent.data).toEqual({ name: 'left', parent: { name: 'root' } });
  });

  it('refuses the same table twice without an alias (42712), and lists ambiguous relationships as an array', async () => {
    const twice = await service.from('pp_users').select('username, pp_messages(id), pp_messages(body)');
    expect(twice).toMatchObject({ status: 400, error: { code: '42712' } });
    await backend.server.db.exec('alter table public.pp_messages add column reply_to text references public.pp_users');
    await backend.server.reloadSchema();
    const ambiguous = await service.from('pp_messages').select('body, pp_users(age)');
    await backend.server.db.exec('alter table public.pp_messages drop column reply_to');
    await backend.server.reloadSchema();
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.details).toEqual([
      expect.objectContaining({ cardinality: 'many-to-one', embedding: 'pp_messages with pp_users' }),
      expect.objectContaining({ cardinality: 'many-to-one', embedding: 'pp_messages with pp_users' }),
    ]);
  });

  it('refuses aggregates with PGRST123, as PostgREST does while they are off (its default and Supabase\'s)', async () => {
    for (const select of ['username, pp_messages(count)', 'count()', 'age.sum()', 'username, pp_messages(id.max())']) {
      const { status, error } = await service.from('pp_users').select(select);
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
    }
  });
});

describe('filters and paging', () => {
  const usernames = async (query: PromiseLike<{ data: Record<string, unknown>[] | null; error: unknown }>) => {
    const { data, error } = await query;
    expect(error).toBeNull();
    return data!.map((row) => row.username);
  };

  it('take the (any) and (all) modifiers over a list', async () => {
    expect(await usernames(service.from('pp_users').select('username').likeAnyOf('username', ['a*', 'c*']).order('username'))).toEqual(['ann', 'cid']);
    expect(await usernames(service.from('pp_users').select('username').likeAllOf('username', ['*n*', 'a*']))).toEqual(['ann']);
    expect(await usernames(service.from('pp_users').select('username').filter('age', 'gt(any)', '{35,100}'))).toEqual(['bob']);
    expect(await usernames(service.from('pp_users').select('username').or('username.eq(any).{bob,cid}').order('username'))).toEqual(['bob', 'cid']);
  });

  it('compare ranges with sl, sr, nxl, nxr and adj', async () => {
    const ids = async (op: 'rangeLt' | 'rangeGt' | 'rangeLte' | 'rangeGte' | 'rangeAdjacent', range: string) =>
      ((await service.from('pp_slots').select('id').order('id')[op]('during', range)).data ?? []).map((row) => row.id);
    expect(await ids('rangeLt', '[10,20)')).toEqual([1, 2]);
    expect(await ids('rangeGt', '[10,20)')).toEqual([3]);
    expect(await ids('rangeLte', '[1,6)')).toEqual([1]);
    expect(await ids('rangeGte', '[4,6)')).toEqual([2, 3]);
    expect(await ids('rangeAdjacent', '[10,20)')).toEqual([2, 3]);
  });

  it('cover the rest of PostgREST\'s operators', async () => {
    const users = () => service.from('pp_users').select('username').order('username');
    expect(await usernames(users().filter('username', 'match', '^[ab]'))).toEqual(['ann', 'bob']);
    expect(await usernames(users().filter('username', 'imatch', '^A'))).toEqual(['ann']);
    expect(await usernames(users().filter('age', 'isdistinct', '30'))).toEqual(['bob', 'cid']);
    expect(await usernames(users().textSearch('note', 'commas'))).toEqual(['bob']);
    expect(await usernames(users().textSearch('note', 'likes commas', { type: 'plain', config: 'english' }))).toEqual(['bob']);
    expect(await usernames(users().textSearch('note', 'say hi', { type: 'phrase' }))).toEqual(['cid']);
    expect(await usernames(users().textSearch('note', '"say hi" or commas', { type: 'websearch' }))).toEqual(['bob', 'cid']);
    await backend.server.db.exec(`alter table public.pp_users add column langs text[]; update public.pp_users set langs = '{en,th}' where username = 'ann'; update public.pp_users set langs = '{th}' where username = 'bob'`);
    await backend.server.reloadSchema();
    expect(await usernames(users().containedBy('langs', ['th', 'fr']))).toEqual(['bob']);
    expect(await usernames(users().overlaps('langs', ['en']))).toEqual(['ann']);
    await backend.server.db.exec('alter table public.pp_users drop column langs');
    await backend.server.reloadSchema();
  });

  it('count exactly whichever count is asked for', async () => {
    for (const count of ['exact', 'planned', 'estimated'] as const) {
      expect((await service.from('pp_users').select('*', { count, head: true })).count).toBe(3);
    }
  });

  it('read a Range header as PostgREST does, with the limit and offset parameters', async () => {
    const ranged = await rest('pp_users?select=username&order=username', { headers: { Range: '1-5', 'Range-Unit': 'items', Prefer: 'count=exact' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('1-2/3');
    expect(await ranged.json()).toEqual([{ username: 'bob' }, { username: 'cid' }]);
    const both = await rest('pp_users?select=username&order=username&limit=1', { headers: { Range: '1-5' } });
    expect(await both.json()).toEqual([]);
    const backwards = await rest('pp_users?select=username', { headers: { Range: '5-1' } });
    expect(backwards.status).toBe(416);
  });

  it('refuse what they do not implement: ordering by an embedded column, limited updates and deletes', async () => {
    const related = await rest('pp_messages?select=body,pp_users(age)&order=pp_users(age).desc');
    expect(related.status).toBe(400);
    expect(await related.json()).toMatchObject({ code: 'PGRST127' });
    const limited = await service.from('pp_tree').delete().gte('id', 2).order('id').limit(1);
    expect(limited).toMatchObject({ status: 400, error: { code: 'PGRST127', details: 'limit and offset on PATCH and DELETE is not supported by the local backend' } });
    expect((await service.from('pp_tree').select('id', { count: 'exact', head: true })).count).toBe(3);
  });
});

describe('writes', () => {
  it('returns the existing row for a key-only upsert', async () => {
    const { data, error, status } = await service.from('pp_users').upsert({ username: 'bob' }, { onConflict: 'username' }).select().single();
    expect(error).toBeNull();
    // 200, as PostgREST answers an upsert that inserted nothing; 201 once it inserts.
    expect(status).toBe(200);
    expect(data).toEqual({ username: 'bob', status: 'ONLINE', age: 41, note: 'likes, commas' });
    const fresh = await service.from('pp_users').upsert([{ username: 'bob' }, { username: 'dee' }], { onConflict: 'username' }).rollback();
    expect(fresh.status).toBe(201);
    const ignored = await service.from('pp_users').upsert({ username: 'bob' }, { onConflict: 'username', ignoreDuplicates: true }).select();
    expect(ignored.data).toEqual([]);
  });

  it('takes each missing value from the column default, row by row and in order', async () => {
    const { data } = await service
      .from('pp_counters')
      .insert([{ label: 'a', n: 1 }, { label: 'b' }, { n: 3 }], { defaultToNull: false })
      .select('id, label, n');
    expect(data).toEqual([{ id: 1, label: 'a', n: 1 }, { id: 2, label: 'b', n: 7 }, { id: 3, label: null, n: 3 }]);
  });
});
