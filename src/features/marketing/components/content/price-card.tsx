import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

type PriceCardProps = { label: string; price: string; per: string; points: string[]; highlighted?: boolean };

/** A rate per 1,000 views with what comes with it; the brand side is highlighted. */
export function PriceCard({ label, price, per, points, highlighted = false }: PriceCardProps) {
  return (
    <div
      className={cn(
        'rounded-2xl p-6 sm:p-8',
        highlighted
          ? 'bg-brand-700 text-white shadow-lg dark:bg-brand-800'
          : 'border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <p className={cn('text-sm font-semibold', highlighted ? 'text-brand-100' : 'text-slate-600 dark:text-slate-300')}>{label}</p>
      <p className="mt-2 flex flex-wrap items-baseline gap-x-2">
        <span className="text-5xl font-extrabold tracking-tight">{price}</span>
        <span className={highlighted ? 'text-brand-100' : 'text-slate-600 dark:text-slate-300'}>{per}</span>
      </p>
      <ul className="mt-6 space-y-3">
        {points.map((point) => (
          <li key={point} className="flex gap-3">
            <Check aria-hidden className={cn('mt-0.5 size-5 shrink-0', highlighted ? 'text-brand-100' : 'text-brand-700 dark:text-brand-100')} />
            <span className={highlighted ? undefined : 'text-slate-700 dark:text-slate-300'}>{point}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
