import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { TableRow } from '@/lib/database';
import { apiUrl } from '@/testing/msw';
import { keysetRpc, restGet } from '@/testing/supabase';

/** Rows the payments API answers in tests: what the database would, never computed here. */

export const creators = {
  mali: 'c2000000-0000-4000-8000-000000000001',
  somchai: 'c2000000-0000-4000-8000-000000000002',
  nok: 'c2000000-0000-4000-8000-000000000003',
};

export const brands = { glow: 'b2000000-0000-4000-8000-000000000001' };

export const payout = (overrides: Partial<TableRow<'payouts'>> = {}): TableRow<'payouts'> => ({
  id: 'p1000000-0000-4000-8000-000000000001',
  creator_id: creators.mali,
  month: '2026-10-01',
  gross_satang: 1_000_000,
  wht_satang: 30_000,
  net_satang: 970_000,
  wht_rate_bp: 300,
  paid_on: null,
  reference: null,
  paid_by: null,
  paid_at: null,
  created_at: '2026-11-01T00:00:05Z',
  ...overrides,
});

/** Mali is paid by PromptPay, Somchai at Kasikornbank, Nok has given no details. */
export const duePayouts = [
  payout(),
  payout({ id: 'p1000000-0000-4000-8000-000000000002', creator_id: creators.somchai, gross_satang: 200_000, wht_satang: 6_000, net_satang: 194_000 }),
  payout({ id: 'p1000000-0000-4000-8000-000000000003', creator_id: creators.nok, gross_satang: 50_000, wht_satang: 0, net_satang: 50_000 }),
];

export const profiles = [
  { id: creators.mali, user_type: 'creator', first_name: 'Mali', last_name: 'Srisuk', tiktok_username: 'mali.creates' },
  { id: creators.somchai, user_type: 'creator', first_name: 'Somchai', last_name: 'Jaidee', tiktok_username: null },
  { id: creators.nok, user_type: 'creator', first_name: null, last_name: null, tiktok_username: 'nok' },
  { id: brands.glow, user_type: 'brand', first_name: 'GlowLab Skincare', last_name: 'Pim', tiktok_username: null },
];

export const payoutAccounts = [
  { creator_id: creators.mali, method: 'promptpay', promptpay_id: '0812345678', bank_code: null, account_number: null, account_name: null },
  { creator_id: creators.somchai, method: 'bank', promptpay_id: null, bank_code: 'KBANK', account_number: '1234567890', account_name: 'Somchai Jaidee' },
];

export const banks = [
  { code: 'KBANK', name_en: 'Kasikornbank', name_th: 'ธนาคารกสิกรไทย' },
  { code: 'SCB', name_en: 'Siam Commercial Bank', name_th: 'ธนาคารไทยพาณิชย์' },
];

export const invoice = (overrides: Record<string, unknown> = {}) => ({
  brand_id: brands.glow,
  month: '2026-10-01',
  number: 'VP-202610-B2000000',
  views: 150_000,
  amount_satang: 150_000,
  status: 'due',
  paid_on: null,
  reference: null,
  issued_at: '2026-10-31T17:00:04Z',
  ...overrides,
});

/** A GET answering only when the query has `param` = `value` (paid_at=is.null, status=eq.due...). */
export const restGetWhere = (table: string, param: string, value: string, rows: JsonBodyType, count?: number) =>
  restGet(table, rows, { count: count ?? (Array.isArray(rows) ? rows.length : 1), when: (query) => query.get(param) === value });

/** The names, payout details and banks the Payouts lists read beside the payouts. */
export const payoutLookups = () => [
  restGet('profiles', profiles, { when: (query) => query.get('id')?.startsWith('in.') ?? false }),
  restGet('payout_accounts', payoutAccounts),
  restGet('payout_banks', banks),
];

/** admin_payouts_page(): the due (paid false) or paid payouts, one page. */
export const payoutsPage = (paid: boolean, rows: JsonBodyType[]) => keysetRpc('admin_payouts_page', rows, { when: (body) => Boolean(body.p_paid) === paid });

/** admin_invoices_page(): every brand's invoices of one status, one page. */
export const invoicesPage = (status: 'due' | 'paid', rows: JsonBodyType[]) => keysetRpc('admin_invoices_page', rows, { when: (body) => body.p_status === status });

/** Everything the Payouts part of the tab asks for when it opens: three due payouts, none paid. */
export const payoutsTabHandlers = (due: JsonBodyType[] = duePayouts) => [payoutsPage(false, due), payoutsPage(true, []), ...payoutLookups()];

/** Records every body an rpc was called with, and answers `result` (or a refusal with `code`). */
export function recordRpc(name: string, answer: { result?: JsonBodyType; code?: string; status?: number } = {}) {
  const calls: Record<string, unknown>[] = [];
  const handler = http.post(`${apiUrl}/rest/v1/rpc/${name}`, async ({ request }) => {
    calls.push((await request.json()) as Record<string, unknown>);
    if (answer.code) return HttpResponse.json({ code: answer.code, message: answer.code, details: null, hint: null }, { status: answer.status ?? 400 });
    return answer.result === undefined ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(answer.result);
  });
  return { calls, handler };
}
