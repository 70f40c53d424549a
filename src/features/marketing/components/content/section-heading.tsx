import { cn } from '@/lib/cn';
import { Phrases } from '@/components/phrases';

type SectionHeadingProps = { id: string; eyebrow?: string; title: string; lead?: string; centered?: boolean };

/** A section's <h2>, with the eyebrow above it and a lead below; `id` is for aria-labelledby. */
export function SectionHeading({ id, eyebrow, title, lead, centered = false }: SectionHeadingProps) {
  return (
    <div className={cn(centered && 'mx-auto max-w-2xl text-center')}>
      {eyebrow && <p className="text-sm font-semibold text-brand-700 dark:text-brand-100">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
        <Phrases text={title} />
      </h2>
      {lead && <p className="mt-4 text-lg text-pretty text-slate-600 dark:text-slate-300">{lead}</p>}
    </div>
  );
}
