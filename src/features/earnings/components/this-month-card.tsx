import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/i18n/use-language';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { errorText } from '@/lib/notify';
import type { ThisMonth } from '../api/get-this-month';
import { formatSatang } from '@/lib/format';
import { formatDay, formatMonth, nextMonthStart } from '@/lib/months';

const parts = [
  { key: 'counted', figure: 'countedViews', dot: 'bg-emerald-500' },
  { key: 'pending', figure: 'pendingViews', dot: 'bg-amber-500' },
  { key: 'notCounted', figure: 'notCountedViews', dot: 'bg-slate-400' },
] as const;

/** The month so far: what the counted views accrue, and the views split as the ledger splits them. Not final until the close. */
export function ThisMonthCard({ month, error }: { month: ThisMonth | undefined; error: unknown }) {
  const { t } = useTranslation('earnings');
  const language = useLanguage();
  return (
    <Card className="sm:p-6">
      <section aria-labelledby="this-month-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="this-month-title" className="text-lg font-semibold">
            {t('thisMonth.title')}
            {month && <span className="font-normal text-slate-600 dark:text-slate-400"> · {formatMonth(month.month, language)}</span>}
          </h2>
          <Badge tone="warning">{t('thisMonth.accruing')}</Badge>
        </div>
        {!month ? (
          error ? (
            <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
              {errorText(error, 'metrics_load_failed')}
            </p>
          ) : (
            <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <Spinner /> {t('thisMonth.loading')}
            </p>
          )
        ) : (
          <>
            <div role="group" aria-labelledby="this-month-gross" className="mt-4">
              <p id="this-month-gross" className="text-sm font-medium text-slate-600 dark:text-slate-400">
                {t('thisMonth.gross')}
              </p>
              <p className="mt-1 text-3xl font-bold tracking-tight tabular-nums">{formatSatang(month.grossSatang, language)}</p>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {t('thisMonth.accruingNote', {
                  month: formatMonth(month.month, language),
                  closesOn: formatDay(nextMonthStart(month.month), language),
                })}
              </p>
            </div>
            <dl className="mt-5 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-3 dark:border-slate-800">
              {parts.map(({ key, figure, dot }) => (
                <div key={key}>
                  <dt className="flex items-center gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
                    <span aria-hidden className={cn('size-2 shrink-0 rounded-full', dot)} />
                    {t(`thisMonth.${key}`)}
                  </dt>
                  <dd className="mt-1 text-xl font-semibold tabular-nums">{formatNumber(month[figure], language)}</dd>
                  <dd className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{t(`thisMonth.${key}Hint`)}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </section>
    </Card>
  );
}
