/**
 * Issue 29, item 5, through supabase-js on the real database. Nobody leaves owing: a brand with
 * an invoice not paid, or with counted views no close has billed yet, cannot delete its account,
 * and the refusal says how much is open in satang; a brand that owes nothing leaves, and the books
 * stay.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';
import { approve, hoursAgo, insertVideo, updateReview } from './helpers/videos';

let backend: TestBackend;
let service: SupabaseClient;
let admin: TestUser, leavingCreator: TestUser, auditCreator: TestUser, liveCreator: TestUser;
let leavingBrand: TestUser, auditBrand: TestUser, liveBrand: TestUser;
let n = 0;
const september = '2026-09-01';

async function briefOf(brand: TestUser, createdAt: string, creators: TestUser[]): Promise<string> {
  const { data, error } = await service.from('brand_briefs').insert({ brand_id: brand.id, title: 'Brief', description: 'x', created_at: createdAt }).select('id').single();
  if (error) throw new Error(error.message);
  for (const who of creators) {
    const joined = await service.from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: data.id });
    if (joined.error) throw new Error(joined.error.message);
  }
  return data.id as string;
}

/** A video posted and approved in September 2026, measured at `views` there. */
async function septemberVideo(who: TestUser, username: string, brief: string, views: number) {
  const id = await insertVideo(backend, { creator: who, n: ++n, brief, author: username, postedAt: new Date('2026-09-05T03:00:00Z'), views, measuredAt: new Date('2026-09-05T09:00:00Z') });
  await updateReview(backend, id, { submitted_at: '2026-09-05T03:00:00Z', status: 'approved', decided_at: '2026-09-06T00:00:00Z' });
  return id;
}

const deleteAccount = (who: TestUser) => who.client.rpc('delete_my_account', { p_password: who.password });

type Refusal = { code: string; message: string; details: string | null };
const figures = (error: Refusal | null) => (error?.details ? (JSON.parse(error.details) as Record<string, unknown>) : null);

beforeAll(async () => {
  backend = await startBackend();
  service = backend.service();
  [admin, leavingCreator, auditCreator, liveCreator, leavingBrand, auditBrand, liveBrand] = await Promise.all([
    createUser(backend, 'admin', { first_name: 'Ada', last_name: 'Root' }),
    createUser(backend, 'creator', { first_name: 'Lek', last_name: 'Leaving', tiktok_username: 'lek.leaving' }),
    createUser(backend, 'creator', { first_name: 'Nok', last_name: 'Audit', tiktok_username: 'nok.audit' }),
    createUser(backend, 'creator', { first_name: 'Pim', last_name: 'Live', tiktok_username: 'pim.live' }),
    createUser(backend, 'brand', { first_name: 'Leaving Co' }),
    createUser(backend, 'brand', { first_name: 'Audit Foods' }),
    createUser(backend, 'brand', { first_name: 'Live Drinks' }),
  ]);
  // September: 30,000 views for Leaving Co (฿300.00), 40,000 for Audit Foods (฿400.00; Nok earns ฿200.00, a payout).
  await septemberVideo(leavingCreator, 'lek.leaving', await briefOf(leavingBrand, '2026-08-01T00:00:00Z', [leavingCreator]), 30_000);
  await septemberVideo(auditCreator, 'nok.audit', await briefOf(auditBrand, '2026-08-01T00:00:00Z', [auditCreator]), 40_000);
  const closed = await admin.client.rpc('close_month', { p_month: september });
  if (closed.error) throw new Error(closed.error.message);
}, 90_000);
afterAll(() => backend?.stop());

describe('nobody leaves owing', () => {
  it('refuses a brand with an invoice not paid, saying how much; once paid it leaves, and the books stay', async () => {
    const { data, error } = await deleteAccount(leavingBrand);
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: 'brand_owes_money' });
    expect(error!.message).toContain('30000 satang');
    expect(figures(error)).toEqual({
      open_satang: 30_000, invoices_due_satang: 30_000, unclosed_satang: 0, due_months: [{ month: september, amount_satang: 30_000 }],
    });
    // Nothing changed: still signed in, still a brand with its brief open.
    expect((await backend.client().auth.signInWithPassword({ email: leavingBrand.email, password: leavingBrand.password })).error).toBeNull();
    expect((await service.from('brand_briefs').select('status').eq('brand_id', leavingBrand.id)).data).toEqual([{ status: 'open' }]);

    expect((await admin.client.rpc('mark_invoice_paid', { p_brand_id: leavingBrand.id, p_month: september, p_reference: 'SCB-LEAVE-1', p_paid_on: '2026-10-03' })).error).toBeNull();
    const { data: deleted, error: none } = await deleteAccount(leavingBrand);
    expect(none).toBeNull();
    expect(deleted).toEqual({ deleted: true, tax_records_kept: true });
    // What the law keeps: the entries, the invoice and its payment.
    expect((await admin.client.from('ledger_entries').select('brand_charge_satang').eq('brand_id', leavingBrand.id)).data).toEqual([{ brand_charge_satang: 30_000 }]);
    expect((await admin.client.from('brand_invoices').select('month, amount_satang, status, reference').eq('brand_id', leavingBrand.id)).data).toEqual([
      { month: september, amount_satang: 30_000, status: 'paid', reference: 'SCB-LEAVE-1' },
    ]);
    expect((await service.from('profiles').select('first_name, deleted_at').eq('id', leavingBrand.id).single()).data).toMatchObject({ first_name: null, deleted_at: expect.any(String) });
  });

  it('refuses a brand whose counted views no close has billed yet, with the amount to the satang', async () => {
    const brief = await briefOf(liveBrand, hoursAgo(48).toISOString(), [liveCreator]);
    // Measured now: in the month that is still open, whatever the day.
    const counted = await insertVideo(backend, { creator: liveCreator, n: ++n, brief, author: 'pim.live', postedAt: hoursAgo(2), views: 12_345 });
    await approve(backend, counted);
    // Views waiting for the brand's review count nothing yet.
    await insertVideo(backend, { creator: liveCreator, n: ++n, brief, author: 'pim.live', postedAt: hoursAgo(1), views: 50_000 });

    const { error } = await deleteAccount(liveBrand);
    expect(error).toMatchObject({ code: 'brand_owes_money' });
    expect(figures(error)).toEqual({ open_satang: 12_345, invoices_due_satang: 0, unclosed_satang: 12_345, due_months: [] });
    expect((await backend.client().auth.signInWithPassword({ email: liveBrand.email, password: liveBrand.password })).error).toBeNull();
  });

  it('lets a brand that owes nothing delete its account', async () => {
    const quiet = await createUser(backend, 'brand', { first_name: 'Quiet Brand' });
    await briefOf(quiet, hoursAgo(5).toISOString(), []);
    const { data, error } = await deleteAccount(quiet);
    expect(error).toBeNull();
    expect(data).toEqual({ deleted: true, tax_records_kept: false });
    expect((await backend.client().auth.signInWithPassword({ email: quiet.email, password: quiet.password })).error).not.toBeNull();
  });
});
