import { describe, expect, it } from 'vitest';
import { firstPage, formatPageAt, isFirstPage, lastPage, pageArgs, pagePosition, pagerTargets, parsePageAt, toKeysetPage, type KeysetPage, type PageAt } from './paging';

const uuid = '9d1c0000-0000-4000-8000-000000000002';

/** A page of a list of `total` rows, 10 a page, whose rows run from `first` to `last`. */
const page = (over: Partial<KeysetPage<unknown>> = {}): KeysetPage<unknown> => ({
  data: [{}],
  totalCount: 45,
  exact: true,
  totalPages: 5,
  hasPrevious: true,
  hasNext: true,
  firstKey: 'first',
  lastKey: 'last',
  ...over,
});

describe('the place of a list in the address', () => {
  it('reads and writes a page number, the last pages, and the row a page was reached from', () => {
    const places: [string, PageAt][] = [
      ['1', { n: 1 }],
      ['7', { n: 7 }],
      ['last', { n: 1, fromEnd: true }],
      ['last-2', { n: 3, fromEnd: true }],
      [`7.after.${uuid}`, { n: 7, after: uuid }],
      ['6.before.123456', { n: 6, before: '123456' }],
      [`last-1.before.2026-10-01_${uuid}`, { n: 2, fromEnd: true, before: `2026-10-01_${uuid}` }],
    ];
    for (const [text, at] of places) {
      expect(parsePageAt(text), text).toEqual(at);
      expect(formatPageAt(at), text).toBe(text);
    }
  });

  it('takes anything else as the first page: no address can make the list ask for what is not a row id', () => {
    for (const text of [null, '', '0', '-3', 'abc', '2.after.', '2.sideways.abc', "2.after.';drop table", '2.after.a b', `2.after.${'x'.repeat(81)}`, '12345678', 'last-x', '1e3']) {
      expect(parsePageAt(text), String(text)).toEqual(firstPage);
    }
    expect(isFirstPage(parsePageAt('1'))).toBe(true);
    expect(isFirstPage(parsePageAt('1.before.5'))).toBe(false);
    expect(isFirstPage(lastPage)).toBe(false);
  });

  it('asks the server for the page, from the row it was reached from when there is one', () => {
    expect(pageArgs(firstPage)).toEqual({ p_page: 1, p_from_end: false });
    expect(pageArgs({ n: 3, after: uuid })).toEqual({ p_page: 3, p_from_end: false, p_after: uuid });
    expect(pageArgs({ n: 2, fromEnd: true, before: '9' })).toEqual({ p_page: 2, p_from_end: true, p_before: '9' });
  });

  it('turns the server answer into a page with the keys of its first and last rows', () => {
    const answer = { total: 10000, exact: false, has_previous: false, has_next: true, rows: [{ id: 'a' }, { id: 'b' }] };
    expect(toKeysetPage(answer, 20, (row) => row.id)).toEqual({
      data: answer.rows,
      totalCount: 10000,
      exact: false,
      totalPages: 500,
      hasPrevious: false,
      hasNext: true,
      firstKey: 'a',
      lastKey: 'b',
    });
    expect(toKeysetPage({ total: null, rows: [] }, 20, () => 'x')).toMatchObject({ totalCount: 0, totalPages: 1, hasPrevious: false, hasNext: false, firstKey: undefined });
  });
});

describe('where the pager goes', () => {
  it('goes to the page after the last row and before the first, to the first page, and to the last page by its number', () => {
    expect(pagerTargets({ n: 3, after: 'x' }, page())).toEqual({
      first: firstPage,
      previous: { n: 2, before: 'first' },
      next: { n: 4, after: 'last' },
      last: { n: 5 },
    });
  });

  it('turns off First and Previous on the first page, Next and Last on the last', () => {
    expect(pagerTargets(firstPage, page({ hasPrevious: false }))).toEqual({ next: { n: 2, after: 'last' }, last: { n: 5 } });
    expect(pagerTargets({ n: 5 }, page({ hasNext: false }))).toEqual({ first: firstPage, previous: { n: 4, before: 'first' } });
  });

  it('numbers a list too long to count from the start, and its pages reached from the end from the end', () => {
    const capped = page({ exact: false, totalCount: 10000, totalPages: 1000 });
    expect(pagePosition({ n: 3, after: 'x' }, capped)).toEqual({ page: 3, totalPages: 1000 });
    // Last goes to the last page, whose number nobody counted.
    expect(pagerTargets({ n: 3, after: 'x' }, capped).last).toEqual(lastPage);
    expect(pagePosition(lastPage, { ...capped, hasNext: false })).toEqual({ fromEnd: 1, totalPages: 1000 });
    // From the last page: Previous is the second from the end, Next from there is the last again.
    expect(pagerTargets(lastPage, { ...capped, hasNext: false })).toEqual({ first: firstPage, previous: { n: 2, fromEnd: true, before: 'first' } });
    expect(pagerTargets({ n: 2, fromEnd: true, before: 'y' }, capped).next).toEqual({ n: 1, fromEnd: true, after: 'last' });
    expect(pagePosition({ n: 2, fromEnd: true, before: 'y' }, capped)).toEqual({ fromEnd: 2, totalPages: 1000 });
  });

  it('numbers the last page of a counted list from the start', () => {
    expect(pagePosition(lastPage, page({ hasNext: false }))).toEqual({ page: 5, totalPages: 5 });
    expect(pagerTargets({ n: 2, fromEnd: true }, page())).toMatchObject({ previous: { n: 3, before: 'first' }, next: { n: 5, after: 'last' } });
  });

  it('follows the rows the server found when rows came or went while the person paged', () => {
    // Rows were added at the top: page "1" has rows before it, and Previous stays on.
    expect(pagePosition(firstPage, page())).toEqual({ page: 1, totalPages: 5 });
    expect(pagerTargets({ n: 1, before: 'z' }, page()).previous).toEqual({ n: 1, before: 'first' });
    // A page reached as 6 of 5 (rows added below): there is still a next page.
    expect(pagePosition({ n: 6, after: 'x' }, page())).toEqual({ page: 5, totalPages: 6 });
    // Nothing before: whatever the address said, this is page 1.
    expect(pagePosition({ n: 4, before: 'x' }, page({ hasPrevious: false }))).toEqual({ page: 1, totalPages: 5 });
  });
});
