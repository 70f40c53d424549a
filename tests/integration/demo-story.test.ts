/**
 * Issue 33 (13): the demo tells the whole story on first start, in both languages. A fresh backend
 * with the seed (supabase/seed.sql), read as the demo creator, brand and admin through supabase-js:
 * the two months before this one closed, a statement for each, the older payout paid with its
 * 50 Tawi, last month's due and payable (the creator has payout details), the invoices, a budget
 * with spend; and the notifications and e-mails about demo rows in Thai for a Thai reader.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateFor } from '@/lib/money/certificate';
import { callSendEmails, closeDueMonths } from '../../server/functions/scheduled';
import demoThai from '../../supabase/functions/_shared/demo-texts.th.json' with { type: 'json' };
import { renderNotification } from '../../supabase/functions/_shared/notifications/render';
import thaiTexts from '../../supabase/functions/_shared/notifications/texts.th.json' with { type: 'json' };
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser } from './helpers/users';

const demoAdminPassword = 'admin-demo-story';
const demo = {
  creator: { email: 'creator@demo.viewpact.test', password: 'creator-demo', id: 'a1000000-0000-4000-8000-000000000001' },
  brand: { email: 'brand@demo.viewpact.test', password: 'brand-demo', id: 'a1000000-0000-4000-8000-000000000002' },
  admin: { email: 'admin@demo.viewpact.test', password: demoAdminPassword, id: 'a1000000-0000-4000-8000-000000000003' },
};
const glowLabBrief = 'b1000000-0000-4000-8000-000000000001';
const englishDemoTexts = Object.keys(demoThai);
const thai = /[\u0E00-\u0E7F]/;

let backend: TestBackend;
/** The closed months, as the seed left them: the month before last, and last month (YYYY-MM-01). */
let older: string;
let lastMonth: string;
/** Today in Thailand (YYYY-MM-DD), the day the seed recorded the older month's transfers. */
let today: string;
/** The demo creator's payouts as the seed left them, before any test paid one. */
let seeded: { month: string; paid: boolean }[];

async function signedIn(account: { email: string; password: string }): Promise<SupabaseClient> {
  const client = backend.client();
  const { error } = await client.auth.signInWithPassword(account);
  if (error) throw error;
  return client;
}

beforeAll(async () => {
  backend = await startBackend({ env: { SEED: '1', DEMO_ADMIN_PASSWORD: demoAdminPassword } });
  const { rows } = await backend.server.db.query<{ older: string; last: string; today: string }>(
    `select to_char(private.current_month() - interval '2 months', 'YYYY-MM-DD') as older,
            to_char(private.current_month() - interval '1 month', 'YYYY-MM-DD') as last,
            to_char((now() at time zone 'Asia/Bangkok')::date, 'YYYY-MM-DD') as today`,
  );
  ({ older, last: lastMonth, today } = rows[0]);
  const payouts = await backend.service().from('payouts').select('month, paid_at').eq('creator_id', demo.creator.id).order('month');
  seeded = (payouts.data ?? []).map((row) => ({ month: row.month, paid: row.paid_at !== null }));
}, 180_000);
afterAll(() => backend?.stop());

describe('the demo on first start', () => {
  it('has the two months before this one closed, so the scheduler finds nothing left to close', async () => {
    const admin = await signedIn(demo.admin);
    const { data, error } = await admin.from('month_closes').select('month, closed_by, entries, payouts').order('month');
    expect(error).toBeNull();
    expect(data!.map((row) => row.month)).toEqual([older, lastMonth]);
    for (const close of data!) {
      expect(close.closed_by).toBe(demo.admin.id);
      expect(close.entries).toBeGreaterThan(0);
      expect(close.payouts).toBeGreaterThan(0);
    }
    expect(await closeDueMonths(backend.server.db)).toBeNull();
    const audit = await admin.from('admin_audit_log').select('action, details').eq('action', 'close_month');
    expect(audit.data!.map((row) => (row.details as { month: string }).month).sort()).toEqual([older, lastMonth]);
  });

  it('gives the creator a statement for each closed month: the older paid with its 50 Tawi, last month due', async () => {
    expect(seeded).toEqual([
      { month: older, paid: true },
      { month: lastMonth, paid: false },
    ]);
    const creator = await signedIn(demo.creator);
    const { data: statements, error } = await creator
      .from('creator_statements')
      .select('month, gross_satang, wht_satang, net_satang, status, payout_id, paid_on, reference')
      .order('month', { ascending: false });
    expect(error).toBeNull();
    expect(statements!.map((row) => row.month)).toEqual([lastMonth, older]);
    const [last, paid] = statements!;
    // Both months are over 1,000 baht: 3% is withheld, so each has (or will have) its certificate.
    for (const statement of statements!) {
      expect(statement.gross_satang).toBeGreaterThanOrEqual(100_000);
      expect(statement.wht_satang).toBe(Math.floor((statement.gross_satang * 300) / 10_000));
      expect(statement.net_satang).toBe(statement.gross_satang - statement.wht_satang);
    }
    expect(paid).toMatchObject({ status: 'paid', paid_on: today, reference: 'KB-550019' });
    expect(last.payout_id).not.toBeNull();

    // The 50 Tawi of the paid month: everything the certificate needs is there (her tax ID included).
    const [{ data: rules }, { data: account }, { data: payout }] = await Promise.all([
      creator.from('pay_rules').select('payer_name, payer_tax_id, payer_address').single(),
      creator.from('payout_accounts').select('legal_name, tax_id, address').eq('creator_id', demo.creator.id).single(),
      creator.from('payouts').select('id, paid_on, gross_satang, wht_satang').eq('id', paid.payout_id!).single(),
    ]);
    const certificate = certificateFor(
      { id: payout!.id, paidOn: payout!.paid_on!, grossSatang: payout!.gross_satang, whtSatang: payout!.wht_satang },
      rules!,
      account,
      'Nalinee Chaiyaporn',
    );
    expect(certificate).toMatchObject({ payee: { name: 'นลินี ชัยพร', taxId: '1234567890121' }, grossSatang: paid.gross_satang, whtSatang: paid.wht_satang, paidOn: today });
  });

  it('gives the creator payout details, as Settings → Payouts saves them, and her e-mails in Thai', async () => {
    const creator = await signedIn(demo.creator);
    const { data } = await creator.from('payout_accounts').select('method, promptpay_id, tax_id, tax_consent_at').eq('creator_id', demo.creator.id).single();
    expect(data).toMatchObject({ method: 'promptpay', promptpay_id: '0812345678', tax_id: '1234567890121' });
    expect(data!.tax_consent_at).not.toBeNull();
    const { data: settings } = await creator.from('notification_settings').select('language').eq('user_id', demo.creator.id).single();
    expect(settings).toEqual({ language: 'th' });
  });

  it('gives the brand an invoice for each closed month, the older paid, and a budget already partly spent', async () => {
    const brand = await signedIn(demo.brand);
    // Billing (issue 34): GlowLab gave its billing details, so each close issued an invoice; the older
    // one was paid with 2% withheld (its certificate named), which issued its tax invoice.
    const { data: documents } = await brand
      .from('billing_documents')
      .select('kind, number, month, status, total_satang, wht_expected_satang, net_due_satang, balance_satang, related_number')
      .eq('brand_id', demo.brand.id)
      .order('number');
    const invoicesIssued = documents!.filter((row) => row.kind === 'invoice');
    expect(invoicesIssued.map((row) => [row.month, row.status])).toEqual([
      [older, 'paid'],
      [lastMonth, 'due'],
    ]);
    const [taxInvoice] = documents!.filter((row) => row.kind === 'tax_invoice');
    expect(taxInvoice).toMatchObject({ month: older, related_number: invoicesIssued[0].number, total_satang: invoicesIssued[0].total_satang });
    const { data: payment } = await brand.from('brand_payments').select('received_satang, withheld_satang, certificate_no, bank_reference').eq('brand_id', demo.brand.id).single();
    expect(payment).toEqual({
      received_satang: invoicesIssued[0].net_due_satang,
      withheld_satang: invoicesIssued[0].wht_expected_satang,
      certificate_no: 'GL-0042',
      bank_reference: 'TX-771204',
    });

    const { data: invoices } = await brand.from('brand_invoices').select('month, amount_satang, status, reference').eq('brand_id', demo.brand.id).order('month');
    expect(invoices!.map((row) => row.month)).toEqual([older, lastMonth]);
    expect(invoices![0]).toMatchObject({ status: 'paid', reference: 'TX-771204' });
    for (const invoice of invoices!) {
      const { data: lines } = await brand.from('brand_invoice_lines').select('title, amount_satang').eq('brand_id', demo.brand.id).eq('month', invoice.month);
      expect(lines!.reduce((total, line) => total + line.amount_satang!, 0)).toBe(invoice.amount_satang);
      expect(lines!.map((line) => line.title)).toContain('Skincare Product Review');
    }

    const { data: budget, error } = await brand.rpc('brief_budget_history', { p_brief: glowLabBrief });
    expect(error).toBeNull();
    const { budgetSatang, spentSatang, committedSatang, budgetReached } = budget as Record<string, number | boolean>;
    expect(budgetSatang).toBe(1_000_000);
    // Spent: what the closed months' invoices and this month's counted views already charge.
    expect(spentSatang).toBeGreaterThanOrEqual(invoices!.reduce((total, invoice) => total + invoice.amount_satang!, 0) - 1_000);
    expect(spentSatang as number).toBeLessThan(800_000); // under the 80% warning: no budget notification
    expect(committedSatang as number).toBeGreaterThanOrEqual(spentSatang as number);
    expect(budgetReached).toBe(false);
  });

  it("lets the admin pay last month's payout to the creator's details, and only once; nobody else may", async () => {
    const admin = await signedIn(demo.admin);
    const { data: due } = await admin.from('payouts').select('id, month, net_satang').eq('creator_id', demo.creator.id).is('paid_at', null);
    expect(due!.map((row) => row.month)).toEqual([lastMonth]);
    const { data: details } = await admin.from('payout_accounts').select('method, promptpay_id').eq('creator_id', demo.creator.id).single();
    expect(details).toEqual({ method: 'promptpay', promptpay_id: '0812345678' });

    // The creator cannot mark her own payout paid; the paid one cannot be paid twice.
    const creator = await signedIn(demo.creator);
    expect((await creator.rpc('mark_payout_paid', { p_payout_id: due![0].id, p_reference: 'SELF-PAID', p_paid_on: today })).error?.code).toBe('admin_only');
    const { data: paid } = await admin.from('payouts').select('id').eq('creator_id', demo.creator.id).eq('month', older).single();
    expect((await admin.rpc('mark_payout_paid', { p_payout_id: paid!.id, p_reference: 'AGAIN-0001', p_paid_on: today })).error?.code).toBe('payout_already_paid');

    expect((await admin.rpc('mark_payout_paid', { p_payout_id: due![0].id, p_reference: 'KB-TEST-0002', p_paid_on: today })).error).toBeNull();
    const { data: statement } = await creator.from('creator_statements').select('status, reference').eq('creator_id', demo.creator.id).eq('month', lastMonth).single();
    expect(statement).toEqual({ status: 'paid', reference: 'KB-TEST-0002' });
  });
});

describe('the demo in the reader’s language', () => {
  /** A person's notifications as the app reads them, rendered in `language`. */
  async function rendered(account: { email: string; password: string }, language: 'en' | 'th') {
    const client = await signedIn(account);
    const { data, error } = await client.from('notifications').select('type, params').order('created_at');
    expect(error).toBeNull();
    return data!.map((row) => ({ type: row.type as string, ...renderNotification(language, row.type, row.params) }));
  }

  it("reads the creator's notifications about demo videos and campaigns in Thai, and in English for an English reader", async () => {
    const inThai = await rendered(demo.creator, 'th');
    const approvals = inThai.filter((item) => item.type === 'video_approved');
    expect(approvals.map((item) => item.body)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`“${demoThai['Sunscreen test: a full day at the beach']}” (แคมเปญ ${demoThai['Skincare Product Review']})`),
        expect.stringContaining(demoThai['Five-minute glow before the office']),
      ]),
    );
    expect(inThai.map((item) => item.type)).toEqual(expect.arrayContaining(['statement_ready', 'payout_sent']));
    for (const item of inThai) {
      expect(item.body).toMatch(thai);
      for (const english of englishDemoTexts) expect(item.body).not.toContain(english);
    }
    const inEnglish = await rendered(demo.creator, 'en');
    expect(inEnglish.find((item) => item.type === 'video_approved' && item.body.includes('Sunscreen test: a full day at the beach'))).toBeDefined();
  });

  it("reads the brand's notifications (a review waiting, creators who joined, invoices) in Thai", async () => {
    const inThai = await rendered(demo.brand, 'th');
    expect(inThai.map((item) => item.type)).toEqual(expect.arrayContaining(['review_waiting', 'creator_joined', 'invoice_issued']));
    const waiting = inThai.find((item) => item.type === 'review_waiting')!;
    expect(waiting.body).toContain(demoThai['My morning glow routine with GlowLab serum']);
    for (const item of inThai) for (const english of englishDemoTexts) expect(item.body).not.toContain(english);
  });

  it('sends the demo e-mails in each reader’s language: Nalinee’s in Thai, GlowLab’s in English', async () => {
    const summary = await callSendEmails((request) => fetch(request), backend.url, backend.secretKey);
    expect(summary.failed).toBe(0);
    const to = (email: string) => backend.mailbox.messages.filter((mail) => mail.to === email);
    const statement = to(demo.creator.email).find((mail) => mail.subject.startsWith(thaiTexts.email.subjects.statement_ready.one));
    expect(statement?.text).toMatch(thai);
    const paidMail = to(demo.creator.email).find((mail) => mail.subject.startsWith(thaiTexts.email.subjects.payout_sent.one));
    expect(paidMail?.text).toContain('KB-550019');
    const review = to(demo.brand.email).find((mail) => mail.text.includes('My morning glow routine with GlowLab serum'));
    expect(review?.subject).not.toMatch(thai);
  });
});

describe('what people write stays as they wrote it, even beside the demo', () => {
  it('a real campaign titled like a demo one is never translated; a real creator joining the demo campaign keeps her name', async () => {
    const [brand, creator] = await Promise.all([createUser(backend, 'brand'), createUser(backend, 'creator', { first_name: 'Mint', last_name: 'Real' })]);
    const { data: brief, error } = await brand.client.from('brand_briefs').insert({ brand_id: brand.id, title: 'Skincare Product Review', description: 'Our own serum.' }).select('id').single();
    expect(error).toBeNull();
    expect((await creator.client.from('creator_brand_connections').insert({ creator_id: creator.id, brand_brief_id: brief!.id })).error).toBeNull();
    expect((await creator.client.from('creator_brand_connections').insert({ creator_id: creator.id, brand_brief_id: glowLabBrief })).error).toBeNull();

    const { data: own } = await brand.client.from('notifications').select('type, params').eq('type', 'creator_joined');
    expect(own).toHaveLength(1);
    expect(own![0].params).not.toHaveProperty('demo');
    expect(renderNotification('th', 'creator_joined', own![0].params).body).toContain('Skincare Product Review');

    const glowLab = await signedIn(demo.brand);
    const { data: joined } = await glowLab.from('notifications').select('params').eq('type', 'creator_joined').eq('params->>creator_name', 'Mint Real');
    expect(joined).toHaveLength(1);
    expect(joined![0].params).toMatchObject({ demo: ['brief_title'] });
    const body = renderNotification('th', 'creator_joined', joined![0].params).body;
    expect(body).toContain(demoThai['Skincare Product Review']);
    expect(body).toContain('Mint Real');
  });

  it('nobody can write a notification, or a params.demo of their own, through the API', async () => {
    const creator = await signedIn(demo.creator);
    const forged = await creator.from('notifications').insert({ recipient_id: demo.creator.id, type: 'video_approved', params: { title: 'Skincare Product Review', demo: ['title'] } });
    expect(forged.error).not.toBeNull();
    const { data: mine } = await creator.from('notifications').select('id').limit(1).single();
    const edited = await creator.from('notifications').update({ params: { demo: ['creator_name'] } }).eq('id', mine!.id).select('id');
    expect(edited.data ?? []).toEqual([]);
    const { data: after } = await backend.service().from('notifications').select('params').eq('id', mine!.id).single();
    expect(after!.params).not.toEqual({ demo: ['creator_name'] });
  });

  it("keeps the demo's money to its people: another creator sees none of Nalinee's statements or payout details", async () => {
    const other = await createUser(backend, 'creator');
    expect((await other.client.from('creator_statements').select('month').eq('creator_id', demo.creator.id)).data).toEqual([]);
    expect((await other.client.from('payout_accounts').select('tax_id').eq('creator_id', demo.creator.id)).data).toEqual([]);
    expect((await other.client.from('brand_invoices').select('month').eq('brand_id', demo.brand.id)).data).toEqual([]);
  });
});
