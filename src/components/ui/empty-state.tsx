import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type EmptyStateProps = { icon: LucideIcon; title: string; description?: string; children?: ReactNode };

/** What a page shows when it has nothing yet: say so, and offer the next step. */
export function EmptyState({ icon: Icon, title, description, children }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-800/30 dark:text-brand-100">
        <Icon aria-hidden className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      {description && <p className="mt-2 max-w-md text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      {children && <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>}
    </div>
  );
}
