/** PostgREST behaviour of the local backend, through supabase-js and raw HTTP where headers matter. */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';

let backend: TestBackend;
let service: SupabaseClient;
let creator: TestUser;

beforeAll(async () => {
  backend = await startBackend({ env: { SEED: '1' } });
  service = backend.service();
  creator = await createUser(backend, 'creator');
  // A scratch table and routines for protocol features the product schema does not use.
  await backend.server.db.exec(`
    create table public.protocol_items (
      id serial primary key,
      name text,
      data jsonb,
      tags text[],
      parent_id int references public.protocol_items (id),
      rank int,
      "full name" text
    );
    insert into public.protocol_items (name, data, tags, parent_id, rank, "full name") values
      ('alpha', '{"a": {"b": 1}, "n": 5}', '{red,blue}', null, 3, 'Alpha One'),
      ('beta', '{"a": {"b": 2}, "n": 7}', '{blue}', 1, null, 'Beta Two'),
      ('gamma', null, '{}', 1, 1, 'Gamma Three'),
      ('a,b', null, null, null, 2, null),
      ('p(q)', null, null, null, 4, null),
      ('q"x', null, null, null, 5, null);
    create function public.protocol_numbers(n int) returns setof int language sql stable as $$ select generate_series(1, n) $$;
    create function public.protocol_rows(n int default 3) returns table (x int, label text) language sql stable
      as $$ select i, 'row ' || i from generate_series(1, n) i $$;
    create function public.protocol_add(a int, b int) returns int language sql immutable as $$ select a + b $$;
    create function public.protocol_touch() returns void language sql volatile as $$ update public.protocol_items set rank = rank $$;
  `);
  await backend.server.reloadSchema();
}, 60_000);

afterAll(() => backend?.stop());

const rest = (path: string, init: RequestInit = {}) => backend.restAsService(path, init);

describe('select', () => {
  it('returns chosen columns with aliases, quoted names, JSON paths and casts', async () => {
    const { data, error } = await service
      .from('protocol_items')
      .select('label:name, "full name", b:data->a->>b, data->n, rank::text')
      .eq('name', 'alpha');
    expect(error).toBeNull();
    expect(data).toEqual([{ label: 'alpha', 'full name': 'Alpha One', b: '1', n: 5, rank: '3' }]);
  });

  it('embeds to-one, to-many and nested relations through foreign keys', async () => {
    const joined = await creator.client
      .from('creator_brand_connections')
      .insert({ creator_id: creator.id, brand_brief_id: 'b1000000-0000-4000-8000-000000000002' })
      .select('id')
      .single();
    expect(joined.error).toBeNull();
    const { data, error } = await creator.client
      .from('creator_brand_connections')
      .select('id, brief:brand_briefs(title, brand:profiles(first_name))');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: joined.data!.id, brief: { title: 'Energy Drink Promotion', brand: { first_name: 'Volt Energy' } } }]);

    const seeded = await service
      .from('brand_briefs')
      .select('title, brand:profiles(first_name), connections:creator_brand_connections(status)')
      .eq('title', 'Skincare Product Review')
      .single();
    expect(seeded.error).toBeNull();
    expect(seeded.data).toEqual({
      title: 'Skincare Product Review',
      brand: { first_name: 'GlowLab Skincare' },
      connections: [{ status: 'matched' }, { status: 'matched' }],
    });

    const nested = await service.from('profiles').select('first_name, brand_briefs(title, creator_brand_connections(status))').eq('first_name', 'FitFlex Apparel').single();
    expect(nested.data).toEqual({
      first_name: 'FitFlex Apparel',
      brand_briefs: [{ title: 'Fitness Apparel Showcase', creator_brand_connections: [{ status: 'matched' }] }],
    });
  });

  it('embeds through the opportunities view like through its table', async () => {
    const { data, error } = await service.from('opportunities').select('title, profiles(first_name)').eq('title', 'Energy Drink Promotion').single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Energy Drink Promotion', profiles: { first_name: 'Volt Energy' } });
  });

  it('drops parents without a match with !inner, and keeps them with a null embed otherwise', async () => {
    const inner = await service.from('brand_briefs').select('title, profiles!inner(first_name)').eq('profiles.first_name', 'Volt Energy');
    expect(inner.data).toEqual([{ title: 'Energy Drink Promotion', profiles: { first_name: 'Volt Energy' } }]);
    const left = await service.from('brand_briefs').select('title, profiles(first_name)').eq('profiles.first_name', 'Volt Energy').order('title');
    expect(left.data).toEqual([
      { title: 'Energy Drink Promotion', profiles: { first_name: 'Volt Energy' } },
      { title: 'Fitness Apparel Showcase', profiles: null },
      { title: 'Skincare Product Review', profiles: null },
    ]);
  });

  it('orders, limits and offsets embedded collections', async () => {
    const { data, error } = await service
      .from('brand_briefs')
      .select('title, creator_brand_connections(creator_id)')
      .eq('title', 'Skincare Product Review')
      .order('creator_id', { referencedTable: 'creator_brand_connections', ascending: false })
      .limit(1, { referencedTable: 'creator_brand_connections' });
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Skincare Product Review', creator_brand_connections: [{ creator_id: 'a1000000-0000-4000-8000-000000000006' }] }]);
  });

  it('asks for a hint when two foreign keys lead to the same table, and follows it', async () => {
    const ambiguous = await service.from('tiktok_videos').select('id, profiles(first_name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toMatchObject({ code: 'PGRST201' });
    const hinted = await service.from('tiktok_videos').select('title, creator:profiles!user_id(first_name), brand:brand_id(first_name)').eq('title', 'Gym to street in FitFlex').single();
    expect(hinted.data).toEqual({ title: 'Gym to street in FitFlex', creator: { first_name: 'Ploy' }, brand: { first_name: 'FitFlex Apparel' } });
  });
});

describe('filters', () => {
  const names = async (query: PromiseLike<{ data: { name: string }[] | null; error: unknown }>) => {
    const { data, error } = await query;
    expect(error).toBeNull();
    return data!.map((row) => row.name).sort();
  };
  const items = () => service.from('protocol_items').select('name');

  it('compare with eq, neq, gt, gte, lt, lte, is', async () => {
    expect(await names(items().eq('rank', 3))).toEqual(['alpha']);
    expect(await names(items().neq('rank', 3))).toEqual(['a,b', 'gamma', 'p(q)', 'q"x']);
    expect(await names(items().gt('rank', 3))).toEqual(['p(q)', 'q"x']);
    expect(await names(items().gte('rank', 3))).toEqual(['alpha', 'p(q)', 'q"x']);
    expect(await names(items().lt('rank', 2))).toEqual(['gamma']);
    expect(await names(items().lte('rank', 2))).toEqual(['a,b', 'gamma']);
    expect(await names(items().is('rank', null))).toEqual(['beta']);
    expect(await names(items().not('rank', 'is', null).lt('rank', 3))).toEqual(['a,b', 'gamma']);
  });

  it('match patterns with like and ilike (* or %)', async () => {
    expect(await names(items().like('name', '*a'))).toEqual(['alpha', 'beta', 'gamma']);
    expect(await names(items().ilike('full name', '%TWO%'))).toEqual(['beta']);
  });

  it('quote in() values with commas, parentheses and quotes as PostgREST does', async () => {
    expect(await names(items().in('name', ['a,b', 'p(q)', 'q"x', 'nothing']))).toEqual(['a,b', 'p(q)', 'q"x']);
    expect(await names(items().in('name', []))).toEqual([]);
    expect(await names(items().not('name', 'in', '("a,b",alpha,beta,gamma)'))).toEqual(['p(q)', 'q"x']);
  });

  it('test arrays with cs and JSON with ->', async () => {
    expect(await names(items().contains('tags', ['blue']))).toEqual(['alpha', 'beta']);
    expect(await names(items().eq('data->a->>b', '2'))).toEqual(['beta']);
  });

  it('combine with or=(), nested and(), and not.or', async () => {
    expect(await names(items().or('name.eq.alpha,and(rank.gt.3,rank.lt.5)'))).toEqual(['alpha', 'p(q)']);
    expect(await names(items().or('name.in.("a,b",gamma),rank.is.null'))).toEqual(['a,b', 'beta', 'gamma']);
    const negated = await rest('protocol_items?select=name&not.or=(rank.is.null,rank.gt.2)&order=name');
    expect(await negated.json()).toEqual([{ name: 'a,b' }, { name: 'gamma' }]);
  });

  it('order with nulls first and last, then limit and offset', async () => {
    const { data } = await service.from('protocol_items').select('name').order('rank', { ascending: false, nullsFirst: true }).range(0, 2);
    expect(data!.map((row) => row.name)).toEqual(['beta', 'q"x', 'p(q)']);
    const last = await service.from('protocol_items').select('name').order('rank', { ascending: true, nullsFirst: false }).range(4, 5);
    expect(last.data!.map((row) => row.name)).toEqual(['q"x', 'beta']);
  });
});

describe('counts and ranges', () => {
  it('counts exactly with a range, in Content-Range and as count', async () => {
    const { data, count, status } = await service.from('protocol_items').select('name', { count: 'exact' }).order('id').range(1, 2);
    expect(data).toHaveLength(2);
    expect(count).toBe(6);
    expect(status).toBe(206);
    const raw = await rest('protocol_items?select=name&order=id&offset=1&limit=2', { headers: { Prefer: 'count=exact' } });
    expect(raw.headers.get('content-range')).toBe('1-2/6');
    const all = await rest('protocol_items?select=name', { headers: { Prefer: 'count=exact' } });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-5/6');
  });

  it('counts with HEAD and no body', async () => {
    const { data, count, error } = await service.from('protocol_items').select('*', { count: 'exact', head: true }).gt('rank', 1);
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBe(4);
  });

  it('answers 416 for an offset past the end', async () => {
    const raw = await rest('protocol_items?select=name&offset=10&limit=5', { headers: { Prefer: 'count=exact' } });
    expect(raw.status).toBe(416);
    expect(await raw.json()).toMatchObject({ code: 'PGRST103' });
    expect(raw.headers.get('content-range')).toBe('*/6');
  });

  it('caps an answer at 1,000 rows, like Supabase', async () => {
    const { data } = await service.rpc('protocol_numbers', { n: 1500 });
    expect(data).toHaveLength(1500);
    const { data: rows } = await service.rpc('protocol_rows', { n: 1500 }).select('x');
    expect(rows).toHaveLength(1000);
  });
});

describe('single objects', () => {
  it('returns one object, or 406 PGRST116 for zero or several rows', async () => {
    const one = await service.from('protocol_items').select('name').eq('name', 'alpha').single();
    expect(one.data).toEqual({ name: 'alpha' });
    const none = await service.from('protocol_items').select('name').eq('name', 'nobody').single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows', message: 'Cannot coerce the result to a single JSON object' });
    const two = await service.from('protocol_items').select('name').lt('rank', 3).single();
    expect(two.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
  });

  it('maybeSingle maps zero rows to null and several to an error', async () => {
    expect((await service.from('protocol_items').select('name').eq('name', 'nobody').maybeSingle()).data).toBeNull();
    expect((await service.from('protocol_items').select('name').eq('name', 'beta').maybeSingle()).data).toEqual({ name: 'beta' });
    expect((await service.from('protocol_items').select('name').maybeSingle()).error?.code).toBe('PGRST116');
  });

  it('rolls a write back when its single answer is refused', async () => {
    const result = await service.from('protocol_items').update({ rank: 99 }).lt('rank', 3).select().single();
    expect(result.error?.code).toBe('PGRST116');
    expect((await service.from('protocol_items').select('name').eq('rank', 99)).data).toEqual([]);
  });
});

describe('writes', () => {
  // The other tests count and filter the six rows the file began with: a test that adds rows removes them.
  const removeAdded = () => service.from('protocol_items').delete().in('name', ['delta', 'eps', 'zeta']);

  it('inserts one row or many, returning them when asked', async () => {
    try {
      expect((await service.from('protocol_items').insert({ name: 'delta', rank: 10 })).status).toBe(201);
      const many = await service.from('protocol_items').insert([{ name: 'eps', rank: 11 }, { name: 'zeta' }]).select('name, rank');
      expect(many.status).toBe(201);
      expect(many.data).toEqual([{ name: 'eps', rank: 11 }, { name: 'zeta', rank: null }]);
    } finally {
      await removeAdded();
    }
  });

  it('uses column defaults for missing keys with defaultToNull: false', async () => {
    const { data } = await service.from('brand_briefs').select('brand_id').limit(1).single();
    const inserted = await service
      .from('brand_briefs')
      .insert([{ brand_id: data!.brand_id, title: 'One', description: 'x', status: 'closed' }, { brand_id: data!.brand_id, title: 'Two', description: 'y' }], { defaultToNull: false })
      .select('title, status');
    try {
      expect(inserted.error).toBeNull();
      expect(inserted.data).toEqual([{ title: 'One', status: 'closed' }, { title: 'Two', status: 'open' }]);
    } finally {
      // The select tests read the seeded briefs alone.
      await service.from('brand_briefs').delete().in('title', ['One', 'Two']);
    }
  });

  it('upserts: merge on the primary key or on_conflict, or ignore duplicates', async () => {
    try {
      const merged = await service.from('protocol_items').upsert({ id: 1, name: 'alpha', rank: 3, "full name": 'Alpha Prime' }).select('id, "full name"');
      expect(merged.data).toEqual([{ id: 1, 'full name': 'Alpha Prime' }]);
    } finally {
      // The select tests read alpha's own name.
      await service.from('protocol_items').update({ 'full name': 'Alpha One' }).eq('id', 1);
    }
    const ignored = await service.from('protocol_items').upsert({ id: 2, name: 'changed?' }, { ignoreDuplicates: true }).select();
    expect(ignored.error).toBeNull();
    expect((await service.from('protocol_items').select('name').eq('id', 2).single()).data).toEqual({ name: 'beta' });

    const user = await service.from('tiktok_connections').upsert({ user_id: creator.id, is_connected: false }, { onConflict: 'user_id' }).select('is_connected');
    expect(user.data).toEqual([{ is_connected: false }]);
    const again = await service.from('tiktok_connections').upsert({ user_id: creator.id, is_connected: true }, { onConflict: 'user_id' }).select('is_connected');
    expect(again.data).toEqual([{ is_connected: true }]);
    expect((await service.from('tiktok_connections').select('id', { count: 'exact', head: true }).eq('user_id', creator.id)).count).toBe(1);
  });

  it('updates and deletes with filters, returning rows and counts', async () => {
    await service.from('protocol_items').insert([{ name: 'delta', rank: 10 }, { name: 'eps', rank: 11 }, { name: 'zeta' }]).throwOnError();
    try {
      const updated = await service.from('protocol_items').update({ rank: 20 }).in('name', ['delta', 'eps']).select('name, rank').order('name');
      expect(updated.status).toBe(200);
      expect(updated.data).toEqual([{ name: 'delta', rank: 20 }, { name: 'eps', rank: 20 }]);
      const minimal = await service.from('protocol_items').update({ rank: 21 }).eq('name', 'delta');
      expect(minimal.status).toBe(204);
      const removed = await service.from('protocol_items').delete({ count: 'exact' }).in('name', ['delta', 'eps', 'zeta']);
      expect(removed.status).toBe(204);
      expect(removed.count).toBe(3);
    } finally {
      await removeAdded();
    }
  });

  it('refuses an update or delete without a filter, changing nothing', async () => {
    const before = (await service.from('protocol_items').select('*', { count: 'exact', head: true })).count;
    const unfiltered = await service.from('protocol_items').delete();
    expect(unfiltered.status).toBe(400);
    expect(unfiltered.error?.code).toBe('21000');
    expect((await service.from('protocol_items').update({ rank: 0 })).error?.code).toBe('21000');
    expect((await service.from('protocol_items').select('*', { count: 'exact', head: true })).count).toBe(before);
  });

  it('reports unknown columns in a body, and bodies that are not JSON objects', async () => {
    const unknown = await service.from('protocol_items').insert({ name: 'x', nope: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nope' column of 'protocol_items' in the schema cache" });
    const notJson = await rest('protocol_items', { method: 'POST', body: '{"name": ', headers: { 'Content-Type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ code: 'PGRST102' });
    const scalar = await rest('protocol_items', { method: 'POST', body: '42', headers: { 'Content-Type': 'application/json' } });
    expect(scalar.status).toBe(400);
  });
});

describe('rpc', () => {
  it('calls with POST, GET and HEAD', async () => {
    expect((await service.rpc('protocol_add', { a: 2, b: 3 })).data).toBe(5);
    expect((await service.rpc('protocol_add', { a: 2, b: 40 }, { get: true })).data).toBe(42);
    const head = await service.rpc('protocol_numbers', { n: 4 }, { head: true, count: 'exact', get: true });
    expect(head.error).toBeNull();
    expect(head.count).toBe(4);
    expect((await service.rpc('protocol_numbers', { n: 3 })).data).toEqual([1, 2, 3]);
    // A scalar answer is returned as it is, even when a single object is asked for.
    expect((await service.rpc('protocol_add', { a: 1, b: 2 }).single()).data).toBe(3);
  });

  it('applies select, filters, order and single to functions that return rows', async () => {
    const { data } = await service.rpc('protocol_rows', { n: 5 }).select('label').gte('x', 2).order('x', { ascending: false }).limit(2);
    expect(data).toEqual([{ label: 'row 5' }, { label: 'row 4' }]);
    expect((await service.rpc('protocol_rows').select('x').eq('x', 2).single()).data).toEqual({ x: 2 });
  });

  it('answers 204 for a void function, and 405 when a GET would write', async () => {
    const post = await rest('rpc/protocol_touch', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(post.status).toBe(204);
    const get = await rest('rpc/protocol_touch');
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({ code: '25006' });
  });

  it('reports unknown functions and wrong arguments with 404 PGRST202', async () => {
    for (const [name, args] of [['nope', {}], ['protocol_add', { a: 1 }], ['protocol_add', { a: 1, b: 2, c: 3 }]] as const) {
      const { error, status } = await service.rpc(name, args);
      expect(status).toBe(404);
      expect(error?.code).toBe('PGRST202');
    }
  });
});

describe('errors are JSON with 4xx, never 500', () => {
  it.each([
    ['protocol_items?select=nope', 400, '42703'],
    ['protocol_items?nope=eq.1', 400, '42703'],
    ['nowhere?select=*', 404, 'PGRST205'],
    ['protocol_items?id=eq.abc', 400, '22P02'],
    ['protocol_items?id=wat.1', 400, 'PGRST100'],
    ['protocol_items?select=id,(', 400, 'PGRST100'],
    ['protocol_items?or=(id.eq.1', 400, 'PGRST100'],
    ['protocol_items?limit=-1', 400, 'PGRST100'],
    ['protocol_items?select=name,nope(id)', 400, 'PGRST200'],
    ['protocol_items?nope.name=eq.1', 400, 'PGRST108'],
    ['protocol_items?select=name::text;drop', 400, 'PGRST100'],
  ])('%s → %i %s', async (path, status, code) => {
    const response = await rest(path);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ code });
  });

  it('refuses schemas that are not exposed', async () => {
    const response = await rest('users?select=*', { headers: { 'Accept-Profile': 'auth' } });
    expect(response.status).toBe(406);
    expect(await response.json()).toMatchObject({ code: 'PGRST106' });
  });
});

describe('authorization', () => {
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

  it('refuses tampered, expired, alg-none and wrong-audience tokens with 401', async () => {
    const token = (await creator.client.auth.getSession()).data.session!.access_token;
    const [header, , signature] = token.split('.');
    const admin = Buffer.from(JSON.stringify({ ...claimsOf(token), role: 'service_role' })).toString('base64url');
    const tampered = `${header}.${admin}.${signature}`;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${admin}.`;
    const expired = await backend.server.keys.sign({ ...claimsOf(token), exp: undefined, iat: undefined }, -60);
    const otherAudience = await backend.server.keys.sign({ ...claimsOf(token), aud: 'another-api', exp: undefined, iat: undefined }, 600);
    for (const [bad, code] of [[tampered, 'PGRST301'], [none, 'PGRST301'], [expired, 'PGRST303'], ['not.a.jwt', 'PGRST301'], [otherAudience, 'PGRST301']]) {
      const response = await fetch(`${backend.url}/rest/v1/profiles?select=id`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${bad}` } });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code });
    }
  });

  it('refuses a bearer token that is not a JWT, instead of falling back to the API key', async () => {
    for (const [bad, parts] of [['opaque-token', 1], ['a.b', 2]] as const) {
      const response = await fetch(`${backend.url}/rest/v1/brand_briefs?select=id`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${bad}` } });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'PGRST301', message: `Expected 3 parts in JWT; got ${parts}` });
    }
  });

  it('needs a project API key', async () => {
    const none = await fetch(`${backend.url}/rest/v1/brand_briefs?select=id`);
    expect(none.status).toBe(401);
    const wrong = await fetch(`${backend.url}/rest/v1/brand_briefs?select=id`, { headers: { apikey: 'made-up' } });
    expect(wrong.status).toBe(401);
  });

  it('answers a CORS preflight with the requested headers, and exposes Content-Range', async () => {
    const preflight = await fetch(`${backend.url}/rest/v1/brand_briefs`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey,authorization,prefer,x-client-info' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/prefer/);
    const get = await fetch(`${backend.url}/rest/v1/brand_briefs?select=id`, { headers: { apikey: backend.anonKey, Origin: 'http://localhost:5173' } });
    expect(get.headers.get('access-control-expose-headers')).toMatch(/Content-Range/);
  });
});
