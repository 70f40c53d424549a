import { useTranslation } from 'react-i18next';
import type { ViewSplit } from '@/lib/database';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';

const parts = [
  { key: 'counted', figure: 'countedViews', dot: 'bg-emerald-500' },
  { key: 'pending', figure: 'pendingViews', dot: 'bg-amber-500' },
  { key: 'notCounted', figure: 'notCountedViews', dot: 'bg-slate-400' },
] as const;

/**
 * Views as the ledger splits them: counted, pending review, not counted (they add up to the
 * total). Each part is named in words; the dots only echo the video cards' badge colours.
 */
export function ViewSplitList({ split, className }: { split: ViewSplit | undefined; className?: string }) {
  const { t } = useTranslation();
  return (
    <dl aria-label={t('viewSplit.label')} className={cn('flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400', className)}>
      {parts.map(({ key, figure, dot }) => (
        <div key={key} className="flex items-center gap-1.5">
          <span aria-hidden className={cn('size-2 shrink-0 rounded-full', dot)} />
          <dt>{t(`viewSplit.${key}`)}</dt>
          <dd className="font-semibold text-slate-900 dark:text-slate-100" title={split ? split[figure].toLocaleString() : undefined}>
            {split ? formatCount(split[figure]) : '…'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
