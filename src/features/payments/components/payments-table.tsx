import type { ReactNode } from 'react';
import { Pagination } from '@/components/pagination';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

export type Column = { label: string; align?: 'right'; className?: string };

/** Cell padding: narrower on phones, where a row has two or three columns. */
export const cell = 'px-3 py-3 sm:px-4';

/**
 * A payments list in its states: loading, empty (also when the load failed; a toast says why),
 * or its table, paged. On phones a row shows fewer columns: the rest goes under its header cell.
 */
export function PaymentsTable({
  caption,
  loaded,
  failed,
  empty,
  loadingText,
  emptyText,
  columns,
  dimmed = false,
  page,
  totalPages = 1,
  onPage,
  pager,
  children,
}: {
  caption: string;
  loaded: boolean;
  failed: boolean;
  empty: boolean;
  loadingText: string;
  emptyText: string;
  columns: Column[];
  /** The rows are the previous page's while the next loads. */
  dimmed?: boolean;
  page?: number;
  totalPages?: number;
  onPage?: (page: number) => void;
  /** A keyset list's pager (components/pager.tsx), in place of page and onPage. */
  pager?: ReactNode;
  children: ReactNode;
}) {
  if (!loaded && !failed) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-8 text-slate-600 dark:text-slate-300">
        <Spinner /> {loadingText}
      </p>
    );
  }
  if (!loaded || empty) return <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center font-semibold dark:border-slate-700">{emptyText}</p>;
  return (
    <div>
      <div className={cn('overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900', dimmed && 'opacity-60')}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={cn(cell, 'font-semibold', column.align === 'right' && 'text-right', column.className)}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
        </table>
      </div>
      {pager ?? (page !== undefined && onPage && <Pagination page={Math.min(page, totalPages)} totalPages={totalPages} onPage={onPage} />)}
    </div>
  );
}

/** A section of the Payments tab: its heading, a line saying what it is, and its content. */
export function PaymentsSection({ id, title, text, children }: { id: string; title: string; text?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {text && <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-400">{text}</p>}
      </div>
      {children}
    </section>
  );
}
