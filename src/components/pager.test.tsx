import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { firstPage, lastPage, type KeysetPage, type PageAt } from '@/lib/paging';
import { renderPage } from '@/testing/render';
import { Pager } from './pager';

const page = (over: Partial<KeysetPage<unknown>> = {}): KeysetPage<unknown> => ({
  data: [{}],
  totalCount: 45,
  exact: true,
  totalPages: 5,
  hasPrevious: true,
  hasNext: true,
  firstKey: '41',
  lastKey: '32',
  ...over,
});

async function renderPager(at: PageAt, of: KeysetPage<unknown>, options: { language?: 'en' | 'th'; numbers?: boolean } = {}) {
  const onPage = vi.fn();
  await renderPage(<Pager at={at} page={of} onPage={onPage} numbers={options.numbers} />, { language: options.language });
  return onPage;
}

describe('Pager', () => {
  it('goes first, back from the first row, on from the last row, and to the last page by its number', async () => {
    const onPage = await renderPager({ n: 3, after: '50' }, page());
    expect(screen.getByText('Page 3 of 5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPage.mock.calls.map(([at]) => at)).toEqual([firstPage, { n: 2, before: '41' }, { n: 4, after: '32' }, { n: 5 }]);
  });

  it('turns off what leads nowhere, and shows nothing when the list fits on one page (spec §4)', async () => {
    const { unmount } = await renderPage(<Pager at={firstPage} page={page({ hasPrevious: false })} onPage={() => undefined} />);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    unmount();
    await renderPager(firstPage, page({ hasPrevious: false, hasNext: false, totalCount: 3, totalPages: 1 }));
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says a list too long to count is longer, and counts the pages reached from its end from the end', async () => {
    const capped = page({ exact: false, totalCount: 10_000, totalPages: 1_000 });
    const { unmount } = await renderPage(<Pager at={{ n: 2, after: '9' }} page={capped} onPage={() => undefined} />);
    expect(screen.getByText('Page 2 of 1,000+')).toBeInTheDocument();
    unmount();
    const onPage = await renderPager(lastPage, { ...capped, hasNext: false });
    expect(screen.getByText('Last page')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenLastCalledWith({ n: 2, fromEnd: true, before: '41' });
  });

  it('speaks Thai, and counts from the end in Thai', async () => {
    const { unmount } = await renderPage(<Pager at={{ n: 2, fromEnd: true, before: '7' }} page={page({ exact: false, totalPages: 500 })} onPage={() => undefined} />, { language: 'th' });
    expect(screen.getByText('หน้าที่ 2 นับจากท้าย')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'หน้าแรก' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'หน้าสุดท้าย' })).toBeEnabled();
    unmount();
    await renderPager({ n: 2 }, page(), { language: 'th' });
    expect(screen.getByText('หน้า 2 จาก 5')).toBeInTheDocument();
  });

  it('with numbers: up to 3 page numbers, the neighbours read from this page’s rows, the current one marked (spec §9)', async () => {
    const onPage = await renderPager({ n: 3, after: '50' }, page(), { numbers: true });
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onPage.mock.calls.map(([at]) => at)).toEqual([{ n: 2, before: '41' }, { n: 4, after: '32' }]);
  });

  it('with numbers on the first page: 1, 2 and 3, page 3 by its number (read from the nearer end)', async () => {
    const onPage = await renderPager(firstPage, page({ hasPrevious: false }), { numbers: true });
    expect(screen.getAllByRole('button', { name: /^Page \d$/ }).map((button) => button.textContent)).toEqual(['1', '2', '3']);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPage).toHaveBeenLastCalledWith({ n: 3 });
  });
});
