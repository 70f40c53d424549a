import { send, stat, type Stat } from './replay';
import { signIn } from './spec-approach';

/**
 * Issue 33, item 10: deep pages stay fast. Every long list's first page and its LAST page (or,
 * for a "Show more" list, a batch deep in it), each sent `iterations` times in a row as the SPA
 * sends them (src/features/<f>/api: the keyset list functions of src/lib/paging.ts), so the two
 * can be compared: keyset paging reads the last page from its end, never by passing over the
 * rows before it.
 */
/** more: a "Show more" list, whose deep batch is a batch after many rows (its rows cost what they cost: not judged against the first). */
export type PagingRow = { list: string; account: string; more: boolean; total: number | null; exact: boolean; first: Stat; last: Stat; lastRows: number };
export type PagingResult = { lists: PagingRow[] };

type Account = { label: string; email: string; password: string };
type Call = { name: string; body: Record<string, unknown> };
type Answer = { total: number | null; exact?: boolean; rows: Record<string, unknown>[] };

/** A list: its function, the arguments of its first page, and how to ask for its last (maybe from the first page's answer). */
type List = { list: string; fn: string; args: Record<string, unknown>; more?: boolean; last: (first: Answer, ask: (call: Call) => Promise<Answer>) => Promise<Record<string, unknown>> };

const ends = { p_page: 1, p_from_end: true };

/** The lists each account pages through (`self`: the signed-in account's id). */
export function pagingLists(key: 'heavyCreator' | 'heavyBrand' | 'admin', self: string): List[] {
  const fromEnd = async () => ends;
  const lists: Record<typeof key, List[]> = {
    heavyCreator: [
      { list: 'notifications', fn: 'notifications_page', args: { p_limit: 20 }, last: fromEnd },
      { list: 'My Videos', fn: 'video_listing_page', args: { p_user: self, p_owner: 'creator', p_limit: 10 }, last: fromEnd },
      { list: 'My Videos, campaign tab', fn: 'video_listing_page', args: { p_user: self, p_owner: 'creator', p_limit: 10, p_campaign_only: true }, last: fromEnd },
    ],
    heavyBrand: [
      { list: "brand's Videos", fn: 'video_listing_page', args: { p_user: self, p_owner: 'brand', p_limit: 10 }, last: fromEnd },
      { list: 'notifications', fn: 'notifications_page', args: { p_limit: 20 }, last: fromEnd },
      {
        // "Show more": the batch after the 1,000th video waiting (or the last one there is).
        list: 'review queue (Show more, after 1,000)',
        fn: 'review_queue_page',
        args: { p_limit: 10 },
        more: true,
        last: async (_first, ask) => {
          const deep = await ask({ name: 'review_queue_page', body: { p_limit: 100 } });
          let after = deep.rows.at(-1);
          for (let batch = 1; batch < 10 && after; batch += 1) {
            const next = await ask({ name: 'review_queue_page', body: { p_limit: 100, p_after_at: after.queued_at, p_after: after.id } });
            if (!next.rows.length) break;
            after = next.rows.at(-1);
          }
          return after ? { p_after_at: after.queued_at, p_after: after.id } : {};
        },
      },
      {
        list: 'Creators (Show more, after 100)',
        fn: 'brand_creators',
        args: { p_brand: self, p_limit: 21 },
        more: true,
        last: async (_first, ask) => {
          const deep = (await ask({ name: 'brand_creators', body: { p_brand: self, p_limit: 100 } })) as unknown as Record<string, unknown>[];
          const after = deep.at(-1);
          return after ? { p_after_at: after.last_joined_at, p_after: after.creator_id } : {};
        },
      },
    ],
    admin: [
      { list: 'users', fn: 'admin_list_users', args: { p_limit: 10 }, last: fromEnd },
      { list: 'creators', fn: 'admin_list_users', args: { p_type: 'creator', p_limit: 10 }, last: fromEnd },
      { list: 'content', fn: 'admin_list_videos', args: { p_limit: 10 }, last: fromEnd },
      { list: 'content, any signal', fn: 'admin_list_videos', args: { p_signal: 'any', p_limit: 10 }, last: fromEnd },
      { list: 'content by signals', fn: 'admin_list_videos', args: { p_sort: 'signals', p_limit: 10 }, last: fromEnd },
      { list: 'audit log', fn: 'admin_audit_page', args: { p_limit: 20 }, last: fromEnd },
      { list: 'payouts due', fn: 'admin_payouts_page', args: { p_paid: false, p_limit: 10 }, last: fromEnd },
      { list: 'payouts paid', fn: 'admin_payouts_page', args: { p_paid: true, p_limit: 10 }, last: fromEnd },
      { list: 'invoices due', fn: 'admin_invoices_page', args: { p_status: 'due', p_limit: 10 }, last: fromEnd },
      { list: 'invoices paid', fn: 'admin_invoices_page', args: { p_status: 'paid', p_limit: 10 }, last: fromEnd },
    ],
  };
  return lists[key];
}

/** The signed-in account's id: the access token's subject. */
const subjectOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;

/** The first and the last page of every list, `iterations` times each, over a kept-alive connection. */
export async function measurePaging(
  baseUrl: string,
  anonKey: string,
  accounts: Record<'heavyCreator' | 'heavyBrand' | 'admin', Account>,
  iterations: number,
): Promise<PagingResult> {
  const lists: PagingRow[] = [];
  for (const key of ['heavyCreator', 'heavyBrand', 'admin'] as const) {
    const account = accounts[key];
    const token = await signIn(baseUrl, anonKey, account);
    const headers = { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const request = (call: Call) => ({ name: `rpc/${call.name}`, method: 'POST', path: `/rest/v1/rpc/${call.name}`, headers, body: JSON.stringify(call.body) });
    const ask = async (call: Call) => JSON.parse((await send(baseUrl, request(call))).body) as Answer;
    for (const list of pagingLists(key, subjectOf(token))) {
      const first = request({ name: list.fn, body: list.args });
      const firstAnswer = await ask({ name: list.fn, body: list.args });
      const lastArgs = { ...list.args, ...(await list.last(firstAnswer, ask)) };
      const last = request({ name: list.fn, body: lastArgs });
      const lastAnswer = await ask({ name: list.fn, body: lastArgs });
      const firstMs: number[] = [];
      const lastMs: number[] = [];
      for (let i = 0; i < iterations; i += 1) {
        firstMs.push((await send(baseUrl, first)).ms);
        lastMs.push((await send(baseUrl, last)).ms);
      }
      const rowsOf = (answer: Answer) => (Array.isArray(answer) ? answer.length : (answer.rows?.length ?? 0));
      lists.push({
        list: list.list,
        account: account.label,
        more: list.more ?? false,
        total: Array.isArray(firstAnswer) ? null : firstAnswer.total,
        exact: Array.isArray(firstAnswer) ? true : (firstAnswer.exact ?? true),
        first: stat(firstMs),
        last: stat(lastMs),
        lastRows: rowsOf(lastAnswer),
      });
    }
  }
  return { lists };
}

/** Whether a last page is as fast as its first: within 1.5× of it, or 2 ms (p95). A "Show more" list's deep batch is not judged. */
export const lastAsFastAsFirst = (row: PagingRow) => row.more || row.last.p95 <= Math.max(row.first.p95 * 1.5, row.first.p95 + 2);
