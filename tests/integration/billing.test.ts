/**
 * Issue 34: Thai B2B billing, through supabase-js on the real database (both engines). A
 * VAT-registered company (the defaults) and one that is not (COMPANY_VAT_REGISTERED=0); brands with
 * and without billing details; invoices issued at the close or when the details arrive; payments in
 * part and in full with 2% withheld, each issuing the next receipt/tax invoice; corrections that
 * issue credit notes, whose credit settles an invoice, nets the next one or is refunded; numbers
 * without gaps under concurrent issuing; documents nobody can change; nothing of one brand readable
 * by another. Every document is recomputed from the ledger by docs/money.md's queries.
 * Months in the past are closed: snapshots and reviews are back-dated (time travel without sleeping).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/paths';
import { startBackend, type TestBackend } from './helpers/backend';
import { closeMonth, monthInThailand } from './helpers/close-month';
import { createUser, type TestUser } from './helpers/users';
import { insertVideo, updateReview } from './helpers/videos';

type Doc = {
  id: string;
  kind: 'invoice' | 'tax_invoice' | 'receipt' | 'credit_note';
  number: string;
  brand_id: string;
  month: string;
  issued_at: string;
  due_on: string | null;
  subtotal_satang: number;
  vat_satang: number;
  total_satang: number;
  wht_expected_satang: number;
  net_due_satang: number;
  related_id: string | null;
  related_number: string | null;
  reason: string | null;
  seller: Record<string, unknown>;
  buyer: Record<string, unknown>;
  status: string | null;
  paid_satang: number;
  balance_satang: number;
  vat_rate_bp: number | null;
  wht_rate_bp: number | null;
  credited_satang: number | null;
  payment_id: string | null;
  paid_on: string | null;
};

const july = '2026-07-01';
const august = '2026-08-01';
const september = '2026-09-01';

/** A valid 13-digit Thai tax ID from its first 12 digits (the mod-11 check digit). */
export function thaiTaxId(first12: string): string {
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (13 - i), 0);
  return first12 + String((11 - (sum % 11)) % 10);
}

/** Today in Thailand, as a date. */
const bangkokToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const bangkokMonth = () => monthInThailand(0).key;
/** A document's number carries the year it was issued in, in Thailand time: this year's, for a document issued by the test. */
const numbered = (prefix: string, rest = '\\d{6}') => new RegExp(`^${prefix}-${bangkokToday().slice(0, 4)}-${rest}$`);
const seqOf = (number: string) => Number(number.split('-')[2]);
const half = (numerator: bigint, denominator: bigint) => Number((2n * numerator + denominator) / (2n * denominator)); // round half up, n >= 0

/** docs/money.md's block between `<!-- name:start -->` and `<!-- name:end -->`. */
async function documentedQuery(name: string): Promise<string> {
  const doc = await readFile(join(repoRoot, 'docs/money.md'), 'utf8');
  const found = new RegExp(`<!-- ${name}:start -->\\s*\`\`\`sql\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}:end -->`).exec(doc);
  if (!found) throw new Error(`docs/money.md has no ${name} block`);
  return found[1];
}

/** Runs a documented query as the database owner; its rows as JSON (dates as YYYY-MM-DD, amounts as numbers), on either engine. */
async function runDocumented(backend: TestBackend, name: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  const query = await documentedQuery(name);
  const { rows } = await backend.server.db.query<{ j: string }>(`select row_to_json(q)::text as j from (${query}) q`, params);
  return rows.map((row) => JSON.parse(row.j) as Record<string, unknown>);
}

/** One company's world: an admin, a creator, and brands with a campaign each. */
class World {
  backend!: TestBackend;
  service!: SupabaseClient;
  admin!: TestUser;
  creator!: TestUser;
  private n = 0;

  async start(env: Record<string, string> = {}) {
    this.backend = await startBackend({ env });
    this.service = this.backend.service();
    [this.admin, this.creator] = await Promise.all([
      createUser(this.backend, 'admin'),
      createUser(this.backend, 'creator', { tiktok_username: 'bill.creator' }),
    ]);
  }

  /** A brand with a campaign (published in June) that the creator joined. */
  async brand(): Promise<TestUser & { brief: string }> {
    const brand = await createUser(this.backend, 'brand');
    const { data, error } = await this.service
      .from('brand_briefs')
      .insert({ brand_id: brand.id, title: `Campaign ${brand.email.slice(6, 10)}`, description: 'x', created_at: '2026-06-01T00:00:00Z' })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    const joined = await this.service.from('creator_brand_connections').insert({ creator_id: this.creator.id, brand_brief_id: data.id });
    if (joined.error) throw new Error(joined.error.message);
    return { ...brand, brief: data.id as string };
  }

  /** A video of the brand's campaign posted on `day`, approved and measured that day with `views` (1 satang a view: ฿10 per 1,000). */
  async video(brand: { id: string; brief: string }, day: string, views: number): Promise<string> {
    const posted = new Date(`${day}T03:00:00Z`);
    const id = await insertVideo(this.backend, { creator: this.creator, n: ++this.n, brief: brand.brief, postedAt: posted, views, author: 'bill.creator', measuredAt: new Date(`${day}T09:00:00Z`) });
    await updateReview(this.backend, id, { submitted_at: posted.toISOString(), status: 'approved', decided_at: new Date(`${day}T04:00:00Z`).toISOString() });
    return id;
  }

  async close(month: string) {
    const { error } = await closeMonth(this.admin.client, month);
    if (error) throw new Error(`closing ${month}: ${error.code} ${error.message}`);
  }

  async details(brand: TestUser, name: string, taxId: string, branch = '00000') {
    const { data, error } = await brand.client.rpc('save_billing_details', {
      p_legal_name: name,
      p_address: '99 Sukhumvit Road, Khlong Toei, Bangkok 10110',
      p_tax_id: taxId,
      p_branch: branch,
      p_billing_email: `ap@${name.toLowerCase().replace(/[^a-z]/g, '')}.example`,
    });
    if (error) throw new Error(`save_billing_details: ${error.code} ${error.message}`);
    return data;
  }

  async documents(brandId: string): Promise<Doc[]> {
    const { data, error } = await this.admin.client.from('billing_documents').select('*').eq('brand_id', brandId).order('issued_at');
    if (error) throw new Error(error.message);
    return data as Doc[];
  }

  async invoice(brandId: string, month: string): Promise<Doc> {
    const found = (await this.documents(brandId)).find((d) => d.kind === 'invoice' && d.month === month);
    if (!found) throw new Error(`no invoice for ${month}`);
    return found;
  }

  async pay(invoice: Doc, received: number, withheld = 0, certificate: string | null = null, on = bangkokToday()) {
    return this.admin.client.rpc('record_brand_payment', {
      p_invoice_id: invoice.id,
      p_received_satang: received,
      p_withheld_satang: withheld,
      p_certificate_no: certificate,
      p_paid_on: on,
      p_bank_reference: received > 0 ? `KBANK-${invoice.number}-${received}` : null,
    });
  }

  /** The highest number issued of a kind this year (0: none). */
  async lastSeq(kind: Doc['kind']): Promise<number> {
    const { rows } = await this.backend.server.db.query<{ seq: number | null }>(
      `select max(seq) as seq from private.billing_documents where kind = $1 and year = extract(year from now() at time zone 'Asia/Bangkok')`,
      [kind],
    );
    return Number(rows[0].seq ?? 0);
  }

  stop() {
    return this.backend?.stop();
  }
}

/** Every invariant a document keeps, checked against its own figures. */
function expectAddsUp(doc: Doc) {
  expect(doc.subtotal_satang + doc.vat_satang, doc.number).toBe(doc.total_satang);
  expect(doc.total_satang - doc.wht_expected_satang, doc.number).toBe(doc.net_due_satang);
  expect(doc.number).toMatch(/^(INV|TAX|RCT|CN)-\d{4}-\d{6}$/);
}

// A VAT-registered company (the defaults: 7% VAT, 2% expected withholding) ---------------------

describe('a VAT-registered company', () => {
  const world = new World();
  let payer: TestUser & { brief: string };
  let waiting: TestUser & { brief: string };
  let together: (TestUser & { brief: string })[];
  let cancelled: TestUser & { brief: string };
  let netted: TestUser & { brief: string };
  let refunded: TestUser & { brief: string };
  let oldWay: TestUser & { brief: string };
  let markedFirst: TestUser & { brief: string };
  let outsider: TestUser;

  beforeAll(async () => {
    await world.start();
    [payer, waiting, cancelled, netted, refunded, oldWay, markedFirst, ...together] = await Promise.all(Array.from({ length: 11 }, () => world.brand()));
    outsider = await createUser(world.backend, 'brand');
    // Billing details before the first close, for all but the waiting ones.
    await world.details(payer, 'Siam Tea Co., Ltd.', thaiTaxId('010555100001'));
    await world.details(cancelled, 'Cancel Co., Ltd.', thaiTaxId('010555100002'));
    await world.details(netted, 'Netted Co., Ltd.', thaiTaxId('010555100003'), '00002');
    await world.details(refunded, 'Refund Co., Ltd.', thaiTaxId('010555100004'));
    await world.details(oldWay, 'Old Way Co., Ltd.', thaiTaxId('010555100005'));

    // July: a charge for each (1 satang a view). Two campaigns' worth for the payer (one video on a second brief).
    const second = await world.service
      .from('brand_briefs')
      .insert({ brand_id: payer.id, title: 'Aa second campaign', description: 'x', created_at: '2026-06-01T00:00:00Z' })
      .select('id')
      .single();
    await world.service.from('creator_brand_connections').insert({ creator_id: world.creator.id, brand_brief_id: second.data!.id });
    await world.video(payer, '2026-07-05', 100_000);
    await world.video({ id: payer.id, brief: second.data!.id as string }, '2026-07-06', 23_457);
    await world.video(waiting, '2026-07-07', 50_000);
    const cancelledVideo = await world.video(cancelled, '2026-07-08', 30_000);
    const nettedVideo = await world.video(netted, '2026-07-09', 20_000);
    const refundedVideo = await world.video(refunded, '2026-07-10', 20_000);
    await world.video(oldWay, '2026-07-11', 7_777);
    await world.video(markedFirst, '2026-07-11', 8_888);
    for (const [i, brand] of together.entries()) await world.video(brand, '2026-07-12', 1_000 * (i + 1));
    // September: new charges for the netted brand (measured after August ends: August's close leaves them).
    await world.video(netted, '2026-09-03', 40_000);

    await world.close(july);
    // The netted and refunded brands pay July in full (the netted one withholding 2%); the cancelled one does not.
    for (const brand of [netted, refunded]) {
      const invoice = await world.invoice(brand.id, july);
      const withheld = brand === netted ? invoice.wht_expected_satang : 0;
      const paid = await world.pay(invoice, invoice.total_satang - withheld, withheld, withheld ? '50T-NET-JULY' : null);
      if (paid.error) throw new Error(paid.error.message);
    }
    // An admin excludes their July videos: August corrects them (a month of corrections only).
    for (const video of [cancelledVideo, nettedVideo, refundedVideo]) {
      const { error } = await world.admin.client.rpc('admin_exclude_video', { p_video: video, p_reason: 'Bought views' });
      if (error) throw new Error(error.message);
    }
    await world.close(august);
    await world.close(september);
  }, 240_000);
  afterAll(() => world.stop());

  it('issues the invoice at the close to a brand with billing details: VAT, withholding and net add up, a line per campaign, both parties as they stood', async () => {
    const invoice = await world.invoice(payer.id, july);
    expectAddsUp(invoice);
    // 123,457 satang of charges: VAT 7% = 8,641.99 → 8,642; withholding 2% = 2,469.14 → 2,469.
    expect(invoice).toMatchObject({
      kind: 'invoice',
      subtotal_satang: 123_457,
      vat_satang: 8_642,
      total_satang: 132_099,
      wht_expected_satang: 2_469,
      net_due_satang: 129_630,
      vat_rate_bp: 700,
      wht_rate_bp: 200,
      related_id: null,
    });
    // Where it stands (another test pays it): what is paid and what is left make its total.
    expect(invoice.paid_satang + invoice.balance_satang).toBe(invoice.total_satang);
    expect(invoice.number).toMatch(numbered('INV'));
    const issuedOn = new Date(new Date(invoice.issued_at).getTime() + 7 * 3_600_000);
    expect(invoice.due_on).toBe(new Date(issuedOn.getTime() + 30 * 86_400_000).toISOString().slice(0, 10));
    expect(invoice.seller).toEqual({ name: 'ViewPact Co., Ltd.', address: 'Bangkok, Thailand', tax_id: '0105569000001', branch: '00000', vat_registered: true });
    expect(invoice.buyer).toMatchObject({ name: 'Siam Tea Co., Ltd.', tax_id: thaiTaxId('010555100001'), branch: '00000', address: expect.stringContaining('Sukhumvit') });

    const { data: lines } = await payer.client.from('billing_document_lines').select('*').eq('document_id', invoice.id).order('position');
    expect(lines?.map((line) => [line.position, line.description, line.views, line.rate_satang, line.amount_satang])).toEqual([
      [1, 'Aa second campaign', 23_457, 1000, 23_457],
      [2, expect.stringMatching(/^Campaign /), 100_000, 1000, 100_000],
    ]);
    // The brand reads it too, and the old invoice of the month is the same charge.
    const { data: mine } = await payer.client.from('billing_documents').select('number, total_satang').eq('id', invoice.id).single();
    expect(mine).toEqual({ number: invoice.number, total_satang: 132_099 });
    const { data: old } = await payer.client.from('brand_invoices').select('amount_satang').eq('month', july).single();
    expect(old!.amount_satang).toBe(invoice.subtotal_satang);
  });

  it('leaves a brand without billing details uninvoiced and listed as missing; saving them issues its invoice with the next number', async () => {
    expect((await world.documents(waiting.id)).filter((d) => d.kind === 'invoice')).toEqual([]);
    const { data: missing } = await world.admin.client.rpc('billing_details_missing');
    expect(missing).toEqual(expect.arrayContaining([expect.objectContaining({ brand_id: waiting.id, months: 1, amount_satang: 50_000 })]));
    // The brand is told of its own months, and of nobody else's.
    expect((await waiting.client.rpc('billing_details_missing')).data).toEqual([expect.objectContaining({ brand_id: waiting.id, months: 1, amount_satang: 50_000 })]);
    expect((await outsider.client.rpc('billing_details_missing')).data).toEqual([]);
    expect((await world.creator.client.rpc('billing_details_missing')).data).toEqual([]);

    const before = await world.lastSeq('invoice');
    const saved = await world.details(waiting, 'Waiting Co., Ltd.', `${thaiTaxId('010555100006').slice(0, 1)}-${thaiTaxId('010555100006').slice(1, 5)}-${thaiTaxId('010555100006').slice(5)}`, '');
    // Dashes ignored, an empty branch is the head office.
    expect(saved).toMatchObject({ brand_id: waiting.id, tax_id: thaiTaxId('010555100006'), branch: '00000' });
    const invoice = await world.invoice(waiting.id, july);
    expect(seqOf(invoice.number)).toBe(before + 1);
    expect(invoice).toMatchObject({ subtotal_satang: 50_000, vat_satang: 3_500, total_satang: 53_500, wht_expected_satang: 1_000, net_due_satang: 52_500, status: 'due' });
    expect(invoice.buyer).toMatchObject({ name: 'Waiting Co., Ltd.' });
    expect(((await world.admin.client.rpc('billing_details_missing')).data as { brand_id: string }[]).map((row) => row.brand_id)).not.toContain(waiting.id);
    // Saving again issues nothing more; an issued document keeps the details it was issued with.
    await world.details(waiting, 'Waiting Renamed Co., Ltd.', thaiTaxId('010555100006'));
    expect((await world.documents(waiting.id)).filter((d) => d.kind === 'invoice')).toHaveLength(1);
    expect((await world.invoice(waiting.id, july)).buyer).toMatchObject({ name: 'Waiting Co., Ltd.' });
  });

  it('numbers invoices and tax invoices without a gap when several brands save their details, and several payments arrive, at once', async () => {
    const invoicesBefore = await world.lastSeq('invoice');
    await Promise.all(together.map((brand, i) => world.details(brand, `Together ${i} Co., Ltd.`, thaiTaxId(`01055520000${i}`))));
    const invoices = await Promise.all(together.map((brand) => world.invoice(brand.id, july)));
    expect(invoices.map((d) => seqOf(d.number)).sort((a, b) => a - b)).toEqual(together.map((_, i) => invoicesBefore + 1 + i));
    expect(invoices.map((d) => d.subtotal_satang).sort((a, b) => a - b)).toEqual([1_000, 2_000, 3_000, 4_000]);

    const taxBefore = await world.lastSeq('tax_invoice');
    const paid = await Promise.all(invoices.map((invoice) => world.pay(invoice, invoice.total_satang)));
    expect(paid.map((p) => p.error)).toEqual([null, null, null, null]);
    const issued = paid.map((p) => (p.data as { document_number: string }).document_number);
    expect(issued.map(seqOf).sort((a, b) => a - b)).toEqual(together.map((_, i) => taxBefore + 1 + i));

    // Every sequence of the year, whatever else ran, is 1..N: never a gap, never a number twice.
    const { rows } = await world.backend.server.db.query<{ kind: string; seqs: number[] }>(
      `select kind, array_agg(seq order by seq) as seqs from private.billing_documents group by kind`,
    );
    for (const row of rows) expect(row.seqs.map(Number), row.kind).toEqual(row.seqs.map((_, i) => i + 1));
  });

  it('records a part payment, then the rest with 2% withheld: each issues the next tax invoice, they add up to the invoice, and it is paid', async () => {
    const invoice = await world.invoice(payer.id, july);
    const before = await world.lastSeq('tax_invoice');
    const first = await world.pay(invoice, 50_000);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ balance_satang: 132_099 - 50_000, document_number: expect.stringMatching(numbered('TAX')) });
    const firstDoc = (await world.documents(payer.id)).find((d) => d.id === (first.data as { document_id: string }).document_id)!;
    expect(seqOf(firstDoc.number)).toBe(before + 1);
    // The payment's share of the invoice's VAT: 50,000 × 8,642 / 132,099 = 3,271.03 → 3,271.
    expect(firstDoc).toMatchObject({ kind: 'tax_invoice', total_satang: 50_000, vat_satang: 3_271, subtotal_satang: 46_729, wht_expected_satang: 0, related_id: invoice.id, related_number: invoice.number, vat_rate_bp: 700, paid_on: bangkokToday() });
    expect((await world.invoice(payer.id, july))).toMatchObject({ status: 'partly_paid', paid_satang: 50_000, balance_satang: 82_099 });

    // The rest: the brand withheld the 2% expected and transferred what is left.
    const rest = await world.pay(invoice, 82_099 - invoice.wht_expected_satang, invoice.wht_expected_satang, '50T-2569-0042');
    expect(rest.error).toBeNull();
    expect(rest.data).toMatchObject({ balance_satang: 0 });
    const docs = await world.documents(payer.id);
    const restDoc = docs.find((d) => d.id === (rest.data as { document_id: string }).document_id)!;
    expect(seqOf(restDoc.number)).toBe(before + 2);
    expect(restDoc).toMatchObject({ total_satang: 82_099, vat_satang: 8_642 - 3_271, wht_expected_satang: 2_469, net_due_satang: 82_099 - 2_469 });
    expect(firstDoc.vat_satang + restDoc.vat_satang).toBe(invoice.vat_satang);
    for (const doc of docs) expectAddsUp(doc);
    expect(await world.invoice(payer.id, july)).toMatchObject({ status: 'paid', paid_satang: 132_099, balance_satang: 0, credited_satang: 0 });
    // The old invoice reads paid too; nothing more can be paid.
    expect((await payer.client.from('brand_invoices').select('status').eq('month', july).single()).data).toEqual({ status: 'paid' });
    expect((await world.pay(invoice, 1)).error).toMatchObject({ code: 'payment_exceeds_balance' });

    // The payments as the brand reads them, and the month's reports.
    const { data: payments } = await payer.client.from('brand_payments').select('received_satang, withheld_satang, certificate_no, document_id').eq('invoice_id', invoice.id).order('recorded_at');
    expect(payments).toEqual([
      { received_satang: 50_000, withheld_satang: 0, certificate_no: null, document_id: firstDoc.id },
      { received_satang: 82_099 - 2_469, withheld_satang: 2_469, certificate_no: '50T-2569-0042', document_id: restDoc.id },
    ]);
    const { data: wht } = await world.admin.client.rpc('brand_wht_report', { p_month: bangkokMonth() });
    expect(wht).toEqual(expect.arrayContaining([
      { paid_on: bangkokToday(), brand_name: 'Siam Tea Co., Ltd.', brand_tax_id: thaiTaxId('010555100001'), invoice_number: invoice.number, certificate_no: '50T-2569-0042', base_satang: restDoc.subtotal_satang, withheld_satang: 2_469 },
    ]));
    const { data: vat } = await world.admin.client.rpc('output_vat_report', { p_month: bangkokMonth() });
    expect((vat as { number: string }[]).filter((row) => [firstDoc.number, restDoc.number].includes(row.number))).toEqual([
      expect.objectContaining({ number: firstDoc.number, kind: 'tax_invoice', buyer_name: 'Siam Tea Co., Ltd.', buyer_branch: '00000', subtotal_satang: 46_729, vat_satang: 3_271, total_satang: 50_000 }),
      expect.objectContaining({ number: restDoc.number, vat_satang: 8_642 - 3_271 }),
    ]);
    // Audited, with the numbers.
    const { data: audit } = await world.admin.client.from('admin_audit_log').select('action, target_id, details').eq('action', 'record_brand_payment').eq('target_id', payer.id);
    expect(audit?.map((row) => row.details.document_number)).toEqual(expect.arrayContaining([firstDoc.number, restDoc.number]));
  });

  it('credits a month of corrections only with a credit note naming the original, whose credit settles the open invoice it cancels', async () => {
    const docs = await world.documents(cancelled.id);
    const invoice = docs.find((d) => d.kind === 'invoice')!;
    const note = docs.find((d) => d.kind === 'credit_note')!;
    // July's 30,000 were billed, then taken back at August's close: the note reduces the (unpaid) invoice.
    expect(note).toMatchObject({ month: august, related_id: invoice.id, related_number: invoice.number, subtotal_satang: 30_000, vat_satang: 2_100, total_satang: 32_100, vat_rate_bp: 700, wht_expected_satang: 0, status: 'applied', balance_satang: 0 });
    expect(note.reason).toMatch(/2026-08.*30000 views.*ใบ|2026-08[\s\S]*หักคืน 30000 วิว/);
    expect(note.number).toMatch(numbered('CN'));
    const { data: lines } = await cancelled.client.from('billing_document_lines').select('views, amount_satang').eq('document_id', note.id);
    expect(lines).toEqual([{ views: 30_000, amount_satang: 30_000 }]);
    // Its credit settled the invoice: a payment by credit, with its own tax invoice; nothing is owed.
    expect(await world.invoice(cancelled.id, july)).toMatchObject({ status: 'paid', balance_satang: 0, credited_satang: 32_100 });
    const settlement = docs.find((d) => d.kind === 'tax_invoice')!;
    expect(settlement).toMatchObject({ related_id: invoice.id, total_satang: 32_100, vat_satang: 2_100, wht_expected_satang: 0 });
    const { data: payment } = await cancelled.client.from('brand_payments').select('received_satang, withheld_satang, credited_satang, credit_note_id, bank_reference').eq('document_id', settlement.id).single();
    expect(payment).toEqual({ received_satang: 0, withheld_satang: 0, credited_satang: 32_100, credit_note_id: note.id, bank_reference: null });
    // The month's VAT register: the note's VAT out, the settlement's in.
    const { data: vat } = await world.admin.client.rpc('output_vat_report', { p_month: bangkokMonth() });
    const rows = (vat as { number: string; vat_satang: number }[]).filter((row) => [note.number, settlement.number].includes(row.number));
    expect(rows.map((row) => row.vat_satang).sort((a, b) => a - b)).toEqual([-2_100, 2_100]);
    expect((await world.admin.client.rpc('billing_details_missing')).data).not.toEqual(expect.arrayContaining([expect.objectContaining({ brand_id: cancelled.id })]));
  });

  it("nets a credit note's unused credit on the brand's next invoice", async () => {
    const docs = await world.documents(netted.id);
    const julyTax = docs.find((d) => d.kind === 'tax_invoice' && d.month === july)!;
    const note = docs.find((d) => d.kind === 'credit_note')!;
    // July was paid when August took its views back: the note reduces July's tax invoice, and its credit waited.
    expect(note).toMatchObject({ month: august, related_id: julyTax.id, related_number: julyTax.number, subtotal_satang: 20_000, vat_satang: 1_400, total_satang: 21_400, status: 'applied', balance_satang: 0 });
    expect(note.buyer).toMatchObject({ name: 'Netted Co., Ltd.', branch: '00002' });
    const september_ = await world.invoice(netted.id, september);
    expect(september_).toMatchObject({ subtotal_satang: 40_000, vat_satang: 2_800, total_satang: 42_800, wht_expected_satang: 800, status: 'partly_paid', credited_satang: 21_400, balance_satang: 21_400 });
    const settlement = docs.find((d) => d.kind === 'tax_invoice' && d.related_id === september_.id)!;
    expect(settlement).toMatchObject({ total_satang: 21_400, vat_satang: 1_400 });
    // The brand withholds 2% of September's charge on what it still transfers, and the invoice is paid.
    const rest = await world.pay(september_, 21_400 - 800, 800, '50T-NET-1');
    expect(rest.error).toBeNull();
    expect(await world.invoice(netted.id, september)).toMatchObject({ status: 'paid', balance_satang: 0 });
  });

  it("refunds a credit note's unused credit, once", async () => {
    const note = (await world.documents(refunded.id)).find((d) => d.kind === 'credit_note')!;
    expect(note).toMatchObject({ total_satang: 21_400, status: 'unused', balance_satang: 21_400, paid_satang: 0 });
    expect((await refunded.client.rpc('record_brand_refund', { p_credit_note_id: note.id, p_paid_on: bangkokToday(), p_bank_reference: 'X' })).error).toMatchObject({ code: 'admin_only' });
    const refund = await world.admin.client.rpc('record_brand_refund', { p_credit_note_id: note.id, p_paid_on: bangkokToday(), p_bank_reference: 'SCB-REFUND-1' });
    expect(refund.error).toBeNull();
    expect(refund.data).toMatchObject({ amount_satang: 21_400 });
    expect((await world.documents(refunded.id)).find((d) => d.id === note.id)).toMatchObject({ status: 'refunded', balance_satang: 0, paid_satang: 21_400 });
    expect((await refunded.client.from('brand_refunds').select('amount_satang, bank_reference')).data).toEqual([{ amount_satang: 21_400, bank_reference: 'SCB-REFUND-1' }]);
    const again = await world.admin.client.rpc('record_brand_refund', { p_credit_note_id: note.id, p_paid_on: bangkokToday(), p_bank_reference: 'SCB-REFUND-2' });
    expect(again).toMatchObject({ status: 409, error: { code: 'no_credit_left' } });
  });

  it("keeps the old way working: mark_invoice_paid pays a billing invoice's whole balance with its tax invoice", async () => {
    const invoice = await world.invoice(oldWay.id, july);
    const before = await world.lastSeq('tax_invoice');
    expect((await world.admin.client.rpc('mark_invoice_paid', { p_brand_id: oldWay.id, p_month: july, p_reference: 'BBL-OLD-1', p_paid_on: bangkokToday() })).error).toBeNull();
    const tax = (await world.documents(oldWay.id)).find((d) => d.kind === 'tax_invoice')!;
    expect(seqOf(tax.number)).toBe(before + 1);
    expect(tax).toMatchObject({ total_satang: invoice.total_satang, vat_satang: invoice.vat_satang, wht_expected_satang: 0 });
    expect(await world.invoice(oldWay.id, july)).toMatchObject({ status: 'paid', balance_satang: 0 });
    expect((await oldWay.client.from('brand_invoices').select('status, reference').eq('month', july).single()).data).toEqual({ status: 'paid', reference: 'BBL-OLD-1' });
    const again = await world.admin.client.rpc('mark_invoice_paid', { p_brand_id: oldWay.id, p_month: july, p_reference: 'BBL-OLD-2', p_paid_on: bangkokToday() });
    expect(again.error).toMatchObject({ code: 'invoice_already_paid' });
  });

  it('leaves a month an admin marked paid the old way, before the brand gave its details, with its old invoice only', async () => {
    const listed = async () => ((await world.admin.client.rpc('billing_details_missing')).data as { brand_id: string }[]).map((row) => row.brand_id);
    expect(await listed()).toContain(markedFirst.id);
    expect((await world.admin.client.rpc('mark_invoice_paid', { p_brand_id: markedFirst.id, p_month: july, p_reference: 'OLD-WAY-1', p_paid_on: bangkokToday() })).error).toBeNull();
    expect(await listed()).not.toContain(markedFirst.id);
    await world.details(markedFirst, 'Marked First Co., Ltd.', thaiTaxId('010555100008'));
    expect(await world.documents(markedFirst.id)).toEqual([]);
    expect((await markedFirst.client.from('brand_invoices').select('status, amount_satang').eq('month', july).single()).data).toEqual({ status: 'paid', amount_satang: 8_888 });
  });

  it("recomputes every document from the ledger and the rules, and both reports, by docs/money.md's queries", async () => {
    const db = world.backend.server.db;
    const recomputed = await runDocumented(world.backend, 'billing-documents-query', [null]);
    const { rows: storedJson } = await db.query<{ j: string }>(
      `select row_to_json(d)::text as j from (select number, subtotal_satang, vat_satang, total_satang, wht_expected_satang, net_due_satang
                                                from private.billing_documents order by number) d`,
    );
    const stored = storedJson.map((row) => JSON.parse(row.j) as Record<string, string | number>);
    expect(stored.length).toBeGreaterThan(10);
    expect(recomputed).toEqual(stored);
    // One brand's only, with its id.
    expect((await runDocumented(world.backend, 'billing-documents-query', [payer.id])).map((row) => row.number)).toEqual(
      (await world.documents(payer.id)).map((d) => d.number).sort(),
    );
    // And straight from the ledger, here: an invoice is its month's charges; a credit note minus them.
    for (const doc of stored) {
      const { rows } = await db.query<{ kind: string; charged: string | null; vat_rate_bp: number | null; wht_rate_bp: number | null }>(
        `select d.kind, (select sum(e.brand_charge_satang) from public.ledger_entries e where e.brand_id = d.brand_id and e.month = d.month) as charged, d.vat_rate_bp, d.wht_rate_bp
           from private.billing_documents d where d.number = $1`,
        [doc.number],
      );
      const { kind, charged, vat_rate_bp: vatBp, wht_rate_bp: whtBp } = rows[0];
      if (kind === 'invoice' || kind === 'credit_note') {
        const value = (kind === 'invoice' ? 1 : -1) * Number(charged);
        expect(Number(doc.subtotal_satang), String(doc.number)).toBe(value);
        expect(Number(doc.vat_satang), String(doc.number)).toBe(vatBp === null ? 0 : half(BigInt(value) * BigInt(vatBp), 10_000n));
        if (kind === 'invoice') expect(Number(doc.wht_expected_satang)).toBe(half(BigInt(value) * BigInt(whtBp!), 10_000n));
      }
    }
    // An invoice's receipts add up to what was paid, and once paid, to its VAT.
    const { rows: sumRows } = await db.query<Record<string, unknown>>(
      `select i.number, i.total_satang as total, i.vat_satang as vat,
              coalesce(sum(p.received_satang + p.withheld_satang + p.credited_satang), 0) as paid,
              coalesce(sum(r.vat_satang), 0) as receipt_vat, coalesce(sum(r.total_satang), 0) as receipts
         from private.billing_documents i
         left join public.brand_payments p on p.invoice_id = i.id
         left join private.billing_documents r on r.id = p.document_id
        where i.kind = 'invoice' group by i.id`,
    );
    const sums = sumRows.map((row) => ({ number: String(row.number), total: Number(row.total), vat: Number(row.vat), paid: Number(row.paid), receipt_vat: Number(row.receipt_vat), receipts: Number(row.receipts) }));
    expect(sums.some((sum) => sum.paid === sum.total && sum.vat > 0)).toBe(true);
    for (const sum of sums) {
      expect(sum.receipts, sum.number).toBe(sum.paid);
      if (sum.paid === sum.total) expect(sum.receipt_vat, sum.number).toBe(sum.vat);
    }

    for (const [report, query] of [['output_vat_report', 'output-vat-query'], ['brand_wht_report', 'brand-wht-query']] as const) {
      const { data, error } = await world.admin.client.rpc(report, { p_month: bangkokMonth() });
      expect(error).toBeNull();
      const rows = await runDocumented(world.backend, query, [bangkokMonth()]);
      expect(rows, report).toEqual(data);
      expect(rows.length, report).toBeGreaterThan(0);
    }
  });

  it('lets nobody change an issued document, its lines, a payment or a refund: not the brand, not an admin, not the service role', async () => {
    const docs = await world.documents(payer.id);
    const doc = docs[0];
    const before = await world.documents(payer.id);
    // July's payment of the refunded brand (made before its correction) is there whatever ran before.
    const { data: payments } = await world.admin.client.from('brand_payments').select('id').eq('brand_id', refunded.id);
    expect(payments?.length).toBeGreaterThan(0);
    for (const client of [payer.client, world.admin.client, world.service, world.backend.client()]) {
      const attempts = [
        await client.from('billing_documents').update({ total_satang: 1 }).eq('id', doc.id),
        await client.from('billing_documents').delete().eq('id', doc.id),
        await client.from('billing_documents').insert({ ...doc, id: crypto.randomUUID(), number: 'INV-2026-999999' }),
        await client.from('billing_document_lines').update({ amount_satang: 1 }).eq('document_id', doc.id),
        await client.from('billing_document_lines').delete().eq('document_id', doc.id),
        await client.from('brand_payments').update({ received_satang: 1 }).eq('id', payments![0].id),
        await client.from('brand_payments').delete().eq('id', payments![0].id),
        await client.from('brand_payments').insert({ invoice_id: doc.id, brand_id: payer.id, received_satang: 1, withheld_satang: 0, paid_on: bangkokToday(), bank_reference: 'x', document_id: doc.id }),
        await client.from('brand_refunds').delete().eq('brand_id', refunded.id),
        await client.from('brand_billing_details').update({ legal_name: 'Hijacked' }).eq('brand_id', payer.id),
        await client.from('brand_billing_details').delete().eq('brand_id', payer.id),
      ];
      for (const attempt of attempts) {
        expect(attempt.error, JSON.stringify(attempt)).not.toBeNull();
        expect(attempt.status).toBeGreaterThanOrEqual(400);
        expect(attempt.status, JSON.stringify(attempt)).toBeLessThan(500);
      }
    }
    expect(await world.documents(payer.id)).toEqual(before);
    expect((await world.admin.client.from('brand_billing_details').select('legal_name').eq('brand_id', payer.id).single()).data).toEqual({ legal_name: 'Siam Tea Co., Ltd.' });

    // In the database itself: the service role has no write grant; even the owner is refused by the triggers.
    const db = world.backend.server.db;
    for (const sql of [
      `update private.billing_documents set total_satang = 1 where id = '${doc.id}'`,
      `delete from public.brand_payments where id = '${payments![0].id}'`,
    ]) {
      await expect(db.transaction(async (tx) => { await tx.exec('set local role service_role'); await tx.exec(sql); })).rejects.toThrow(/permission denied/);
    }
    for (const sql of [
      `update private.billing_documents set total_satang = 1 where id = '${doc.id}'`,
      `delete from private.billing_documents where id = '${doc.id}'`,
      `update private.billing_document_lines set amount_satang = 1 where document_id = '${doc.id}'`,
      `update public.brand_payments set received_satang = 1 where id = '${payments![0].id}'`,
      'truncate public.brand_refunds',
      'truncate private.billing_documents cascade',
      'truncate public.brand_payments',
    ]) {
      await expect(db.query(sql), sql).rejects.toThrow(/document_immutable/);
    }
    expect(await world.documents(payer.id)).toEqual(before);
  });

  it("lets no other brand, creator or visitor read a brand's billing", async () => {
    const doc = (await world.documents(payer.id))[0];
    expect(doc).toBeDefined();
    for (const client of [outsider.client, world.creator.client]) {
      for (const table of ['billing_documents', 'billing_document_lines', 'brand_payments', 'brand_refunds', 'brand_billing_details']) {
        const { data, error } = await client.from(table).select('*');
        expect(error, table).toBeNull();
        expect(data, table).toEqual([]);
      }
      for (const report of ['output_vat_report', 'brand_wht_report'] as const) {
        expect((await client.rpc(report, { p_month: bangkokMonth() })).error).toMatchObject({ code: 'admin_only' });
      }
      expect((await client.rpc('record_brand_payment', { p_invoice_id: doc.id, p_received_satang: 1, p_withheld_satang: 0, p_certificate_no: null, p_paid_on: bangkokToday(), p_bank_reference: 'x' })).error).toMatchObject({ code: 'admin_only' });
    }
    const anon = world.backend.client();
    for (const table of ['billing_documents', 'billing_document_lines', 'brand_payments', 'brand_refunds', 'brand_billing_details']) {
      const { data } = await anon.from(table).select('*');
      expect(data ?? [], table).toEqual([]);
    }
    expect((await anon.rpc('billing_details_missing')).data ?? []).toEqual([]);
    // The brand itself reads its own.
    expect(((await payer.client.from('billing_documents').select('id')).data ?? []).length).toBeGreaterThan(0);
  });

  it('refuses a suspended brand its billing details, with the session it still holds', async () => {
    const suspended = await createUser(world.backend, 'brand');
    expect((await world.admin.client.rpc('admin_set_suspended', { p_user_id: suspended.id, p_suspended: true, p_reason: 'Under review' })).error).toBeNull();
    const saved = await suspended.client.rpc('save_billing_details', {
      p_legal_name: 'Suspended Co., Ltd.', p_address: '1 Silom Road', p_tax_id: thaiTaxId('010555100009'), p_branch: '00000', p_billing_email: 'ap@suspended.example',
    });
    expect(saved).toMatchObject({ status: 403, error: { code: 'account_suspended' } });
    expect((await world.admin.client.from('brand_billing_details').select('brand_id').eq('brand_id', suspended.id)).data).toEqual([]);
  });

  it('refuses bad input with its code and a 4xx, never a 500', async () => {
    const invoice = await world.invoice(payer.id, july);
    const good = { p_legal_name: 'Good Co., Ltd.', p_address: '1 Silom Road', p_tax_id: thaiTaxId('010555100007'), p_branch: '00000', p_billing_email: 'ap@good.example' };
    const save = (client: SupabaseClient, change: Record<string, unknown>) => client.rpc('save_billing_details', { ...good, ...change });
    const cases: [PromiseLike<{ error: { code: string; details?: string | null } | null; status: number }>, string, number][] = [
      [save(world.creator.client, {}), 'not_a_brand', 403],
      [save(world.admin.client, {}), 'not_a_brand', 403],
      // The right digits but the wrong check digit.
      [save(outsider.client, { p_tax_id: good.p_tax_id.slice(0, 12) + String((Number(good.p_tax_id[12]) + 1) % 10) }), 'tax_id_invalid', 422],
      [save(outsider.client, { p_tax_id: '12345' }), 'tax_id_invalid', 422],
      [save(outsider.client, { p_tax_id: 'abcdefghijklm' }), 'tax_id_invalid', 422],
      [save(outsider.client, { p_branch: 'HQ' }), 'branch_invalid', 422],
      [save(outsider.client, { p_branch: '123456' }), 'branch_invalid', 422],
      [save(outsider.client, { p_billing_email: 'not an address' }), 'billing_email_invalid', 422],
      [save(outsider.client, { p_legal_name: '   ' }), 'legal_name_required', 422],
      [save(outsider.client, { p_legal_name: null }), 'legal_name_required', 422],
      [save(outsider.client, { p_legal_name: 'x'.repeat(201) }), 'field_too_long', 422],
      [save(outsider.client, { p_address: '' }), 'address_required', 422],
      [save(outsider.client, { p_address: 'x'.repeat(501) }), 'field_too_long', 422],
      [save(outsider.client, { p_billing_email: `${'a'.repeat(250)}@x.io` }), 'field_too_long', 422],
    ];
    const pay = (change: Record<string, unknown>) =>
      world.admin.client.rpc('record_brand_payment', {
        p_invoice_id: invoice.id, p_received_satang: 100, p_withheld_satang: 0, p_certificate_no: null, p_paid_on: bangkokToday(), p_bank_reference: 'REF', ...change,
      });
    const tomorrow = new Date(Date.now() + 31 * 3_600_000).toISOString().slice(0, 10);
    cases.push(
      [pay({ p_invoice_id: crypto.randomUUID() }), 'invoice_not_found', 404],
      [pay({ p_invoice_id: (await world.documents(payer.id)).find((d) => d.kind === 'tax_invoice')!.id }), 'invoice_not_found', 404],
      [pay({ p_received_satang: 0 }), 'amount_invalid', 422],
      [pay({ p_received_satang: -5, p_withheld_satang: 10, p_certificate_no: 'C' }), 'amount_invalid', 422],
      [pay({ p_received_satang: null, p_withheld_satang: null }), 'amount_invalid', 422],
      [pay({ p_withheld_satang: 10 }), 'certificate_required', 422],
      [pay({ p_withheld_satang: 10, p_certificate_no: 'C'.repeat(51) }), 'field_too_long', 422],
      [pay({ p_paid_on: tomorrow }), 'paid_on_in_future', 422],
      [pay({ p_paid_on: null }), 'paid_on_invalid', 422],
      [pay({ p_paid_on: '2019-12-31' }), 'paid_on_invalid', 422],
      [pay({ p_bank_reference: '  ' }), 'bank_reference_required', 422],
      [pay({ p_bank_reference: 'R'.repeat(101) }), 'field_too_long', 422],
      [pay({ p_received_satang: 10_000_000_000 }), 'payment_exceeds_balance', 422],
      [pay({ p_received_satang: '9223372036854775807' }), 'amount_invalid', 422],
      [world.admin.client.rpc('record_brand_refund', { p_credit_note_id: crypto.randomUUID(), p_paid_on: bangkokToday(), p_bank_reference: 'R' }), 'credit_note_not_found', 404],
      [world.admin.client.rpc('output_vat_report', { p_month: null }), 'month_required', 400],
      [world.admin.client.rpc('brand_wht_report', { p_month: null }), 'month_required', 400],
    );
    for (const [call, code, status] of cases) {
      const answer = await call;
      expect(answer.error, code).toMatchObject({ code });
      expect(answer.status, code).toBe(status);
    }
    const tooLong = await save(outsider.client, { p_address: 'x'.repeat(501) });
    expect(JSON.parse(tooLong.error!.details!)).toEqual({ field: 'address', max: 500 });
    // A malformed value is PostgREST's 400, before any rule.
    const malformed = await world.admin.client.rpc('record_brand_payment', { p_invoice_id: 'not-a-uuid', p_received_satang: 'lots', p_withheld_satang: 0, p_certificate_no: null, p_paid_on: 'yesterday', p_bank_reference: 'R' });
    expect(malformed.status).toBe(400);
    // Signed out: no call at all.
    const anon = await world.backend.client().rpc('save_billing_details', good);
    expect(anon.error).not.toBeNull();
    expect(anon.status).toBeLessThan(500);
    // None of it wrote anything for the outsider, nor paid the invoice.
    expect((await world.admin.client.from('brand_billing_details').select('brand_id').eq('brand_id', outsider.id)).data).toEqual([]);
    expect((await world.invoice(payer.id, july)).paid_satang).toBe(invoice.paid_satang);
  });
});

// A company that is not VAT-registered ------------------------------------------------------------

describe('a company not registered for VAT', () => {
  const world = new World();
  let brand: TestUser & { brief: string };

  beforeAll(async () => {
    await world.start({ COMPANY_VAT_REGISTERED: '0', BRAND_WHT_RATE: '3', COMPANY_BRANCH: '00001' });
    brand = await world.brand();
    await world.details(brand, 'Plain Co., Ltd.', thaiTaxId('010555300001'));
    await world.video(brand, '2026-07-05', 10_001);
    await world.close(july);
  }, 240_000);
  afterAll(() => world.stop());

  it('takes its tax position from the environment at start', async () => {
    const { data } = await brand.client.from('pay_rules').select('vat_registered, vat_rate_bp, company_branch, brand_wht_rate_bp').single();
    expect(data).toEqual({ vat_registered: false, vat_rate_bp: 700, company_branch: '00001', brand_wht_rate_bp: 300 });
  });

  it('issues invoices without VAT and, on payment, receipts, never tax invoices', async () => {
    const invoice = await world.invoice(brand.id, july);
    expectAddsUp(invoice);
    // 3% withholding (services) of 10,001 = 300.03 → 300.
    expect(invoice).toMatchObject({ subtotal_satang: 10_001, vat_satang: 0, total_satang: 10_001, wht_expected_satang: 300, net_due_satang: 9_701, vat_rate_bp: null, wht_rate_bp: 300 });
    expect(invoice.seller).toMatchObject({ vat_registered: false, branch: '00001' });
    const paid = await world.pay(invoice, 9_701, 300, '50T-PLAIN-1');
    expect(paid.error).toBeNull();
    expect((paid.data as { document_number: string }).document_number).toMatch(numbered('RCT', '000001'));
    const docs = await world.documents(brand.id);
    expect(docs.map((d) => d.kind).sort()).toEqual(['invoice', 'receipt']);
    const receipt = docs.find((d) => d.kind === 'receipt')!;
    expectAddsUp(receipt);
    expect(receipt).toMatchObject({ subtotal_satang: 10_001, vat_satang: 0, total_satang: 10_001, wht_expected_satang: 300, vat_rate_bp: null });
    expect(await world.invoice(brand.id, july)).toMatchObject({ status: 'paid', balance_satang: 0 });
    // No tax invoice, so nothing in the output VAT register; the withholding is in its report.
    expect((await world.admin.client.rpc('output_vat_report', { p_month: bangkokMonth() })).data).toEqual([]);
    expect((await world.admin.client.rpc('brand_wht_report', { p_month: bangkokMonth() })).data).toEqual([
      { paid_on: bangkokToday(), brand_name: 'Plain Co., Ltd.', brand_tax_id: thaiTaxId('010555300001'), invoice_number: invoice.number, certificate_no: '50T-PLAIN-1', base_satang: 10_001, withheld_satang: 300 },
    ]);
  });
});
