/**
 * Keyset paging (issue 33, item 10): a long list is read from the row the person paged from,
 * never by counting off the rows before it, so its last page answers as fast as its first.
 *
 * Where a list is (PageAt) lives in the address as one parameter: `7` (page 7), `last` (the
 * last page), `last-2` (two pages before it), each optionally followed by the row it was
 * reached from: `7.after.<id>` (the page after that row: Next) or `6.before.<id>` (the page
 * before it: Previous). The page number is only a label; the row decides what is read. An
 * address with a page number and no row (typed, or shared) is read from the nearer end.
 */

export type PageAt = {
  /** The page number, from 1: counted from the start, or from the end when fromEnd. */
  n: number;
  fromEnd?: boolean;
  /** The id of the row this page follows (Next)... */
  after?: string;
  /** ...or precedes (Previous). */
  before?: string;
};

export const firstPage: PageAt = { n: 1 };
export const lastPage: PageAt = { n: 1, fromEnd: true };

/** Ids as the server takes them back: uuids, numbers, an invoice's month_brand. */
const keyPattern = '[0-9A-Za-z_-]{1,80}';
const pageAtPattern = new RegExp(`^(?:(\\d{1,7})|last(?:-(\\d{1,7}))?)(?:\\.(after|before)\\.(${keyPattern}))?$`);

/** The place an address parameter names; anything else is the first page. */
export function parsePageAt(text: string | null | undefined): PageAt {
  const match = pageAtPattern.exec(text ?? '');
  if (!match) return firstPage;
  const [, number, back, direction, key] = match;
  const at: PageAt = number !== undefined ? { n: Math.max(1, Number(number)) } : { n: 1 + Number(back ?? 0), fromEnd: true };
  if (direction === 'after') at.after = key;
  if (direction === 'before') at.before = key;
  return at;
}

/** The address parameter of a place ('1' for the first page). */
export function formatPageAt(at: PageAt): string {
  const base = at.fromEnd ? (at.n > 1 ? `last-${at.n - 1}` : 'last') : String(Math.max(1, at.n));
  if (at.after) return `${base}.after.${at.after}`;
  if (at.before) return `${base}.before.${at.before}`;
  return base;
}

/** A place, from a place or a page number (counted from the start). */
export const toPageAt = (page: PageAt | number): PageAt => (typeof page === 'number' ? { n: Math.max(1, Math.trunc(page) || 1) } : page);

export const isFirstPage = (at: PageAt) => !at.fromEnd && at.n <= 1 && !at.after && !at.before;

/** The arguments every keyset list function takes for a place. */
export function pageArgs(at: PageAt): { p_page: number; p_from_end: boolean; p_after?: string; p_before?: string } {
  return {
    p_page: Math.max(1, at.n),
    p_from_end: Boolean(at.fromEnd),
    ...(at.after ? { p_after: at.after } : {}),
    ...(at.before ? { p_before: at.before } : {}),
  };
}

/** What a keyset list function answers (private.page_answer). */
export type KeysetAnswer<Row> = { total: number | null; exact?: boolean; has_previous?: boolean; has_next?: boolean; rows: Row[] };

/** A page of a keyset list, as the lists and the pager use it. */
export type KeysetPage<T> = {
  data: T[];
  /** Rows in the list; when not exact, at least this many (the count stopped there: "10,000+"). */
  totalCount: number;
  exact: boolean;
  /** Pages in the list (at least this many when not exact). */
  totalPages: number;
  /** Whether rows lie before the first row of this page, and after its last. */
  hasPrevious: boolean;
  hasNext: boolean;
  /** The ids of the page's first and last rows: where Previous and Next read from. */
  firstKey?: string;
  lastKey?: string;
};

export function toKeysetPage<Row, T = Row>(answer: KeysetAnswer<Row>, pageSize: number, keyOf: (row: Row) => string, map?: (rows: Row[]) => T[]): KeysetPage<T> {
  const rows = answer.rows ?? [];
  const totalCount = answer.total ?? rows.length;
  return {
    data: map ? map(rows) : (rows as unknown as T[]),
    totalCount,
    exact: answer.exact ?? true,
    totalPages: Math.max(1, Math.ceil(totalCount / pageSize)),
    hasPrevious: answer.has_previous ?? false,
    hasNext: answer.has_next ?? false,
    firstKey: rows.length ? keyOf(rows[0]) : undefined,
    lastKey: rows.length ? keyOf(rows[rows.length - 1]) : undefined,
  };
}

/**
 * What the pager shows for a place: the page number counted from the start when it is known,
 * else (a list too long to count, reached from its end) the number counted from the end. The
 * number follows what the server found: no rows before means page 1, rows after mean there is
 * a page after (rows added while the person pages).
 */
export function pagePosition(at: PageAt, page: Pick<KeysetPage<unknown>, 'exact' | 'totalPages' | 'hasPrevious' | 'hasNext'>): { page?: number; fromEnd?: number; totalPages: number } {
  let n: number | undefined;
  let fromEnd: number | undefined;
  if (!at.fromEnd) n = at.n;
  else if (page.exact) n = Math.max(1, page.totalPages - at.n + 1);
  else fromEnd = page.hasNext ? Math.max(2, at.n) : 1;
  if (n !== undefined) {
    if (page.exact) n = Math.min(n, page.totalPages);
    if (!page.hasPrevious) n = 1;
    if (!page.hasNext && page.exact) n = Math.max(n, page.totalPages);
    return { page: n, totalPages: Math.max(page.totalPages, n + (page.hasNext ? 1 : 0)) };
  }
  return { fromEnd, totalPages: page.totalPages };
}

export type PagerTargets = { first?: PageAt; previous?: PageAt; next?: PageAt; last?: PageAt };

/** Where First, Previous, Next and Last go from a page (undefined: the button is off). */
export function pagerTargets(at: PageAt, page: KeysetPage<unknown>): PagerTargets {
  const position = pagePosition(at, page);
  const targets: PagerTargets = {};
  if (page.hasPrevious) {
    targets.first = firstPage;
    if (page.firstKey) {
      targets.previous =
        position.page !== undefined ? { n: Math.max(1, position.page - 1), before: page.firstKey } : { n: (position.fromEnd ?? 1) + 1, fromEnd: true, before: page.firstKey };
    } else {
      targets.previous = position.page !== undefined ? { n: Math.max(1, position.page - 1) } : { n: (position.fromEnd ?? 1) + 1, fromEnd: true };
    }
  }
  if (page.hasNext) {
    targets.last = page.exact ? { n: Math.max(position.totalPages, (position.page ?? 0) + 1) } : lastPage;
    if (page.lastKey) {
      targets.next =
        position.page !== undefined ? { n: position.page + 1, after: page.lastKey } : { n: Math.max(1, (position.fromEnd ?? 2) - 1), fromEnd: true, after: page.lastKey };
    } else {
      targets.next = position.page !== undefined ? { n: position.page + 1 } : { n: Math.max(1, (position.fromEnd ?? 2) - 1), fromEnd: true };
    }
  }
  return targets;
}
