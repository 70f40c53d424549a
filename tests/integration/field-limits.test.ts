/**
 * Issue 33 (4): every field a person types has the length the database has, and a refusal that
 * concerns a field is shown under that field, in the person's language. The forms' limits
 * (src/lib/text-limits.ts) are held against the database's own constraints and functions here;
 * crafted requests, which skip the forms, are refused with a code (never a 500), and the SPA maps
 * each refusal to its field (src/lib/field-errors.ts) from what the real backend answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpRefusalFields } from '@/features/auth/api/sign-up';
import { opportunityRefusalFields } from '@/features/opportunities/api/create-opportunity';
import { profileRefusalFields } from '@/features/settings/api/update-profile';
import { addVideo, addVideoRefusalFields } from '@/features/videos/api/add-video';
import { i18n, initI18n } from '@/i18n';
import { toAppError } from '@/lib/errors';
import { refusalField } from '@/lib/field-errors';
import { lengthConstraints, textLimits } from '@/lib/text-limits';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs, refusal } from './helpers/spa';
import { createUser, uniqueEmail, type TestUser } from './helpers/users';

let backend: TestBackend;
let brand: TestUser, creator: TestUser, admin: TestUser;

beforeAll(async () => {
  backend = await startBackend();
  [brand, creator, admin] = await Promise.all([createUser(backend, 'brand'), createUser(backend, 'creator'), createUser(backend, 'admin')]);
  await initI18n('en', ['app']);
}, 60_000);
afterAll(() => backend?.stop());

const x = (length: number) => 'x'.repeat(length);

/** The text of a check constraint of the public schema, by name. */
async function constraintDefinitions(): Promise<Map<string, string>> {
  const { rows } = await backend.server.db.query<{ name: string; definition: string }>(
    `select c.conname as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = 'public' and c.contype = 'c'`,
  );
  return new Map(rows.map((row) => [row.name, row.definition]));
}

/** Length limits on text nobody types: TikTok's own data, and URLs the server writes. */
const notTyped = [
  'tiktok_videos_author_username_check',
  'tiktok_videos_description_check',
  'tiktok_videos_share_url_check',
  'tiktok_videos_thumbnail_url_check',
  'profiles_tiktok_avatar_url_check',
  'tiktok_auth_states_redirect_uri_check',
  'tiktok_connections_avatar_url_check',
  'tiktok_connections_display_name_check',
  'tiktok_connections_open_id_check',
];

describe('the forms hold what the database holds', () => {
  it('every length constraint the forms know has exactly that limit in the database', async () => {
    const definitions = await constraintDefinitions();
    for (const [name, max] of Object.entries(lengthConstraints)) {
      const definition = definitions.get(name);
      expect(definition, `${name} is not a constraint of the database`).toBeDefined();
      expect(definition, name).toMatch(new RegExp(`char_length\\([^)]*\\)+ <= ${max}\\b`));
    }
  });

  it('every length constraint of the database on typed text is one the forms know', async () => {
    const definitions = await constraintDefinitions();
    const lengths = [...definitions].filter(([, definition]) => definition.includes('char_length')).map(([name]) => name);
    expect(lengths.length).toBeGreaterThan(15);
    for (const name of lengths) {
      const known = notTyped.includes(name) || name in lengthConstraints;
      expect(known, `${name} limits a length the forms do not know: add it to lengthConstraints (src/lib/text-limits.ts) and give its field that maxLength, or list it here as text nobody types`).toBe(true);
    }
  });

  it.each([
    ['first_name', textLimits.firstName],
    ['last_name', textLimits.lastName],
    ['company_name', textLimits.companyName],
    ['industry', textLimits.industry],
  ])("a profile's %s takes %i characters, Thai ones too, and refuses one more", async (column, max) => {
    const at = await brand.client.from('profiles').update({ [column]: 'ก'.repeat(max) }).eq('id', brand.id).select(column);
    expect(at.error).toBeNull();
    const over = await brand.client.from('profiles').update({ [column]: 'ก'.repeat(max + 1) }).eq('id', brand.id).select(column);
    expect(over.error).toMatchObject({ code: '23514' });
  });

  it('a TikTok username takes 24 characters and refuses 25 (with the @ people type, the form takes one more)', async () => {
    const at = await creator.client.from('profiles').update({ tiktok_username: `@${x(textLimits.tiktokUsername)}` }).eq('id', creator.id).select('tiktok_username');
    expect(at.data).toEqual([{ tiktok_username: x(textLimits.tiktokUsername) }]);
    const over = await creator.client.from('profiles').update({ tiktok_username: x(textLimits.tiktokUsername + 1) }).eq('id', creator.id);
    expect(over.error).toMatchObject({ code: 'invalid_tiktok_username' });
    await creator.client.from('profiles').update({ tiktok_username: null }).eq('id', creator.id);
  });

  it('a website takes 2,048 characters and refuses one more', async () => {
    const site = (length: number) => `https://${x(length - 'https://'.length - '.com'.length)}.com`;
    const at = await brand.client.from('profiles').update({ website: site(textLimits.website) }).eq('id', brand.id).select('website');
    expect(at.error).toBeNull();
    const over = await brand.client.from('profiles').update({ website: site(textLimits.website + 1) }).eq('id', brand.id);
    expect(over.error).toMatchObject({ code: 'invalid_website' });
  });

  it('a password of 72 bytes is taken and one of 73 refused, as the form counts them', async () => {
    const thai = 'ก'.repeat(24); // 72 bytes in UTF-8
    const taken = await backend.client().auth.signUp({ email: uniqueEmail('bytes'), password: thai });
    expect(taken.error).toBeNull();
    const refused = await backend.client().auth.signUp({ email: uniqueEmail('bytes'), password: `${thai}x` });
    expect(refused.error).toMatchObject({ status: 422 });
  });
});

describe('text that had no limit has one now (a new migration)', () => {
  const brief = (industry: string[]) => ({ brand_id: brand.id, title: 'Tags', description: 'Tag limits', industry });

  it('an industry tag of 50 characters is kept; one of 51, crafted past the form, is refused with industry_tag_too_long', async () => {
    const kept = await brand.client.from('brand_briefs').insert(brief([`  ${x(textLimits.industryTag)}  `, 'Beauty'])).select('id, industry').single();
    expect(kept.error).toBeNull();
    expect(kept.data?.industry).toEqual([x(textLimits.industryTag), 'Beauty']);

    const { count: before } = await backend.service().from('brand_briefs').select('id', { count: 'exact', head: true });
    const crafted = await brand.client.from('brand_briefs').insert(brief(['Beauty', x(5000)]));
    expect(crafted.error).toMatchObject({ code: 'industry_tag_too_long' });
    const { count: after } = await backend.service().from('brand_briefs').select('id', { count: 'exact', head: true });
    expect(after).toBe(before);

    const edited = await brand.client.from('brand_briefs').update({ industry: [x(textLimits.industryTag + 1)] }).eq('id', kept.data!.id);
    expect(edited.error).toMatchObject({ code: 'industry_tag_too_long' });
    const { data: unchanged } = await backend.service().from('brand_briefs').select('industry').eq('id', kept.data!.id).single();
    expect(unchanged?.industry).toEqual([x(textLimits.industryTag), 'Beauty']);
  });

  it('the 21st tag is refused as the database counts them', async () => {
    const crafted = await brand.client.from('brand_briefs').insert(brief(Array.from({ length: textLimits.industryTagCount + 1 }, (_, i) => `tag ${i}`)));
    expect(crafted.error).toMatchObject({ code: '23514' });
  });
});

describe("a refusal reaches the SPA as its field's message", () => {
  it("a crafted first name of 150 characters: under the profile form's first name, in English and in Thai", async () => {
    const { error } = await brand.client.from('profiles').update({ first_name: x(150) }).eq('id', brand.id);
    const refused = toAppError(error, 'profile_update_failed');
    expect(refusalField(refused, profileRefusalFields)).toEqual({ field: 'first_name', message: 'Too long: at most 100 characters' });
    await i18n.changeLanguage('th');
    try {
      expect(refusalField(refused, profileRefusalFields)).toEqual({ field: 'first_name', message: 'ยาวเกินไป ใส่ได้ไม่เกิน 100 ตัวอักษร' });
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('a crafted description of 5,001 characters: under the description, with its limit', async () => {
    const { error } = await brand.client.from('brand_briefs').insert({ brand_id: brand.id, title: 'Long', description: x(5001) });
    expect(refusalField(toAppError(error, 'opportunity_create_failed'), opportunityRefusalFields)).toEqual({ field: 'description', message: 'Too long: at most 5,000 characters' });
  });

  it('a long tag: under the tags field', async () => {
    const { error } = await brand.client.from('brand_briefs').insert({ brand_id: brand.id, title: 'T', description: 'D', industry: [x(51)] });
    expect(refusalField(toAppError(error, 'opportunity_create_failed'), opportunityRefusalFields)).toEqual({ field: 'tags', message: 'A tag can have at most 50 characters' });
  });

  it("a sign-up whose name is longer than a profile's: under the first name, and no account is made", async () => {
    const email = uniqueEmail('long');
    const { error } = await backend.client().auth.signUp({ email, password: 'secret-pw', options: { data: { user_type: 'creator', first_name: x(150) } } });
    expect(error).toMatchObject({ code: 'invalid_profile' });
    expect(refusalField(toAppError(error, 'registration_failed'), signUpRefusalFields)).toEqual({ field: 'firstName', message: 'Too long: at most 100 characters' });
    const { rows } = await backend.server.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toEqual([]);
  });

  it('an admin invite note of 201 characters: under the note', async () => {
    const { error } = await admin.client.rpc('create_admin_invite', { note: x(201), valid_days: 7 });
    expect(refusalField(toAppError(error, 'invite_failed'), { constraints: { admin_invites_note_check: 'note' } })).toEqual({ field: 'note', message: 'Too long: at most 200 characters' });
  });

  it('a video for a campaign the creator has not joined: under the campaign, not under the link', async () => {
    const { data: open } = await brand.client.from('brand_briefs').insert({ brand_id: brand.id, title: 'Not joined', description: 'D' }).select('id').single();
    await actAs(backend, creator);
    const refused = await refusal(() => addVideo({ url: 'https://www.tiktok.com/@limits/video/7431200000000000333', brandBriefId: open!.id }));
    expect(refused.code).toBe('opportunity_not_joined');
    expect(refusalField(refused, addVideoRefusalFields({ brandBriefId: open!.id }))).toEqual({ field: 'brandBriefId', message: 'Join this opportunity before adding videos to it' });
  });

  it('a crafted 520-character video name is refused with a code, not a 500, and nothing is stored', async () => {
    const { data: session } = await creator.client.auth.getSession();
    const response = await fetch(`${backend.url}/functions/v1/tiktok-scraper`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: backend.publishableKey, authorization: `Bearer ${session.session!.access_token}` },
      body: JSON.stringify({ url: 'https://www.tiktok.com/@limits/video/7431200000000000520', customTitle: x(520) }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: 'bad_request' });
    const { data } = await backend.service().from('tiktok_videos').select('id').eq('video_id', '7431200000000000520');
    expect(data).toEqual([]);
  });
});
