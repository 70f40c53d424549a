/**
 * Issue 11: the creator dashboard's brand choice is searched and paged on the server, and every
 * brand can be found, past the API's 1,000-row cap too; a brand's creators are paged on the
 * server, one entry per creator. Through the SPA's own fetchers (searchBrands,
 * getBrandCreators); raw calls only for what no fetcher sends (an oversized page, anon).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrandCreators } from '@/features/opportunities/api/get-brand-creators';
import { brandPageSize, brandSearchText, searchBrands, type BrandOption } from '@/features/opportunities/api/get-brands';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs } from './helpers/spa';
import { createUser, type TestUser } from './helpers/users';

let backend: TestBackend;
let creator: TestUser, brand: TestUser, otherBrand: TestUser, admin: TestUser;

/** More brands than the API answers in one response (1,000 rows). */
const numberedBrands = 1_150;

/** Brand names that mean something to LIKE, to PostgREST's filter syntax, to JSON or to case. */
const oddNames = [
  '100% Natural',
  '100 Percent Fresh',
  'Snake_Case Co',
  'Snakes Case Ltd',
  'Tom, Dick (and) Harry',
  'Back\\slash Studio',
  'Star*Brand',
  'Quote "Q" Brand',
  "O'Brien Foods",
  'Dots.And:Colons',
  'ร้านกาแฟ ดอยช้าง',
  'GlowLab UPPER',
];

/** Accounts made straight in auth.users, as many as a test needs at once; the sign-up trigger makes their profiles. */
async function insertAccounts(rows: { label: string; meta: Record<string, unknown> }[]): Promise<string[]> {
  const { rows: ids } = await backend.server.db.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
            (a ->> 'label') || '-' || n || '@bulk.example.test', '', '{}'::jsonb, a -> 'meta', now(), now()
       from jsonb_array_elements($1::jsonb) with ordinality as t(a, n)
     returning id`,
    [JSON.stringify(rows)],
  );
  return ids.map((row) => row.id);
}

/** Every brand a search finds, page by page as the picker's Show more asks; the pages too. */
async function everyPage(search: string): Promise<{ brands: BrandOption[]; pages: number[] }> {
  const brands: BrandOption[] = [];
  const pages: number[] = [];
  for (;;) {
    const page = await searchBrands({ search, offset: brands.length });
    brands.push(...page.brands);
    pages.push(page.brands.length);
    if (!page.hasMore) return { brands, pages };
  }
}

const names = async (typed: string) => (await everyPage(brandSearchText(typed))).brands.map((found) => found.name);

beforeAll(async () => {
  backend = await startBackend();
  [creator, brand, otherBrand, admin] = await Promise.all([
    createUser(backend, 'creator'),
    createUser(backend, 'brand', { first_name: 'Zeta Home Brand' }),
    createUser(backend, 'brand', { first_name: 'Zeta Other Brand' }),
    createUser(backend, 'admin'),
  ]);
  await insertAccounts([
    ...Array.from({ length: numberedBrands }, (_, index) => ({ label: 'brand', meta: { user_type: 'brand', first_name: `Numbered Brand ${String(index + 1).padStart(4, '0')}` } })),
    ...oddNames.map((name) => ({ label: 'odd', meta: { user_type: 'brand', first_name: name } })),
    // Named by the contact only, and not at all: cards call them by last name, and 'Brand'.
    { label: 'contact', meta: { user_type: 'brand', last_name: 'Contact Only Kanya' } },
    { label: 'nameless', meta: { user_type: 'brand' } },
    // Creators are never brands, whatever their name.
    ...Array.from({ length: 50 }, () => ({ label: 'creator', meta: { user_type: 'creator', first_name: 'Impostor Numbered Brand' } })),
  ]);
  await actAs(backend, creator);
}, 120_000);
afterAll(() => backend?.stop());

/** Every brand in the database, as the service role sees it. */
const brandCount = numberedBrands + oddNames.length + 2 + 2;

describe('search_brands: every brand can be found', () => {
  it('pages through all of the brands, 20 at a time, in name order, past the API’s 1,000-row cap', async () => {
    // What the picker used to send (spec §7's call): the API stops at 1,000 rows, silently.
    const { data: capped } = await backend.service().from('profiles').select('id, first_name').eq('user_type', 'brand').order('first_name');
    expect(capped).toHaveLength(1_000);

    const { brands, pages } = await everyPage('');
    expect(brands).toHaveLength(brandCount);
    expect(new Set(brands.map((found) => found.id)).size).toBe(brandCount);
    expect(pages.slice(0, -1).every((size) => size === brandPageSize)).toBe(true);
    expect(pages.at(-1)).toBe(brandCount % brandPageSize || brandPageSize);
    // In name order (the numbered ones compare the same under any collation).
    const numbered = brands.map((found) => found.name).filter((name) => name.startsWith('Numbered Brand '));
    expect(numbered).toHaveLength(numberedBrands);
    expect(numbered).toEqual([...numbered].sort());
    expect(brands.map((found) => found.name)).toEqual(expect.arrayContaining(['Zeta Home Brand', 'Contact Only Kanya', 'Brand', 'Numbered Brand 1150']));
  });

  it('finds each brand past the first 1,000 by its own name, on the first page', async () => {
    const { data } = await backend.service().from('profiles').select('id, first_name').eq('user_type', 'brand').like('first_name', 'Numbered Brand 1%').order('first_name');
    const late = data!.filter((row) => Number(row.first_name!.slice(-4)) > 1_000);
    expect(late).toHaveLength(numberedBrands - 1_000);
    for (const row of late.filter((_, index) => index % 10 === 0)) {
      const page = await searchBrands({ search: brandSearchText(row.first_name!) });
      expect(page.brands).toEqual([{ id: row.id, name: row.first_name }]);
      expect(page.hasMore).toBe(false);
    }
  });

  it('matches any part of the display name, whatever the case, and only brands', async () => {
    expect(await names('glowlab upper')).toEqual(['GlowLab UPPER']);
    expect(await names('  GLOWLAB ')).toEqual(['GlowLab UPPER']);
    expect(await names('home brand')).toEqual(['Zeta Home Brand']);
    expect(await names('kanya')).toEqual(['Contact Only Kanya']);
    expect(await names('ดอยช้าง')).toEqual(['ร้านกาแฟ ดอยช้าง']);
    expect(await names('impostor')).toEqual([]);
    expect(await names('Numbered Brand 11')).toHaveLength(51);
  });

  it('takes what was typed literally: % _ \\ * , ( ) " \' . : are plain characters', async () => {
    expect(await names('%')).toEqual(['100% Natural']);
    expect(await names('100%')).toEqual(['100% Natural']);
    expect(await names('_')).toEqual(['Snake_Case Co']);
    expect(await names('snake_')).toEqual(['Snake_Case Co']);
    expect(await names('\\')).toEqual(['Back\\slash Studio']);
    expect(await names('*')).toEqual(['Star*Brand']);
    expect(await names(',')).toEqual(['Tom, Dick (and) Harry']);
    expect(await names('(and)')).toEqual(['Tom, Dick (and) Harry']);
    expect(await names('"q"')).toEqual(['Quote "Q" Brand']);
    expect(await names("o'brien")).toEqual(["O'Brien Foods"]);
    expect(await names('.and:')).toEqual(['Dots.And:Colons']);
    expect(await names('%_%')).toEqual([]);
    expect(await names('eq.brand),or=(id.neq.0')).toEqual([]);
  });

  it('answers a page in a couple of kilobytes, and never more than 100 rows, whatever is asked', async () => {
    const { data: session } = await creator.client.auth.getSession();
    const response = await fetch(`${backend.url}/rest/v1/rpc/search_brands`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${session.session!.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_query: '', p_limit: brandPageSize + 1, p_offset: 0 }),
    });
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(body)).toHaveLength(brandPageSize + 1);
    expect(body.length).toBeLessThan(2_000);

    const huge = await creator.client.rpc('search_brands', { p_query: '', p_limit: 100_000, p_offset: 0 });
    expect(huge.data).toHaveLength(100);
    const negative = await creator.client.rpc('search_brands', { p_query: 'numbered', p_limit: -5, p_offset: -10 });
    expect(negative.data!.map((row: { name: string }) => row.name)).toEqual(['Numbered Brand 0001']);
    const beyond = await creator.client.rpc('search_brands', { p_query: '', p_limit: 20, p_offset: 1_000_000 });
    expect(beyond).toMatchObject({ data: [], error: null });
  });

  it('refuses malformed arguments with a 4xx, and takes a null or very long search', async () => {
    const { data: session } = await creator.client.auth.getSession();
    const call = (fn: string, body: unknown) =>
      fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, Authorization: `Bearer ${session.session!.access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const [fn, body] of [
      ['search_brands', { p_query: '', p_limit: 'twenty' }],
      ['search_brands', { p_query: '', p_offset: 1e12 }],
      ['search_brands', { p_query: '', p_nope: 1 }],
      ['brand_creators', { p_brand: 'not-a-uuid' }],
      ['brand_creators', {}],
    ] as const) {
      const response = await call(fn, body);
      expect(response.status, `${fn} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${fn} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(await response.json()).toHaveProperty('message');
    }
    expect(await (await call('search_brands', { p_query: null, p_limit: 1 })).json()).toHaveLength(1);
    expect(await (await call('search_brands', { p_query: 'x'.repeat(100_000) })).json()).toEqual([]);
  });

  it('is for signed-in users: anon may not call it', async () => {
    const { data, error } = await backend.client().rpc('search_brands', { p_query: '' });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '42501' });
    for (const user of [brand, admin]) {
      const { data: found } = await user.client.rpc('search_brands', { p_query: 'zeta' });
      expect(found!.map((row: { name: string }) => row.name)).toEqual(['Zeta Home Brand', 'Zeta Other Brand']);
    }
  });
});

describe('brand_creators: a brand’s creators, a page at a time', () => {
  let joiners: string[];
  let winter: string, summer: string;

  beforeAll(async () => {
    const brief = async (title: string) =>
      (await backend.service().from('brand_briefs').insert({ brand_id: brand.id, title, description: 'Paging test' }).select('id').single()).data!.id as string;
    [winter, summer] = [await brief('Winter launch'), await brief('Summer launch')];
    joiners = await insertAccounts(Array.from({ length: 45 }, (_, index) => ({ label: 'joiner', meta: { user_type: 'creator', first_name: `Joiner ${String(index + 1).padStart(2, '0')}` } })));
    // Joiner 01 joined first, Joiner 45 last; Joiner 01 joined the summer brief too, later than anyone.
    await backend.server.db.query(
      `insert into public.creator_brand_connections (creator_id, brand_brief_id, created_at)
       select c.id, $2::uuid, now() - make_interval(mins => 100 - c.n::int)
         from unnest($1::uuid[]) with ordinality as c(id, n)
       union all
       select ($1::uuid[])[1], $3::uuid, now()`,
      [joiners, winter, summer],
    );
  });

  it('groups the connections per creator and pages them, the latest joiner first', async () => {
    await actAs(backend, brand);
    const first = await getBrandCreators(brand.id);
    expect(first.hasMore).toBe(true);
    expect(first.creators).toHaveLength(20);
    expect(first.creators[0]).toEqual({ id: joiners[0], name: 'Joiner 01', tiktokUsername: null, followerCount: null, verified: false, briefs: ['Summer launch', 'Winter launch'], videos: 0, countedViews: 0, spendSatang: 0 });
    expect(first.creators[1]).toMatchObject({ name: 'Joiner 45', briefs: ['Winter launch'] });
    // Each page after the last creator of the one before (keyset).
    const second = await getBrandCreators(brand.id, { after: first.next });
    const third = await getBrandCreators(brand.id, { after: second.next });
    expect(second).toMatchObject({ hasMore: true });
    expect(third).toMatchObject({ hasMore: false });
    const all = [...first.creators, ...second.creators, ...third.creators];
    expect(all).toHaveLength(45);
    expect(new Set(all.map((entry) => entry.id))).toEqual(new Set(joiners));
    expect(all.at(-1)!.name).toBe('Joiner 02');
  });

  it('answers the brand itself and admins; another brand, a creator and anon get nothing', async () => {
    await actAs(backend, admin);
    expect((await getBrandCreators(brand.id)).creators).toHaveLength(20);
    for (const other of [otherBrand, creator]) {
      await actAs(backend, other);
      expect(await getBrandCreators(brand.id)).toEqual({ creators: [], hasMore: false });
    }
    const anon = await backend.client().rpc('brand_creators', { p_brand: brand.id });
    expect(anon).toMatchObject({ data: null, error: { code: '42501' } });
    // A page is at most 100 creators, whatever is asked.
    const { data } = await brand.client.rpc('brand_creators', { p_brand: brand.id, p_limit: 10_000 });
    expect(data).toHaveLength(45);
    const small = await brand.client.rpc('brand_creators', { p_brand: brand.id, p_limit: 0 });
    expect(small.data).toHaveLength(1);
  });
});
