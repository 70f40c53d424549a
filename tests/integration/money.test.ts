/**
 * Money (issue 14, docs/money.md rules 11-16): rates kept per brief, the monthly close into
 * immutable satang entries, statements and invoices, carry-over, withholding tax, payout details
 * under the PDPA, and admins marking payments, through supabase-js on the real database.
 * Months in the past are closed: snapshots and reviews are back-dated (time travel without sleeping).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';
import { addSnapshot, insertVideo, updateReview, type VideoFixture } from './helpers/videos';
import { repoRoot } from '../../server/paths';
import { closeMonth, monthInThailand } from './helpers/close-month';

/** docs/money.md's closed-month query, run as the database owner: what a month's entries sum to, recomputed. */
async function reproduce(on: TestBackend, who: string | null, month: string) {
  const doc = await readFile(join(repoRoot, 'docs/money.md'), 'utf8');
  const query = /<!-- ledger-query:start -->\s*```sql\n([\s\S]*?)```\s*<!-- ledger-query:end -->/.exec(doc)![1];
  const row = (await on.server.db.query<Record<string, string>>(query, [who, month])).rows[0];
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
}

let backend: TestBackend;
let service: SupabaseClient;
let creator: TestUser, small: TestUser, otherCreator: TestUser, brand: TestUser, admin: TestUser;
let brief: string;
let n = 0;

const at = (iso: string) => new Date(iso);
// Thailand time: a month starts at 17:00 UTC on the last day of the month before.
const september = '2026-09-01';
const october = '2026-10-01';

async function joinedBrief(createdAt: string): Promise<string> {
  const { data, error } = await service
    .from('brand_briefs')
    .insert({ brand_id: brand.id, title: 'Money brief', description: 'x', created_at: createdAt })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  for (const who of [creator, small, otherCreator]) {
    const joined = await service.from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: data.id });
    if (joined.error) throw new Error(joined.error.message);
  }
  return data.id as string;
}

/** A video of the brief, approved at `approvedAt`, first measured at `measuredAt`. */
async function approvedVideo(fixture: Partial<VideoFixture> & Pick<VideoFixture, 'postedAt' | 'views'>, approvedAt: Date) {
  const id = await insertVideo(backend, { creator, n: ++n, brief, ...fixture });
  await updateReview(backend, id, { submitted_at: fixture.postedAt.toISOString(), status: 'approved', decided_at: approvedAt.toISOString() });
  return id;
}

async function entries(month: string) {
  const { data, error } = await admin.client.from('ledger_entries').select('*').eq('month', month).order('id');
  if (error) throw new Error(error.message);
  return data;
}

beforeAll(async () => {
  backend = await startBackend();
  service = backend.service();
  [creator, small, otherCreator, brand, admin] = await Promise.all([
    createUser(backend, 'creator', { tiktok_username: 'ledger.creator' }),
    createUser(backend, 'creator', { tiktok_username: 'small.creator' }),
    createUser(backend, 'creator', { tiktok_username: 'other.creator' }),
    createUser(backend, 'brand'),
    createUser(backend, 'admin'),
  ]);
  brief = await joinedBrief('2026-08-01T00:00:00Z');
}, 60_000);
afterAll(() => backend?.stop());

describe('rates', () => {
  it('are taken from pay_rates() when a brief is published and never rewritten', async () => {
    const { data: created, error } = await brand.client
      .from('brand_briefs')
      .insert({ brand_id: brand.id, title: 'Rates', description: 'x' })
      .select('id, brand_rate_satang, creator_rate_satang')
      .single();
    expect(error).toBeNull();
    expect(created).toMatchObject({ brand_rate_satang: 1000, creator_rate_satang: 500 });
    // Clients may not write them; even the service role's change is undone.
    const byBrand = await brand.client.from('brand_briefs').update({ brand_rate_satang: 1 }).eq('id', created!.id).select();
    expect(byBrand.error).not.toBeNull();
    await service.from('brand_briefs').update({ brand_rate_satang: 1, creator_rate_satang: 1 }).eq('id', created!.id);
    const { data: kept } = await service.from('brand_briefs').select('brand_rate_satang, creator_rate_satang').eq('id', created!.id).single();
    expect(kept).toEqual({ brand_rate_satang: 1000, creator_rate_satang: 500 });
  });
});

describe('closing a month', () => {
  const ids: Record<string, string> = {};

  it('is for admins only, and only once the month is over', async () => {
    const written = async () => (await admin.client.from('ledger_entries').select('*', { count: 'exact', head: true })).count;
    const before = await written();
    expect(before).toEqual(expect.any(Number));
    for (const who of [creator, brand]) {
      expect((await closeMonth(who.client, september)).error).toMatchObject({ code: 'admin_only' });
    }
    expect((await closeMonth(backend.client(), september)).error).not.toBeNull();
    // This month, in Thailand time, whenever the test runs (a fixed month is over one day).
    expect((await closeMonth(admin.client, monthInThailand(0).key)).error).toMatchObject({ code: 'month_not_over' });
    // None of them wrote an entry (none at all when no month is closed yet).
    expect(await written()).toBe(before);
  });

  // One story, step by step: a month closes once, and each step reads what the ones before wrote.
  it('writes what counted at the month end, once, and keeps it immutable: a correction is a new entry, summed into statements and invoices', async () => {
    // What counted at the month end is written: views measured after it, or approved after it, wait for the next month.
    // Posted 5 Sep, approved 6 Sep: 10,001 views measured on 20 Sep, 15,000 on 2 Oct.
    ids.counted = await approvedVideo({ postedAt: at('2026-09-05T03:00:00Z'), views: 4_000, measuredAt: at('2026-09-05T09:00:00Z') }, at('2026-09-06T00:00:00Z'));
    await addSnapshot(backend, ids.counted, { at: at('2026-09-20T00:00:00Z'), views: 10_001 });
    await addSnapshot(backend, ids.counted, { at: at('2026-10-02T00:00:00Z'), views: 15_000 });
    // Measured in September, approved on 1 Oct (Thailand), before 72 hours passed: October's.
    ids.late = await approvedVideo({ postedAt: at('2026-09-29T00:00:00Z'), views: 3_000, measuredAt: at('2026-09-29T06:00:00Z') }, at('2026-09-30T18:00:00Z'));
    // Submitted 10 Sep, never answered: auto-approved after 72 hours.
    ids.auto = await insertVideo(backend, { creator, n: ++n, brief, postedAt: at('2026-09-10T00:00:00Z'), views: 999, measuredAt: at('2026-09-10T05:00:00Z') });
    await updateReview(backend, ids.auto, { submitted_at: '2026-09-10T01:00:00Z' });
    // Rejected, estimated and someone else's videos count nothing.
    ids.rejected = await insertVideo(backend, { creator, n: ++n, brief, postedAt: at('2026-09-11T00:00:00Z'), views: 5_000, measuredAt: at('2026-09-11T05:00:00Z') });
    await updateReview(backend, ids.rejected, { submitted_at: '2026-09-11T01:00:00Z', status: 'rejected', reason: 'quality', decided_at: '2026-09-11T02:00:00Z' });
    await approvedVideo({ postedAt: at('2026-09-12T00:00:00Z'), views: 7_000, source: 'estimate' }, at('2026-09-12T01:00:00Z'));
    await approvedVideo({ postedAt: at('2026-09-12T00:00:00Z'), views: 7_000, author: 'someone.else', measuredAt: at('2026-09-12T05:00:00Z') }, at('2026-09-12T06:00:00Z'));

    const { data, error } = await closeMonth(admin.client, september);
    expect(error).toBeNull();
    expect(data).toMatchObject({ month: september, entries: 2, already_closed: false });
    const rows = await entries(september);
    expect(rows.map((row) => [row.tiktok_video_id, row.views, row.brand_charge_satang, row.creator_earning_satang, row.margin_satang])).toEqual([
      [ids.counted, 10_001, 10_001, 5_000, 5_001],
      [ids.auto, 999, 999, 499, 500],
    ]);
    expect(rows.every((row) => row.snapshot_id !== null && row.brand_rate_satang === 1000 && row.creator_rate_satang === 500)).toBe(true);

    // Run again, the close changes nothing.
    const { data: again } = await closeMonth(admin.client, '2026-09-17');
    expect(again).toMatchObject({ month: september, entries: 2, already_closed: true });
    expect(await entries(september)).toHaveLength(2);

    // An earlier month cannot be closed once a later one is.
    expect((await closeMonth(admin.client, '2026-08-01')).error).toMatchObject({ code: 'later_month_closed' });

    // Entries are immutable for every role: a correction is a new entry.
    const [first] = await entries(september);
    for (const client of [admin.client, creator.client, brand.client, service]) {
      await client.from('ledger_entries').update({ views: 1 }).eq('id', first.id);
      await client.from('ledger_entries').delete().eq('id', first.id);
    }
    const direct = await service.from('ledger_entries').update({ views: 1 }).eq('id', first.id);
    expect(direct.error).toMatchObject({ code: 'ledger_immutable' });
    expect(await entries(september)).toEqual([first, (await entries(september))[1]]);

    // October: the counted video gained 4,999 views, the late one counts; then an admin excludes the auto-approved one.
    // Rounding is cumulative: the counted video's 15,000 views earn ฿75.00 in all, so October's entry is
    // 7,500 − 5,000 = 2,500 satang (its own 4,999 views would round down to 2,499), and the correction
    // takes back exactly the 499 satang paid.
    expect((await admin.client.rpc('admin_exclude_video', { p_video: ids.auto, p_reason: 'Bought views' })).error).toBeNull();
    expect((await closeMonth(admin.client, october)).error).toBeNull();
    const octoberRows = await entries(october);
    expect(octoberRows.map((row) => [row.tiktok_video_id, row.views, row.creator_earning_satang, row.counted_to])).toEqual(
      expect.arrayContaining([
        [ids.counted, 4_999, 2_500, 15_000],
        [ids.late, 3_000, 1_500, 3_000],
        [ids.auto, -999, -499, 0],
      ]),
    );
    const correction = octoberRows.find((row) => row.tiktok_video_id === ids.auto)!;
    expect(correction.previous_entry_id).toBe((await entries(september))[1].id);

    // The entries sum into the creator's statements and the brand's invoices, which others cannot read.
    const { data: statements } = await creator.client.from('creator_statements').select('*').order('month');
    const gross = (month: string) => (statements ?? []).find((row) => row.month === month)?.gross_satang;
    expect(gross(september)).toBe(5_499);
    expect(gross(october)).toBe(2_500 + 1_500 - 499);
    const { data: invoices } = await brand.client.from('brand_invoices').select('*').order('month');
    expect(invoices?.map((row) => [row.month, row.views, row.amount_satang, row.status])).toEqual([
      [september, 11_000, 11_000, 'due'],
      [october, 4_999 + 3_000 - 999, 4_999 + 3_000 - 999, 'due'],
    ]);
    expect(await reproduce(backend, creator.id, october)).toMatchObject({ creator_gross_satang: gross(october) });
    expect(await reproduce(backend, brand.id, october)).toMatchObject({ views: 4_999 + 3_000 - 999, brand_charge_satang: 4_999 + 3_000 - 999 });
    expect((await otherCreator.client.from('creator_statements').select('*')).data).toEqual([]);
    expect((await otherCreator.client.from('ledger_entries').select('*')).data).toEqual([]);
    expect((await otherCreator.client.from('brand_invoices').select('*')).data).toEqual([]);
  });
});

describe('payouts', () => {
  let payouts: TestBackend;
  let big: TestUser, edge: TestUser, carried: TestUser, payBrand: TestUser, payAdmin: TestUser;
  let payBrief: string;
  let juneClose: unknown;
  const june = '2026-06-01';
  const july = '2026-07-01';
  const august = '2026-08-01';

  async function paidVideo(who: TestUser, username: string, postedAt: string, views: number) {
    const id = await insertVideo(payouts, { creator: who, n: ++n, brief: payBrief, author: username, postedAt: at(postedAt), views, measuredAt: at(postedAt) });
    await updateReview(payouts, id, { submitted_at: postedAt, status: 'approved', decided_at: postedAt });
    return id;
  }
  const payoutOf = async (who: TestUser, month: string) =>
    (await payAdmin.client.from('payouts').select('*').eq('creator_id', who.id).eq('month', month).maybeSingle()).data;

  beforeAll(async () => {
    payouts = await startBackend();
    [big, edge, carried, payBrand, payAdmin] = await Promise.all([
      createUser(payouts, 'creator', { tiktok_username: 'big.creator' }),
      createUser(payouts, 'creator', { tiktok_username: 'edge.creator' }),
      createUser(payouts, 'creator', { tiktok_username: 'carried.creator' }),
      createUser(payouts, 'brand'),
      createUser(payouts, 'admin'),
    ]);
    const s = payouts.service();
    const { data } = await s.from('brand_briefs').insert({ brand_id: payBrand.id, title: 'Pay', description: 'x', created_at: '2026-01-01T00:00:00Z' }).select('id').single();
    payBrief = data!.id;
    for (const who of [big, edge, carried]) await s.from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: payBrief });

    // June and July, closed: what the tests below read and pay.
    await paidVideo(big, 'big.creator', '2026-06-05T00:00:00Z', 200_000);
    await paidVideo(edge, 'edge.creator', '2026-06-05T00:00:00Z', 199_998);
    await paidVideo(carried, 'carried.creator', '2026-06-05T00:00:00Z', 19_998);
    juneClose = (await closeMonth(payAdmin.client, june)).data;
    // July: 2 more views (1 satang) bring the carried creator to 100 baht.
    await paidVideo(carried, 'carried.creator', '2026-07-03T00:00:00Z', 2);
    await closeMonth(payAdmin.client, july);
  }, 120_000);
  afterAll(() => payouts?.stop());

  // One story: a payout, once marked paid, stays paid.
  it('withholds 3% from a gross of 1,000 baht, not from 999.99, carries a net under 100 baht over, and is marked paid by admins only, once, with a reference and a date, in the audit log', async () => {
    expect(juneClose).toMatchObject({ payouts: 2 });
    expect(await payoutOf(big, june)).toMatchObject({ gross_satang: 100_000, wht_satang: 3_000, net_satang: 97_000, paid_at: null });
    expect(await payoutOf(edge, june)).toMatchObject({ gross_satang: 99_999, wht_satang: 0, net_satang: 99_999 });
    expect(await payoutOf(carried, june)).toBeNull();

    // In July, the carried creator reached 100 baht.
    expect(await payoutOf(carried, july)).toMatchObject({ gross_satang: 10_000, wht_satang: 0, net_satang: 10_000 });
    const { data: statements } = await carried.client.from('creator_statements').select('*').order('month');
    expect(statements?.map((row) => [row.month, row.gross_satang, row.net_satang, row.carried_in_satang, row.status, row.carried_to])).toEqual([
      [june, 9_999, 0, 0, 'carried_over', july],
      [july, 1, 10_000, 9_999, 'due', null],
    ]);

    // Marked paid by admins only, once, with a reference and a date, in the audit log: to the big
    // creator, who gives payout details with the tax ID.
    expect(
      (await big.client.rpc('save_payout_account', { p_method: 'promptpay', p_promptpay_id: '081-234-5678', p_legal_name: 'Somchai Jaidee', p_tax_id: '1-2345-67890-12-1', p_tax_consent: true })).error,
    ).toBeNull();
    const payout = await payoutOf(big, june);
    const mark = (who: TestUser, args: Record<string, unknown>) => who.client.rpc('mark_payout_paid', { p_payout_id: payout!.id, ...args });
    for (const who of [big, payBrand]) {
      expect((await mark(who, { p_reference: 'X', p_paid_on: '2026-07-05' })).error).toMatchObject({ code: 'admin_only' });
    }
    expect((await mark(payAdmin, { p_reference: ' ', p_paid_on: '2026-07-05' })).error).toMatchObject({ code: 'payment_reference_required' });
    // A creator who gave no payout details cannot be marked paid: there was nowhere to pay.
    const unpaid = await payoutOf(edge, june);
    expect((await payAdmin.client.rpc('mark_payout_paid', { p_payout_id: unpaid!.id, p_reference: 'KB1', p_paid_on: '2026-07-05' })).error).toMatchObject({ code: 'payout_details_missing' });
    expect((await mark(payAdmin, { p_reference: 'KB123', p_paid_on: '2099-01-01' })).error).toMatchObject({ code: 'payment_date_invalid' });
    expect((await mark(payAdmin, { p_reference: 'KB123', p_paid_on: '2026-07-05' })).error).toBeNull();
    expect((await mark(payAdmin, { p_reference: 'KB124', p_paid_on: '2026-07-05' })).error).toMatchObject({ code: 'payout_already_paid' });

    const { data: statement } = await big.client.from('creator_statements').select('status, paid_on, reference, wht_satang').eq('month', june).single();
    expect(statement).toEqual({ status: 'paid', paid_on: '2026-07-05', reference: 'KB123', wht_satang: 3_000 });
    const { data: audit } = await payAdmin.client.from('admin_audit_log').select('action, target_id, details').eq('action', 'mark_payout_paid');
    expect(audit).toEqual([{ action: 'mark_payout_paid', target_id: payout!.id, details: expect.objectContaining({ reference: 'KB123', net_satang: 97_000 }) }]);
    expect((await payouts.service().from('payouts').update({ net_satang: 1 }).eq('id', payout!.id)).error).toMatchObject({ code: 'payout_immutable' });

    const { data: pnd3 } = await payAdmin.client.rpc('pnd3_rows', { p_month: '2026-07-01' });
    expect(pnd3).toEqual([expect.objectContaining({ payout_id: payout!.id, tax_id: '1234567890121', legal_name: 'Somchai Jaidee', gross_satang: 100_000, wht_satang: 3_000 })]);
    expect((await big.client.rpc('pnd3_rows', { p_month: '2026-07-01' })).error).toMatchObject({ code: 'admin_only' });
  });

  it('keeps payout details and the tax ID to their owner and admins, the tax ID only with consent', async () => {
    // A creator of the test's own, who gave no payout details yet.
    const saver = await createUser(payouts, 'creator', { tiktok_username: 'saver.creator' });
    const save = (who: TestUser, args: Record<string, unknown>) => who.client.rpc('save_payout_account', args);
    expect((await save(saver, { p_method: 'promptpay', p_promptpay_id: '12345' })).error).toMatchObject({ code: 'promptpay_id_invalid' });
    expect((await save(saver, { p_method: 'bank', p_bank_code: 'NOPE', p_account_number: '1234567890', p_account_name: 'A' })).error).toMatchObject({ code: 'bank_invalid' });
    expect((await save(saver, { p_method: 'promptpay', p_promptpay_id: '081-234-5678', p_tax_id: '1234567890123', p_tax_consent: true })).error).toMatchObject({ code: 'tax_id_invalid' });
    expect((await save(saver, { p_method: 'promptpay', p_promptpay_id: '081-234-5678', p_tax_id: '1234567890121' })).error).toMatchObject({ code: 'tax_consent_required' });
    expect((await save(payBrand, { p_method: 'promptpay', p_promptpay_id: '0812345678' })).error).toMatchObject({ code: 'creators_only' });
    expect((await saver.client.from('payout_accounts').select('*')).data).toEqual([]);

    const saved = await save(saver, { p_method: 'promptpay', p_promptpay_id: '081-234-5678', p_legal_name: 'Somchai Jaidee', p_tax_id: '1-2345-67890-12-1', p_tax_consent: true });
    expect(saved.error).toBeNull();
    expect((await saver.client.from('payout_accounts').select('promptpay_id, tax_id, tax_consent_at').single()).data).toMatchObject({
      promptpay_id: '0812345678',
      tax_id: '1234567890121',
      tax_consent_at: expect.any(String),
    });
    for (const outsider of [edge, payBrand]) {
      expect((await outsider.client.from('payout_accounts').select('*')).data).toEqual([]);
    }
    expect((await payAdmin.client.from('payout_accounts').select('creator_id, tax_id').eq('creator_id', saver.id)).data).toEqual([{ creator_id: saver.id, tax_id: '1234567890121' }]);
    // A direct write is not allowed: only save_payout_account() writes.
    expect((await saver.client.from('payout_accounts').update({ tax_id: null }).eq('creator_id', saver.id)).error).not.toBeNull();
  });

  it("marks a brand's invoice paid, admins only, once", async () => {
    const mark = (who: TestUser) => who.client.rpc('mark_invoice_paid', { p_brand_id: payBrand.id, p_month: june, p_reference: 'INV-1', p_paid_on: '2026-07-10' });
    expect((await mark(payBrand)).error).toMatchObject({ code: 'admin_only' });
    expect((await mark(payAdmin)).error).toBeNull();
    expect((await mark(payAdmin)).error).toMatchObject({ code: 'invoice_already_paid' });
    const { data: lines } = await payBrand.client.from('brand_invoice_lines').select('month, title, views, amount_satang').eq('month', june);
    expect(lines).toEqual([{ month: june, title: 'Pay', views: 200_000 + 199_998 + 19_998, amount_satang: 200_000 + 199_998 + 19_998 }]);
    expect((await big.client.from('brand_invoice_lines').select('*')).data).toEqual([]);
    const { data } = await payBrand.client.from('brand_invoices').select('month, status, reference, amount_satang').order('month');
    expect(data).toEqual([
      { month: june, status: 'paid', reference: 'INV-1', amount_satang: 200_000 + 199_998 + 19_998 },
      { month: july, status: 'due', reference: null, amount_satang: 2 },
    ]);
  });

  it('keeps creator earning + platform margin = brand charge to the satang on every line of a month of 1,000 videos', async () => {
    const s = payouts.service();
    // Creators, a brand and a brief of the test's own: August's entries are theirs alone.
    const usernames = ['one.august', 'two.august', 'three.august'];
    const creators = await Promise.all(usernames.map((username) => createUser(payouts, 'creator', { tiktok_username: username })));
    const augustBrand = await createUser(payouts, 'brand');
    const { data: augustBrief } = await s.from('brand_briefs').insert({ brand_id: augustBrand.id, title: 'August', description: 'x', created_at: '2026-01-01T00:00:00Z' }).select('id').single();
    for (const who of creators) expect((await s.from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: augustBrief!.id })).error).toBeNull();
    const rows = Array.from({ length: 1_000 }, (_, i) => {
      const who = creators[i % 3];
      const username = usernames[i % 3];
      const postedAt = new Date(Date.UTC(2026, 7, 1 + (i % 28), 1, 0, 0));
      const videoId = ((BigInt(Math.floor(postedAt.getTime() / 1000)) << 32n) | BigInt(10_000 + i)).toString();
      const views = (i * 7_919) % 250_003;
      return {
        user_id: who.id, video_id: videoId, share_url: `https://www.tiktok.com/@${username}/video/${videoId}`, author_username: username,
        brand_brief_id: augustBrief!.id, view_count: views, like_count: 0, comment_count: 0, share_count: 0, is_estimated: false,
        metrics_source: 'sandbox', metrics_updated_at: new Date(postedAt.getTime() + 3_600_000).toISOString(),
      };
    });
    // In requests of 100, as an API client would: each row runs the ledger's triggers, and a request
    // stays well inside the role's statement timeout on a busy machine (250 a request once met it).
    for (let from = 0; from < rows.length; from += 100) {
      expect((await s.from('tiktok_videos').insert(rows.slice(from, from + 100))).error).toBeNull();
    }
    // The first snapshot is taken at insertion (now): back-date the reviews so everything is approved in August,
    // and measure each again inside August.
    const { data: videos, error } = await s.from('tiktok_videos').select('id, view_count').gte('posted_at', '2026-08-01').lt('posted_at', '2026-09-01');
    expect(error).toBeNull();
    const measured = videos!.map((video) => ({
      tiktok_video_id: video.id, measured_at: '2026-08-29T00:00:00Z', view_count: video.view_count, like_count: 0, comment_count: 0, share_count: 0, source: 'sandbox',
    }));
    for (let from = 0; from < measured.length; from += 100) {
      expect((await s.from('video_snapshots').insert(measured.slice(from, from + 100))).error).toBeNull();
    }
    for (const who of creators) {
      const approved = { status: 'approved', decided_at: '2026-08-01T00:00:00Z', submitted_at: '2026-08-01T00:00:00Z' };
      expect((await s.from('video_reviews').update(approved).eq('brand_id', augustBrand.id).eq('creator_id', who.id).eq('status', 'pending')).error).toBeNull();
    }

    expect((await closeMonth(payAdmin.client, august)).error).toBeNull();
    type Entry = { creator_id: string; views: number; creator_rate_satang: number; brand_rate_satang: number; creator_earning_satang: number; brand_charge_satang: number; margin_satang: number };
    const lines: Entry[] = [];
    for (let from = 0; ; from += 1_000) {
      const { data } = await payAdmin.client.from('ledger_entries').select('*').eq('month', august).order('id').range(from, from + 999);
      lines.push(...data!);
      if (data!.length < 1_000) break;
    }
    expect(lines.length).toBe(rows.filter((row) => row.view_count > 0).length);
    for (const line of lines) {
      expect(line.creator_earning_satang + line.margin_satang).toBe(line.brand_charge_satang);
      expect(line.creator_earning_satang).toBe(Math.floor((line.views * line.creator_rate_satang) / 1000));
      expect(line.brand_charge_satang).toBe(Math.floor((line.views * line.brand_rate_satang) / 1000));
    }
    const { data: statements } = await payAdmin.client.from('creator_statements').select('creator_id, gross_satang').eq('month', august);
    for (const statement of statements!) {
      const sum = lines.filter((line) => line.creator_id === statement.creator_id).reduce((total, line) => total + line.creator_earning_satang, 0);
      expect(statement.gross_satang).toBe(sum);
      expect((await reproduce(payouts, statement.creator_id, august)).creator_gross_satang).toBe(sum);
    }
    const total = (pick: (line: Entry) => number) => lines.reduce((sum, line) => sum + pick(line), 0);
    expect(await reproduce(payouts, null, august)).toEqual({
      views: total((line) => line.views),
      creator_gross_satang: total((line) => line.creator_earning_satang),
      brand_charge_satang: total((line) => line.brand_charge_satang),
      margin_satang: total((line) => line.margin_satang),
    });
  }, 300_000); // 110 s alone on PGlite (1,000 videos through every trigger): a busy machine doubles it
});

describe('budgets', () => {
  let budgets: TestBackend;
  let a: TestUser, b: TestUser, c: TestUser, late: TestUser, budgetBrand: TestUser, otherBrand: TestUser, budgetAdmin: TestUser;
  let budgetBrief: string;
  const ids: Record<string, string> = {};

  const ledgerOf = async (id: string) =>
    (await budgets.service().from('video_ledger').select('counted_views, pending_views').eq('id', id).single()).data;
  const listing = async () =>
    (await late.client.from('brief_listings').select('budget_satang, budget_remaining_satang, budget_reached, brand_rate_satang, creator_rate_satang').eq('id', budgetBrief).single()).data;

  beforeAll(async () => {
    budgets = await startBackend();
    [a, b, c, late, budgetBrand, otherBrand, budgetAdmin] = await Promise.all([
      createUser(budgets, 'creator', { tiktok_username: 'a.creator' }),
      createUser(budgets, 'creator', { tiktok_username: 'b.creator' }),
      createUser(budgets, 'creator', { tiktok_username: 'c.creator' }),
      createUser(budgets, 'creator', { tiktok_username: 'late.creator' }),
      createUser(budgets, 'brand'),
      createUser(budgets, 'brand'),
      createUser(budgets, 'admin'),
    ]);
    // Published with a budget of 1,000 baht: at 10 baht per 1,000 views, 100,000 views.
    const { data, error } = await budgetBrand.client
      .from('brand_briefs')
      .insert({ brand_id: budgetBrand.id, title: 'Budgeted', description: 'x', budget_satang: 100_000 })
      .select('id')
      .single();
    expect(error).toBeNull();
    budgetBrief = data!.id;
    await budgets.service().from('brand_briefs').update({ created_at: '2026-09-01T00:00:00Z' }).eq('id', budgetBrief);
    for (const who of [a, b, c]) {
      expect((await who.client.from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: budgetBrief })).error).toBeNull();
    }
  }, 60_000);
  afterAll(() => budgets?.stop());

  // One story, step by step: each step's budget is what the steps before left of it.
  it('admits views in the order measured, cut at the exact view; gives a rejected place on; closes what it admitted; and counts cut views again once raised', async () => {
    // Views are admitted in the order they were measured, and cut at the exact view.
    ids.a = await insertVideo(budgets, { creator: a, n: ++n, brief: budgetBrief, author: 'a.creator', postedAt: at('2026-10-02T00:00:00Z'), views: 60_000, measuredAt: at('2026-10-03T00:00:00Z') });
    await updateReview(budgets, ids.a, { submitted_at: '2026-10-02T00:00:00Z', status: 'approved', decided_at: '2026-10-02T01:00:00Z' });
    // B's video waits for review: its views hold their place in the budget.
    ids.b = await insertVideo(budgets, { creator: b, n: ++n, brief: budgetBrief, author: 'b.creator', postedAt: at('2026-10-02T00:00:00Z'), views: 30_000, measuredAt: at('2026-10-04T00:00:00Z') });
    await addSnapshot(budgets, ids.a, { at: at('2026-10-05T00:00:00Z'), views: 80_000 });
    await addSnapshot(budgets, ids.b, { at: at('2026-10-06T00:00:00Z'), views: 35_000 });

    expect(await ledgerOf(ids.a)).toEqual({ counted_views: 70_000, pending_views: 0 });
    expect(await ledgerOf(ids.b)).toEqual({ counted_views: 0, pending_views: 30_000 });
    expect(await listing()).toEqual({ budget_satang: 100_000, budget_remaining_satang: 0, budget_reached: true, brand_rate_satang: 1_000, creator_rate_satang: 500 });
    expect((await late.client.from('creator_brand_connections').insert({ creator_id: late.id, brand_brief_id: budgetBrief })).error).toMatchObject({ code: 'budget_reached' });

    // A rejected video's place goes to the views measured after it.
    expect((await budgetBrand.client.rpc('review_video', { p_video: ids.b, p_decision: 'reject', p_reason: 'quality' })).error).toBeNull();
    expect(await ledgerOf(ids.a)).toEqual({ counted_views: 80_000, pending_views: 0 });
    expect(await listing()).toMatchObject({ budget_remaining_satang: 20_000, budget_reached: false });

    ids.c = await insertVideo(budgets, { creator: c, n: ++n, brief: budgetBrief, author: 'c.creator', postedAt: at('2026-10-02T00:00:00Z'), views: 50_000, measuredAt: at('2026-10-07T00:00:00Z') });
    await updateReview(budgets, ids.c, { submitted_at: '2026-10-02T00:00:00Z', status: 'approved', decided_at: '2026-10-02T01:00:00Z' });
    expect(await ledgerOf(ids.c)).toEqual({ counted_views: 20_000, pending_views: 0 });
    expect(await listing()).toMatchObject({ budget_remaining_satang: 0, budget_reached: true });

    // The month closes with what the budget admitted by its end; the brand reads its spend and runway.
    expect((await closeMonth(budgetAdmin.client, october)).error).toBeNull();
    const { data: lines } = await budgetAdmin.client.from('ledger_entries').select('tiktok_video_id, views, brand_charge_satang').eq('month', october);
    // At October's end B's video still awaited review (rejected in November) and held 30,000 views of the
    // budget: October pays A's 70,000 and nothing of C's; the views the rejection freed go to the next close.
    expect(lines).toEqual([{ tiktok_video_id: ids.a, views: 70_000, brand_charge_satang: 70_000 }]);
    expect(await reproduce(budgets, budgetBrand.id, october)).toEqual({ views: 70_000, creator_gross_satang: 35_000, brand_charge_satang: 70_000, margin_satang: 35_000 });

    const { data: history, error } = await budgetBrand.client.rpc('brief_budget_history', { p_brief: budgetBrief });
    expect(error).toBeNull();
    expect(history).toMatchObject({ budgetSatang: 100_000, spentSatang: 100_000, remainingSatang: 0, budgetReached: true, last7DaysSatang: 0, runwayDays: null });
    expect(history.days).toHaveLength(30);
    expect((await otherBrand.client.rpc('brief_budget_history', { p_brief: budgetBrief })).error).toMatchObject({ code: 'opportunity_not_found' });

    // The brand raises the budget, and the views it cut count again.
    expect((await budgetBrand.client.from('brand_briefs').update({ budget_satang: 150_000 }).eq('id', budgetBrief)).error).toBeNull();
    expect(await ledgerOf(ids.c)).toEqual({ counted_views: 50_000, pending_views: 0 });
    expect(await listing()).toMatchObject({ budget_remaining_satang: 20_000, budget_reached: false });
  });
});
