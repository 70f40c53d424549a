import { http, HttpResponse, type JsonBodyType } from 'msw';
import { ledgerRulesRow } from './data';
import { apiUrl } from './msw';

/**
 * msw handlers in Supabase's wire format, each answering what the test gives it. A test
 * that needs to know what was sent reads the request in its own handler.
 */

/** A GET of a table or view: the rows, and with `count` the total a counted query reads from Content-Range. */
export const restGet = (table: string, rows: JsonBodyType, { count, when }: { count?: number; when?: (query: URLSearchParams) => boolean } = {}) =>
  http.get(`${apiUrl}/rest/v1/${table}`, ({ request }) => {
    if (when && !when(new URL(request.url).searchParams)) return undefined;
    const length = Array.isArray(rows) ? rows.length : 1;
    const headers: Record<string, string> = count === undefined ? {} : { 'Content-Range': length ? `0-${length - 1}/${count}` : `*/${count}` };
    return HttpResponse.json(rows, { headers });
  });

/** A PostgREST refusal, as the database raises it: its code and message. */
export const restError = (method: 'get' | 'post' | 'patch', table: string, code: string, status = 400) =>
  http[method](`${apiUrl}/rest/v1/${table}`, () => HttpResponse.json({ code, message: code, details: null, hint: null }, { status }));

/** An SQL function called with rpc(). */
export const rpc = (name: string, result: JsonBodyType) => http.post(`${apiUrl}/rest/v1/rpc/${name}`, () => HttpResponse.json(result));

/** A keyset list's answer (src/lib/paging.ts): the first page, these rows of `total`, and whether more follow. */
export const keysetAnswer = (rows: JsonBodyType[], total: number = rows.length) => ({ total, exact: true, has_previous: false, has_next: total > rows.length, rows });

/** A keyset list function called with rpc(), answering keysetAnswer(rows, total) to the calls `when` accepts (their body). */
export const keysetRpc = (name: string, rows: JsonBodyType[], { total, when }: { total?: number; when?: (body: Record<string, unknown>) => boolean } = {}) =>
  http.post(`${apiUrl}/rest/v1/rpc/${name}`, async ({ request }) => {
    if (when && !when((await request.clone().json()) as Record<string, unknown>)) return undefined;
    return HttpResponse.json(keysetAnswer(rows, total));
  });

/** video_listing_page(), a page of video_listings rows and (unless asked not to count) their total. */
export const videoPage = (rows: JsonBodyType[], total: number = rows.length) => rpc('video_listing_page', keysetAnswer(rows, total));

/** pay_rates(), the platform's rates per 1,000 counted views. */
export const payRates = () => rpc('pay_rates', { brand_per_1000: 10, creator_per_1000: 5 });

/** ledger_rules, the counting rules' numbers (one row, read with single()). */
export const ledgerRules = (row: JsonBodyType = ledgerRulesRow()) => restGet('ledger_rules', row);

/** The signed-in user's profile row (the auth provider reads it after the session). */
export const profileRow = (profile: { id: string }) => restGet('profiles', [profile], { when: (query) => query.get('id') === `eq.${profile.id}` });
