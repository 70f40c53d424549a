/**
 * Issue 29, items 5 and 11, through supabase-js on the real database.
 * Nobody leaves owing: a brand with an invoice not paid, or with counted views no close has billed
 * yet, cannot delete its account, and the refusal says how much is open in satang; a brand that
 * owes nothing leaves, and the books stay. A complete audit log: every admin action that touches
 * money or people is in admin_audit_page with its target named and its reason or reference.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '@/i18n/locales/en/admin.json';
import thAdmin from '@/i18n/locales/th/admin.json';
import { auditActions, type AuditRow } from '@/lib/database';
import { closeDueMonths } from '../../server/functions/scheduled';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';
import { approve, hoursAgo, insertVideo, updateReview } from './helpers/videos';
import { closeMonth } from './helpers/close-month';

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
  const closed = await closeMonth(admin.client, september);
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
    // The audit log keeps the payment, by the invoice's number; the brand's name went with the account.
    const { data: audit } = await admin.client.rpc('admin_audit_page', { p_limit: 100 });
    expect((audit.rows as AuditRow[]).filter((row) => row.action === 'mark_invoice_paid' && row.target_id === leavingBrand.id)).toEqual([
      expect.objectContaining({ target_label: null, target_number: expect.stringMatching(/^VP-202609-[0-9A-F]{8}$/), target_month: september, reference: 'SCB-LEAVE-1' }),
    ]);
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

describe('the audit log', () => {
  const page = async (): Promise<AuditRow[]> => {
    const { data, error } = await admin.client.rpc('admin_audit_page', { p_limit: 100 });
    expect(error).toBeNull();
    return data.rows as AuditRow[];
  };

  it('records every admin action on money and people, with the target named and the reason or reference', async () => {
    // Payments: the September payout to Nok and Audit Foods' invoice.
    expect((await auditCreator.client.rpc('save_payout_account', { p_method: 'promptpay', p_promptpay_id: '0812345678' })).error).toBeNull();
    const { data: payout } = await admin.client.from('payouts').select('id, net_satang').eq('creator_id', auditCreator.id).eq('month', september).single();
    expect(payout).toMatchObject({ net_satang: 20_000 });
    expect((await admin.client.rpc('mark_payout_paid', { p_payout_id: payout!.id, p_reference: 'KB-AUDIT-1', p_paid_on: '2026-10-05' })).error).toBeNull();
    expect((await admin.client.rpc('mark_invoice_paid', { p_brand_id: auditBrand.id, p_month: september, p_reference: 'INV-AUDIT-1', p_paid_on: '2026-10-06' })).error).toBeNull();

    // The scheduler's close of last month: no actor.
    const scheduled = await closeDueMonths(backend.server.db);
    expect(scheduled).toMatchObject({ status: 'done' });

    // A video out of pay and back; an account suspended and back; a profile corrected.
    const { data: video } = await service.from('tiktok_videos').select('id').eq('user_id', auditCreator.id).single();
    await service.from('tiktok_videos').update({ title: 'Crispy pork in 60 seconds' }).eq('id', video!.id);
    expect((await admin.client.rpc('admin_exclude_video', { p_video: video!.id, p_reason: 'Bought views' })).error).toBeNull();
    expect((await admin.client.rpc('admin_reinstate_video', { p_video: video!.id, p_reason: 'Organic after all' })).error).toBeNull();
    expect((await admin.client.rpc('admin_set_suspended', { p_user_id: auditCreator.id, p_suspended: true, p_reason: 'Checking the account' })).error).toBeNull();
    expect((await admin.client.rpc('admin_set_suspended', { p_user_id: auditCreator.id, p_suspended: false, p_reason: 'All fine' })).error).toBeNull();
    expect((await admin.client.rpc('admin_update_profile', {
      p_user_id: auditBrand.id, p_first_name: 'Audit Foods Co', p_last_name: null, p_tiktok_username: null, p_company_name: 'Audit Foods Co., Ltd.', p_reason: 'Asked by e-mail',
    })).error).toBeNull();

    // Invites: one issued and used to sign up, one issued and withdrawn.
    const { data: issued } = await admin.client.rpc('create_admin_invite', { note: 'Finance lead', valid_days: 3 });
    const newcomer = await createUser(backend, 'admin', { first_name: 'Fah', last_name: 'Finance', admin_invite_code: issued[0].code });
    await admin.client.rpc('create_admin_invite', { note: 'Ops temp', valid_days: 1 });
    const { data: unused } = await admin.client.from('admin_invites').select('id').eq('note', 'Ops temp').single();
    expect((await admin.client.from('admin_invites').delete().eq('id', unused!.id).select()).data).toHaveLength(1);
    const { data: used } = await admin.client.from('admin_invites').select('id').eq('note', 'Finance lead').single();

    const rows = await page();
    const one = (action: string, match: (row: AuditRow) => boolean = () => true) => {
      const found = rows.filter((row) => row.action === action && match(row));
      expect(found, action).toHaveLength(1);
      return found[0];
    };
    const byAdmin = { admin_id: admin.id, admin_name: 'Ada Root' };

    expect(one('close_month', (row) => row.target_month === september)).toMatchObject({
      ...byAdmin, target_type: 'month', target_id: null, target_label: null, details: { month: september, entries: 2, payouts: 2 },
    });
    expect(one('close_month', (row) => row.target_month === scheduled!.month)).toMatchObject({ admin_id: null, admin_name: null, target_type: 'month' });
    expect(one('mark_payout_paid')).toMatchObject({
      ...byAdmin, target_id: payout!.id, target_label: 'Nok Audit', target_month: september, reference: 'KB-AUDIT-1', paid_on: '2026-10-05',
    });
    expect(one('mark_invoice_paid', (row) => row.target_id === auditBrand.id)).toMatchObject({
      ...byAdmin, target_label: 'Audit Foods Co', target_month: september, reference: 'INV-AUDIT-1', paid_on: '2026-10-06',
      target_number: expect.stringMatching(/^VP-202609-[0-9A-F]{8}$/),
    });
    expect(one('exclude_video')).toMatchObject({ ...byAdmin, target_id: video!.id, target_label: 'Crispy pork in 60 seconds', reason: 'Bought views' });
    expect(one('reinstate_video')).toMatchObject({ target_label: 'Crispy pork in 60 seconds', reason: 'Organic after all' });
    expect(one('suspend_user')).toMatchObject({ ...byAdmin, target_id: auditCreator.id, target_label: 'Nok Audit', reason: 'Checking the account' });
    expect(one('reinstate_user')).toMatchObject({ target_label: 'Nok Audit', reason: 'All fine' });
    expect(one('update_profile')).toMatchObject({ ...byAdmin, target_id: auditBrand.id, target_label: 'Audit Foods Co', reason: 'Asked by e-mail' });
    expect(one('create_invite', (row) => row.target_id === used!.id)).toMatchObject({ ...byAdmin, target_label: 'Finance lead' });
    expect(one('use_invite', (row) => row.target_id === used!.id)).toMatchObject({ admin_id: newcomer.id, admin_name: 'Fah Finance', target_id: used!.id, target_label: 'Finance lead' });
    expect(one('revoke_invite')).toMatchObject({ ...byAdmin, target_id: unused!.id, target_label: 'Ops temp' });
    // The first admin signed up with the helper's invite too.
    expect(one('use_invite', (row) => row.admin_id === admin.id)).toMatchObject({ target_type: 'invite', target_label: 'test' });

    // Every action the log can hold is one the app words, in both languages; none is shown as its key.
    for (const row of rows) {
      expect(enAdmin.audit.actions[row.action], row.action).toEqual(expect.any(String));
      expect(thAdmin.audit.actions[row.action], row.action).toEqual(expect.any(String));
    }
    const { rows: [check] } = await backend.server.db.query<{ def: string }>(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'admin_audit_log_action_check'`,
    );
    const allowed = [...check.def.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]).sort();
    expect(allowed).toEqual([...auditActions].sort());
    expect(Object.keys(enAdmin.audit.actions).sort()).toEqual(allowed);
    expect(Object.keys(thAdmin.audit.actions).sort()).toEqual(allowed);
  });

  it('is for admins only', async () => {
    for (const who of [auditCreator, liveBrand]) {
      expect((await who.client.rpc('admin_audit_page', {})).error).toMatchObject({ code: 'admin_only' });
    }
  });
});
