import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

type Column = { label: string; align?: 'right'; className?: string };

/**
 * A list of the console in its states: loading, empty (also when the load failed: spec §8 empties
 * the list, a toast says why), or its table with the given columns and rows.
 */
export function AdminList({
  loaded,
  failed,
  empty,
  loadingText,
  emptyText,
  columns,
  dimmed = false,
  children,
}: {
  loaded: boolean;
  failed: boolean;
  empty: boolean;
  loadingText: string;
  emptyText: string;
  columns: Column[];
  /** The rows are the previous page's while the next loads. */
  dimmed?: boolean;
  children: ReactNode;
}) {
  if (!loaded && !failed) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-10 text-slate-600 dark:text-slate-300">
        <Spinner /> {loadingText}
      </p>
    );
  }
  if (!loaded || empty) return <p className="rounded-2xl border border-dashed border-slate-300 py-10 text-center font-semibold dark:border-slate-700">{emptyText}</p>;
  return (
    <div className={cn('overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900', dimmed && 'opacity-60')}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn('px-4 py-3 font-semibold', column.align === 'right' && 'text-right', column.className)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}
