import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Phrases } from '@/components/phrases';

type PageHeroProps = {
  eyebrow?: ReactNode;
  title: string;
  lead?: string;
  /** Text pages (help, terms, privacy) use the narrow, left-aligned column. */
  narrow?: boolean;
  children?: ReactNode;
};

/** The top of a content page: its one <h1>, with an optional eyebrow and lead. */
export function PageHero({ eyebrow, title, lead, narrow = false, children }: PageHeroProps) {
  return (
    <section className="relative isolate overflow-hidden border-b border-slate-200 dark:border-slate-800">
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-b from-brand-50 to-white dark:from-brand-800/20 dark:to-slate-950" />
      <div className={cn('mx-auto px-4 py-16 sm:py-20', narrow ? 'max-w-3xl' : 'max-w-4xl text-center')}>
        {eyebrow && <div className="mb-3 text-sm font-semibold text-brand-700 dark:text-brand-100">{eyebrow}</div>}
        <h1 className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
          <Phrases text={title} />
        </h1>
        {lead && <p className={cn('mt-6 text-lg text-pretty text-slate-600 dark:text-slate-300', !narrow && 'mx-auto max-w-2xl')}>{lead}</p>}
        {children}
      </div>
    </section>
  );
}
