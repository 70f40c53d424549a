/**
 * Answers that must be PostgREST 12's as hosted Supabase gives them, where an easier answer would
 * look the same to a quick check: empty updates, inserts without a body back, the OpenAPI
 * document, the request settings SQL reads, bulk inserts and overloaded functions
 * (docs/local-backend.md). Through supabase-js where it can express the request, raw HTTP where not.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';

let backend: TestBackend;
let service: SupabaseClient;
let anon: SupabaseClient;

beforeAll(async () => {
  backend = await startBackend();
  service = backend.service();
  anon = backend.client();
  await backend.server.db.exec(`
    create table public.ph_items (id int primary key, name text not null, touched int not null default 0);
    comment on column public.ph_items.name is 'What the item is called';
    -- Counts every row an UPDATE reaches, so that "changes nothing" is observable.
    create function public.ph_touch() returns trigger language plpgsql as $$ begin new.touched := old.touched + 1; return new; end $$;
    create trigger ph_items_touch before update on public.ph_items for each row execute function public.ph_touch();
    insert into public.ph_items (id, name) values (1, 'one'), (2, 'two');

    -- A drop box: anyone may put a note in, nobody but the service may read one.
    create table public.ph_notes (id serial primary key, body text not null, author text default 'someone');
    alter table public.ph_notes enable row level security;
    create policy "anyone may leave a note" on public.ph_notes for insert to anon with check (true);
    grant insert on public.ph_notes to anon;

    create function public.ph_request() returns json language sql stable as $$
      select json_build_object('method', current_setting('request.method'), 'path', current_setting('request.path'),
        'headers', current_setting('request.headers')::json, 'cookies', current_setting('request.cookies')::json)
    $$;
    grant execute on function public.ph_request() to anon;

    create function public.ph_pick(a int default 1) returns text language sql immutable as $$ select 'int ' || a $$;
    create function public.ph_pick(b text default 'x') returns text language sql immutable as $$ select 'text ' || b $$;
    create function public.ph_unnamed(bigint default 1) returns bigint language sql immutable as $$ select $1 $$;
    create function public.ph_unnamed(a int default 2) returns int language sql immutable as $$ select a $$;
  `);
  await backend.server.reloadSchema();
}, 60_000);

afterAll(() => backend?.stop());

const rest = (path: string, init: RequestInit = {}) => backend.restAsService(path, init);
const json = { 'Content-Type': 'application/json' };
const items = async () => (await service.from('ph_items').select('id, name, touched').order('id')).data;
const noteBodies = async () => ((await service.from('ph_notes').select('body').order('id')).data ?? []).map((row) => row.body);

describe('PATCH with an empty body', () => {
  it('answers 204, or 200 with [] under return=representation, and changes nothing, with or without filters', async () => {
    const represented = await service.from('ph_items').update({}).eq('id', 1).select();
    expect(represented).toMatchObject({ status: 200, data: [], error: null });
    const minimal = await service.from('ph_items').update({}).eq('id', 1);
    expect(minimal).toMatchObject({ status: 204, error: null });
    // PostgREST selects nothing (WHERE false), so no filter is needed either.
    const unfiltered = await rest('ph_items', { method: 'PATCH', body: '{}', headers: json });
    expect(unfiltered.status).toBe(204);
    expect(await items()).toEqual([{ id: 1, name: 'one', touched: 0 }, { id: 2, name: 'two', touched: 0 }]);
  });
});

describe('an insert without select', () => {
  it('answers 201 without a body, also for a single object, needing no read policy', async () => {
    const plain = await anon.from('ph_notes').insert({ body: 'first' });
    expect(plain).toMatchObject({ status: 201, data: null, error: null });
    const single = await anon.from('ph_notes').insert({ body: 'second' }).single();
    expect(single).toMatchObject({ status: 201, data: null, error: null });
    const raw = await fetch(`${backend.url}/rest/v1/ph_notes`, { method: 'POST', body: '{"body": "third"}', headers: { ...json, apikey: backend.anonKey } });
    expect(raw.status).toBe(201);
    expect(await raw.text()).toBe('');
    // Asking for the row back needs the read policy the table does not give anon.
    const readBack = await anon.from('ph_notes').insert({ body: 'fourth' }).select().single();
    expect(readBack).toMatchObject({ status: 401, error: { code: '42501' } });
    expect(await noteBodies()).toEqual(['first', 'second', 'third']);
  });

  it('still refuses two rows for a single object (406 PGRST116), writing neither', async () => {
    const two = await anon.from('ph_notes').insert([{ body: 'fifth' }, { body: 'sixth' }]).single();
    expect(two).toMatchObject({ status: 406, error: { code: 'PGRST116', details: 'The result contains 2 rows' } });
    expect(await noteBodies()).not.toContain('fifth');
  });

  it('answers an upsert without select 200 when it only merged and 201 when it inserted', async () => {
    expect((await service.from('ph_items').upsert({ id: 2, name: 'two' }).rollback()).status).toBe(200);
    expect((await service.from('ph_items').upsert([{ id: 2, name: 'two' }, { id: 3, name: 'three' }]).rollback()).status).toBe(201);
  });
});

describe('GET /rest/v1/ (the OpenAPI document)', () => {
  it('is Swagger 2.0 with a path per table, view and function and a definition per table, for the secret key', async () => {
    const response = await fetch(`${backend.url}/rest/v1/`, { headers: { apikey: backend.serviceKey, Authorization: `Bearer ${backend.serviceKey}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/openapi\+json/);
    const doc = await response.json();
    expect(doc).toMatchObject({ swagger: '2.0', basePath: '/rest/v1/', info: { title: 'standard public schema' } });
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/', '/ph_items', '/ph_notes', '/rpc/ph_request', '/rpc/ph_pick', '/tiktok_videos', '/video_listings']));
    expect(Object.keys(doc.paths['/ph_items'])).toEqual(['get', 'post', 'delete', 'patch']);
    // A view that is not a projection PostgreSQL can write through is read-only.
    expect(Object.keys(doc.paths['/video_ledger'])).toEqual(['get']);
    expect(doc.definitions.ph_items).toEqual({
      required: ['id', 'name', 'touched'],
      properties: {
        id: { description: 'Note:\nThis is a Primary Key.<pk/>', format: 'integer', type: 'integer' },
        name: { description: 'What the item is called', format: 'text', type: 'string' },
        touched: { default: 0, format: 'integer', type: 'integer' },
      },
      type: 'object',
    });
    expect(doc.paths['/rpc/ph_request'].post.parameters[0]).toMatchObject({ in: 'body', name: 'args', required: true });
  });

  it('is refused to the publishable (anon) key and to a signed-in token with 403, as hosted Supabase refuses it', async () => {
    const anonymous = await fetch(`${backend.url}/rest/v1/`, { headers: { apikey: backend.anonKey } });
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toMatchObject({ code: 'openapi_needs_secret_key' });
    const serviceTokenAnonKey = await fetch(`${backend.url}/rest/v1/`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.serviceKey}` } });
    expect(serviceTokenAnonKey.status).toBe(403);
  });

  it('answers another media type with 406 PGRST107 and another method with 405', async () => {
    const csv = await rest('', { headers: { Accept: 'text/csv' } });
    expect(csv.status).toBe(406);
    expect(await csv.json()).toMatchObject({ code: 'PGRST107' });
    expect((await rest('', { method: 'POST', body: '{}', headers: json })).status).toBe(405);
  });
});

describe('request settings', () => {
  it('give SQL every header but Cookie, the cookies by name, the method and the path behind /rest/v1', async () => {
    const response = await fetch(`${backend.url}/rest/v1/rpc/ph_request`, {
      method: 'POST',
      body: '{}',
      headers: { ...json, apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}`, Cookie: 'theme=dark; sb-session=abc=def', 'X-Request-Tag': 'Seven' },
    });
    const seen = await response.json();
    expect(seen).toMatchObject({ method: 'POST', path: '/rpc/ph_request', cookies: { theme: 'dark', 'sb-session': 'abc=def' } });
    expect(seen.headers).toMatchObject({ apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}`, 'x-request-tag': 'Seven', 'content-type': 'application/json' });
    expect(seen.headers).not.toHaveProperty('cookie');
    const viaGet = await anon.rpc('ph_request', {}, { get: true });
    expect(viaGet.data).toMatchObject({ method: 'GET', path: '/rpc/ph_request', cookies: {} });
  });
});

describe('a bulk insert', () => {
  it('refuses objects with different keys (400 PGRST102) and writes none', async () => {
    const response = await rest('ph_items', { method: 'POST', body: JSON.stringify([{ id: 10, name: 'ten' }, { id: 11, name: 'eleven', touched: 5 }]), headers: json });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'PGRST102', details: null, hint: null, message: 'All object keys must match' });
    expect((await items())?.map((row) => row.id)).toEqual([1, 2]);
  });

  it('takes the columns from ?columns= when given, as supabase-js sends it for every array', async () => {
    const raw = await rest('ph_items?columns=id,name,touched', {
      method: 'POST', body: JSON.stringify([{ id: 10, name: 'ten' }, { id: 11, name: 'eleven', touched: 5 }]), headers: { ...json, Prefer: 'missing=default, tx=rollback, return=representation' },
    });
    expect(raw.status).toBe(201);
    expect(await raw.json()).toEqual([{ id: 10, name: 'ten', touched: 0 }, { id: 11, name: 'eleven', touched: 5 }]);
    const { data, error } = await service.from('ph_items').insert([{ id: 12, name: 'twelve' }, { id: 13, name: 'thirteen', touched: 2 }], { defaultToNull: false }).select('id, touched').rollback();
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 12, touched: 0 }, { id: 13, touched: 2 }]);
  });
});

describe('overloaded functions with defaults', () => {
  it('answer 300 PGRST203 when more than one overload fits, never PostgreSQL\'s 42725', async () => {
    const named = await service.rpc('ph_pick');
    expect(named.status).toBe(300);
    expect(named.error).toMatchObject({ code: 'PGRST203', hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved' });
    expect(named.error?.message).toMatch(/^Could not choose the best candidate function between: public\.ph_pick\((a => integer|b => text)\), public\.ph_pick\((a => integer|b => text)\)$/);
    const unnamed = await service.rpc('ph_unnamed', {});
    expect(unnamed).toMatchObject({ status: 300, error: { code: 'PGRST203' } });
    const viaGet = await rest('rpc/ph_unnamed');
    expect(viaGet.status).toBe(300);
  });

  it('call the one overload the argument names choose', async () => {
    expect((await service.rpc('ph_pick', { a: 5 })).data).toBe('int 5');
    expect((await service.rpc('ph_pick', { b: 'y' })).data).toBe('text y');
    expect((await service.rpc('ph_unnamed', { a: 4 })).data).toBe(4);
  });

  it('never call a parameter by an empty name: an unnamed one is not called by name (404 PGRST202, not a syntax error)', async () => {
    expect(await service.rpc('ph_unnamed', { '': 3 })).toMatchObject({ status: 404, error: { code: 'PGRST202' } });
  });
});
