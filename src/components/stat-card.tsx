import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/** One headline figure of a dashboard, named by its label for assistive technology; children add detail below it. */
export function StatCard({
  icon: Icon,
  label,
  value,
  exact,
  note,
  children,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  /** The exact figure, as a tooltip, when the value is abbreviated. */
  exact?: string;
  note?: ReactNode;
  children?: ReactNode;
}) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-center justify-between gap-3">
        <p id={labelId} className="text-sm font-medium text-slate-600 dark:text-slate-400">
          {label}
        </p>
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100">
          <Icon aria-hidden className="size-5" />
        </span>
      </div>
      <p className="mt-3 text-xl font-bold tracking-tight tabular-nums break-words sm:text-2xl xl:text-3xl" title={exact}>
        {value}
      </p>
      {note && <div className="mt-1 text-xs text-slate-600 dark:text-slate-400">{note}</div>}
      {children && <div className="mt-3">{children}</div>}
    </div>
  );
}
