import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewSplitList } from '@/components/view-split';
import { useBrandMetrics } from '@/features/metrics/api/get-brand-metrics';
import { useCreatorMetrics } from '@/features/metrics/api/get-creator-metrics';
import type { UserType } from '@/lib/database';
import { formatCount } from '@/lib/format';

/**
 * My Videos' summary above the list: the owner's total views and how the ledger splits
 * them (creator_metrics or brand_metrics, the same figures as the dashboard's cards).
 */
export function ViewSplitSummary({ userId, userType }: { userId: string; userType: Extract<UserType, 'creator' | 'brand'> }) {
  const { t } = useTranslation('videos');
  const creator = useCreatorMetrics(userType === 'creator' ? userId : undefined);
  const brand = useBrandMetrics(userType === 'brand' ? userId : undefined);
  const metrics = userType === 'creator' ? creator.data : brand.data;
  const headingId = useId();
  // A failed load says nothing here: the dashboard is where the figures' failure is reported.
  if (!metrics && (userType === 'creator' ? creator.isError : brand.isError)) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white px-5 py-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={headingId} className="font-semibold">
          {t('split.title', { total: metrics ? formatCount(metrics.totalViews) : '…' })}
        </h2>
        <ViewSplitList split={metrics} className="text-sm" />
      </div>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t('split.note')}</p>
    </section>
  );
}
