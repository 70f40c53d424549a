/**
 * Personal data (issue 17, item 5; Thailand's PDPA): a person downloads everything that is theirs
 * and nobody else's, and deletes their account with their password. Deleting signs them out for
 * good and erases or anonymises their data; the ledger, payouts and the tax identity of issued
 * certificates stay, pointing to the anonymised profile; nobody else's data changes.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';
import { insertVideo } from './helpers/videos';

let backend: TestBackend;
let service: SupabaseClient;
let n = 0;

/** A brand and one of its briefs. */
type Brief = { brand: TestUser; brief: string };

type Export = Record<string, unknown> & {
  profile: { id: string; first_name: string | null };
  account: { email: string };
  videos: { id: string; user_id: string }[];
  video_snapshots: { tiktok_video_id: string }[];
  joins: { creator_id: string }[];
  briefs: { id: string; brand_id: string }[];
  ledger_entries: { creator_id: string; brand_id: string }[];
  statements: { creator_id: string }[];
  payouts: { creator_id: string }[];
  payout_account: { creator_id: string; tax_id: string | null } | null;
  notifications: { recipient_id: string }[];
  notification_settings: { language: string } | null;
  tiktok_connection: { user_id: string; username: string } | null;
};

async function exportOf(who: TestUser): Promise<Export> {
  const { data, error } = await who.client.rpc('export_my_data');
  if (error) throw new Error(error.message);
  return data as Export;
}

/** The export without the moment it was made: what must not change. */
const stable = async (who: TestUser) => {
  const { exported_at: _, ...rest } = await exportOf(who);
  return rest;
};

const db = () => backend.server.db;

/** A closed month with one ledger entry and its payout, paid and with tax withheld (or still due). */
async function paidMonth({ brand, brief }: Brief, who: TestUser, month: string, video: string, paid = true) {
  await db().query(`insert into public.month_closes (month, entries, payouts) values ($1, 1, 1) on conflict do nothing`, [month]);
  await db().query(
    `insert into public.ledger_entries (month, tiktok_video_id, video_id, creator_id, brand_id, brand_brief_id, views, counted_to,
       brand_rate_satang, creator_rate_satang, brand_charge_satang, creator_earning_satang, margin_satang)
     values ($1, $2, '7000000000000000001', $3, $4, $5, 100000, 100000, 3000, 2000, 300000, 200000, 100000)`,
    [month, video, who.id, brand.id, brief],
  );
  await db().query(
    `insert into public.payouts (creator_id, month, gross_satang, wht_satang, net_satang, wht_rate_bp, paid_on, reference, paid_at)
     values ($1, $2, 200000, 6000, 194000, 300, $3, $4, $5)`,
    paid ? [who.id, month, '2026-10-05', 'REF-' + who.id.slice(0, 8), new Date().toISOString()] : [who.id, month, null, null, null],
  );
}

async function setUpCreator({ brand, brief }: Brief, who: TestUser, username: string) {
  const { error: joinError } = await who.client.from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: brief });
  if (joinError) throw new Error(joinError.message);
  // Posted just now: after the brief was published (rule 4).
  const video = await insertVideo(backend, { creator: who, n: ++n, postedAt: new Date(Date.now() + 2_000), views: 5_000, brief, brand: brand.id, author: username });
  const saved = await who.client.rpc('save_payout_account', {
    p_method: 'bank', p_bank_code: 'KBANK', p_account_number: '1234567890', p_account_name: 'First Last',
    p_legal_name: 'First Last', p_address: '1 Sukhumvit Rd, Bangkok', p_tax_id: '1234567890121', p_tax_consent: true,
  });
  if (saved.error) throw new Error(saved.error.message);
  await who.client.rpc('save_notification_settings', { p_language: 'th' });
  await db().query(
    `insert into public.tiktok_connections (user_id, is_connected, open_id, display_name, username, connected_at) values ($1, true, $2, 'Me', $3, now())`,
    [who.id, 'open-' + who.id, username],
  );
  await db().query(
    `insert into public.tiktok_tokens (user_id, open_id, access_token_enc, refresh_token_enc, expires_at) values ($1, $2, 'v1.a.b', 'v1.c.d', now() + interval '1 day')`,
    [who.id, 'open-' + who.id],
  );
  return video;
}

async function briefOfNewBrand(): Promise<Brief> {
  const brand = await createUser(backend, 'brand', { website: 'pdpa-brand.example', industry: 'Beauty' });
  const made = await service.from('brand_briefs').insert({ brand_id: brand.id, title: 'Summer launch', description: 'Show the new drink' }).select('id').single();
  if (made.error) throw new Error(made.error.message);
  return { brand, brief: made.data.id as string };
}

/**
 * A test's own people (the deleting tests change them): a brand with a brief two creators joined,
 * each with a video, a payout account, settings, a TikTok connection and a paid September; and
 * another brand.
 */
async function world() {
  const handle = `pdpa.creator${++n}`;
  const [creator, otherCreator, at, otherBrand] = await Promise.all([
    createUser(backend, 'creator', { tiktok_username: handle, first_name: 'Somchai', last_name: 'Jaidee' }),
    createUser(backend, 'creator', { tiktok_username: `pdpa.other${n}` }),
    briefOfNewBrand(),
    createUser(backend, 'brand'),
  ]);
  const [video, otherVideo] = [await setUpCreator(at, creator, handle), await setUpCreator(at, otherCreator, `pdpa.other${n}`)];
  await paidMonth(at, creator, '2026-09-01', video);
  await paidMonth(at, otherCreator, '2026-09-01', otherVideo);
  return { creator, otherCreator, otherBrand, handle, ...at };
}

beforeAll(async () => {
  backend = await startBackend();
  service = backend.service();
}, 60_000);
afterAll(() => backend?.stop());

describe('download my data', () => {
  it('holds everything that is the caller’s and nothing of anyone else', async () => {
    const { creator, otherCreator, brief, handle } = await world();
    const data = await exportOf(creator);
    expect(data.profile).toMatchObject({ id: creator.id, first_name: 'Somchai', last_name: 'Jaidee', tiktok_username: handle });
    expect(data.account.email).toBe(creator.email);
    expect(data.videos).toHaveLength(1);
    expect(data.videos[0].user_id).toBe(creator.id);
    expect(data.video_snapshots.length).toBeGreaterThan(0);
    expect(data.video_snapshots.every((s) => s.tiktok_video_id === data.videos[0].id)).toBe(true);
    expect(data.joins).toEqual([expect.objectContaining({ creator_id: creator.id, brand_brief_id: brief })]);
    expect(data.ledger_entries).toEqual([expect.objectContaining({ creator_id: creator.id, creator_earning_satang: 200000 })]);
    expect(data.statements).toEqual([expect.objectContaining({ creator_id: creator.id, month: '2026-09-01' })]);
    expect(data.payouts).toEqual([expect.objectContaining({ creator_id: creator.id, net_satang: 194000 })]);
    expect(data.payout_account).toMatchObject({ creator_id: creator.id, account_number: '1234567890', tax_id: '1234567890121' });
    expect(data.notification_settings).toMatchObject({ language: 'th' });
    expect(data.tiktok_connection).toMatchObject({ user_id: creator.id, username: handle });
    // Never a token, encrypted or not.
    expect(JSON.stringify(data)).not.toMatch(/access_token|refresh_token|v1\.a\.b/);
    expect(JSON.stringify(data)).not.toContain(otherCreator.id);
    expect(JSON.stringify(data)).not.toContain(otherCreator.email);
  });

  it('gives a brand its briefs, the joins' + "'" + ' notifications and its ledger lines, not other brands’', async () => {
    const { brand, otherBrand, brief } = await world();
    const data = await exportOf(brand);
    expect(data.briefs).toEqual([expect.objectContaining({ id: brief, brand_id: brand.id })]);
    expect(data.ledger_entries).toHaveLength(2);
    expect(data.ledger_entries.every((e) => e.brand_id === brand.id)).toBe(true);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.notifications.every((row) => row.recipient_id === brand.id)).toBe(true);
    expect(data.payouts).toEqual([]);
    expect(data.payout_account).toBeNull();
    expect(JSON.stringify(data)).not.toContain(otherBrand.id);
  });

  it('refuses the signed-out', async () => {
    const { error } = await backend.client().rpc('export_my_data');
    expect(error).not.toBeNull();
    const deletion = await backend.client().rpc('delete_my_account', { p_password: 'password-123' });
    expect(deletion.error).not.toBeNull();
  });
});

describe('delete my account', () => {
  it('changes nothing on a wrong password, and stops guessing after five', async () => {
    const guesser = await createUser(backend, 'creator');
    const before = await stable(guesser);
    for (let i = 0; i < 5; i++) {
      const { data, error } = await guesser.client.rpc('delete_my_account', { p_password: 'not-the-password' });
      expect(error).toBeNull();
      expect(data).toEqual({ deleted: false, code: 'password_incorrect' });
    }
    expect(await stable(guesser)).toEqual(before);
    const sixth = await guesser.client.rpc('delete_my_account', { p_password: guesser.password });
    expect(sixth.error).toMatchObject({ code: 'too_many_attempts' });
    expect(await stable(guesser)).toEqual(before);
    expect((await backend.client().auth.signInWithPassword({ email: guesser.email, password: guesser.password })).error).toBeNull();
  });

  it('refuses while a payout is still due, and the last admin', async () => {
    const owed = await createUser(backend, 'creator');
    await paidMonth(await briefOfNewBrand(), owed, '2026-09-01', crypto.randomUUID(), false);
    expect((await owed.client.rpc('delete_my_account', { p_password: owed.password })).error).toMatchObject({ code: 'payout_due' });
    expect((await backend.client().auth.signInWithPassword({ email: owed.email, password: owed.password })).error).toBeNull();

    const { rows } = await db().query<{ n: number }>(`select count(*)::int as n from public.profiles where user_type = 'admin' and deleted_at is null`);
    expect(rows[0].n).toBe(0);
    const admin = await createUser(backend, 'admin');
    expect((await admin.client.rpc('delete_my_account', { p_password: admin.password })).error).toMatchObject({ code: 'last_admin' });
    const second = await createUser(backend, 'admin');
    expect((await admin.client.rpc('delete_my_account', { p_password: admin.password })).data).toMatchObject({ deleted: true });
    expect((await second.client.rpc('delete_my_account', { p_password: second.password })).error).toMatchObject({ code: 'last_admin' });
  });

  it('erases a creator, signs them out for good, and keeps the tax records anonymised', async () => {
    const { creator, otherCreator, brand, brief } = await world();
    const othersBefore = await stable(otherCreator);
    const session = (await creator.client.auth.getSession()).data.session!;
    const { data: ledgerBefore } = await service.from('ledger_entries').select('*').eq('creator_id', creator.id);

    const { data, error } = await creator.client.rpc('delete_my_account', { p_password: creator.password });
    expect(error).toBeNull();
    expect(data).toEqual({ deleted: true, tax_records_kept: true });

    // Signed out, and no way back in.
    expect((await backend.client().auth.signInWithPassword({ email: creator.email, password: creator.password })).error).not.toBeNull();
    expect((await backend.client().auth.refreshSession({ refresh_token: session.refresh_token })).error).not.toBeNull();
    expect((await backend.client().auth.getUser(session.access_token)).error).not.toBeNull();
    // The access token lives on until it expires (as on hosted Supabase), but a deleted account is no creator any more.
    expect((await creator.client.from('creator_brand_connections').insert({ creator_id: creator.id, brand_brief_id: brief })).error).toMatchObject({
      code: 'only_creators_can_join',
    });
    expect((await creator.client.rpc('save_payout_account', { p_method: 'promptpay', p_promptpay_id: '0812345678' })).error).toMatchObject({ code: 'creators_only' });

    // Personal data gone.
    const { data: profile } = await service.from('profiles').select('*').eq('id', creator.id).single();
    expect(profile).toMatchObject({ first_name: null, last_name: null, tiktok_username: null, website: null, follower_count: null, user_type: 'creator' });
    expect(profile!.deleted_at).not.toBeNull();
    const { rows: users } = await db().query<{ email: string; encrypted_password: string | null; raw_user_meta_data: object; deleted_at: Date | null }>(
      'select email, encrypted_password, raw_user_meta_data, deleted_at from auth.users where id = $1',
      [creator.id],
    );
    expect(users[0]).toMatchObject({ email: `deleted-${creator.id}@deleted.invalid`, encrypted_password: null, raw_user_meta_data: {} });
    expect(users[0].deleted_at).not.toBeNull();
    for (const [table, column] of [
      ['tiktok_videos', 'user_id'], ['creator_brand_connections', 'creator_id'], ['tiktok_connections', 'user_id'], ['tiktok_tokens', 'user_id'],
      ['notifications', 'recipient_id'], ['notification_settings', 'user_id'], ['video_reviews', 'creator_id'],
    ] as const) {
      expect((await service.from(table).select('*').eq(column, creator.id)).data, table).toEqual([]);
    }
    const { rows: sessions } = await db().query('select 1 from auth.sessions where user_id = $1 union all select 1 from auth.identities where user_id = $1', [creator.id]);
    expect(sessions).toEqual([]);

    // What tax law keeps: the ledger unchanged, the payout, and the certificate's payee without a way to pay.
    expect((await service.from('ledger_entries').select('*').eq('creator_id', creator.id)).data).toEqual(ledgerBefore);
    expect((await service.from('payouts').select('creator_id, net_satang, wht_satang').eq('creator_id', creator.id)).data).toEqual([
      { creator_id: creator.id, net_satang: 194000, wht_satang: 6000 },
    ]);
    expect((await service.from('payout_accounts').select('*').eq('creator_id', creator.id).single()).data).toMatchObject({
      method: 'erased', account_number: null, bank_code: null, account_name: null, promptpay_id: null,
      legal_name: 'First Last', tax_id: '1234567890121',
    });

    // The brand's notifications about the creator name no one now.
    const { data: aboutCreator } = await brand.client.from('notifications').select('type, params').eq('type', 'creator_joined');
    expect(aboutCreator!.map((row) => row.params.creator_name).sort()).toEqual(['First Last', 'Unknown Creator']);
    expect(JSON.stringify((await exportOf(brand)).notifications)).not.toContain('Somchai');

    // Nobody else's data changed; the brand still sees its ledger line.
    expect(await stable(otherCreator)).toEqual(othersBefore);
    expect((await exportOf(brand)).ledger_entries.some((e) => e.creator_id === creator.id)).toBe(true);

    // The address is free again: a new sign-up is a new account.
    const again = await backend.client().auth.signUp({ email: creator.email, password: 'another-pass-1', options: { data: { user_type: 'creator' } } });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).not.toBe(creator.id);
  });

  it('closes a brand’s open briefs and tells the creators who joined', async () => {
    const { otherCreator, brand, otherBrand, brief } = await world();
    // Nobody leaves owing: September's invoice first (audit-and-leaving.test.ts has the rest).
    const owing = await brand.client.rpc('delete_my_account', { p_password: brand.password });
    expect(owing.error).toMatchObject({ code: 'brand_owes_money' });
    await db().query(`insert into public.brand_invoice_payments (brand_id, month, paid_on, reference) values ($1, '2026-09-01', '2026-10-05', 'INV-PDPA')`, [brand.id]);
    const { error } = await brand.client.rpc('delete_my_account', { p_password: brand.password });
    expect(error).toBeNull();
    expect((await service.from('brand_briefs').select('status, title').eq('id', brief).single()).data).toEqual({ status: 'closed', title: 'Summer launch' });
    const { data: told } = await otherCreator.client.from('notifications').select('type, params').eq('type', 'brief_closed');
    expect(told).toEqual([expect.objectContaining({ params: expect.objectContaining({ brief }) })]);
    expect((await backend.client().auth.signInWithPassword({ email: brand.email, password: brand.password })).error).not.toBeNull();
    expect((await brand.client.from('brand_briefs').insert({ brand_id: brand.id, title: 'After', description: 'Too late' })).error).toMatchObject({ code: 'only_brands_publish' });
    // The creator's ledger and payouts are theirs still.
    expect((await exportOf(otherCreator)).ledger_entries).toHaveLength(1);
    expect((await exportOf(otherBrand)).briefs).toEqual([]);
  });
});
