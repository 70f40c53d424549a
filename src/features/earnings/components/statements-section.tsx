import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/i18n/use-language';
import { cn } from '@/lib/cn';
import { formatBaht } from '@/lib/format';
import { errorText } from '@/lib/notify';
import type { PayRules } from '../api/get-pay-rules';
import { useStatements } from '../api/list-statements';
import { statementGrid, StatementRow } from './statement-row';
import { StatementsCsvButton } from './statements-csv-button';

/** The closed months, newest first, each with its status and opening onto its campaigns and videos; the CSV file of them all. */
export function StatementsSection({ userId, profileName, rules }: { userId: string; profileName: string; rules: PayRules | undefined }) {
  const { t } = useTranslation(['earnings', 'common']);
  const language = useLanguage();
  const statements = useStatements(userId);
  const rows = statements.data?.pages.flatMap((page) => page.rows) ?? [];

  return (
    <section aria-labelledby="statements-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-2xl">
          <h2 id="statements-title" className="text-lg font-semibold">
            {t('statements.title')}
          </h2>
          {rules && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t('statements.description', {
                minimum: formatBaht(rules.payout_minimum_satang / 100, language),
                threshold: formatBaht(rules.wht_threshold_satang / 100, language),
                rate: rules.wht_rate_bp / 100,
              })}
            </p>
          )}
        </div>
        {rows.length > 0 && <StatementsCsvButton userId={userId} />}
      </div>

      {statements.isPending ? (
        <p role="status" className="flex items-center justify-center gap-3 py-10 text-slate-600 dark:text-slate-300">
          <Spinner /> {t('statements.loading')}
        </p>
      ) : statements.isError && rows.length === 0 ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border border-red-200 p-4 text-sm text-red-700 dark:border-red-900 dark:text-red-400">
          {errorText(statements.error, 'metrics_load_failed')}
          <Button size="sm" variant="secondary" onClick={() => void statements.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <EmptyState icon={FileText} title={t('statements.emptyTitle')} description={t('statements.emptyText')} />
      ) : (
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <div aria-hidden className={cn(statementGrid, 'hidden border-b border-slate-200 bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:grid dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400')}>
            <span>{t('statements.columns.month')}</span>
            <span className="text-right">{t('statements.columns.views')}</span>
            <span className="text-right">{t('statements.columns.gross')}</span>
            <span className="text-right">{t('statements.columns.wht')}</span>
            <span className="text-right">{t('statements.columns.net')}</span>
            <span>{t('statements.columns.status')}</span>
          </div>
          <ul aria-labelledby="statements-title" className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((statement) => (
              <StatementRow key={statement.month} statement={statement} userId={userId} profileName={profileName} minimumSatang={rules?.payout_minimum_satang} />
            ))}
          </ul>
        </div>
      )}

      {statements.hasNextPage && (
        <Button variant="secondary" disabled={statements.isFetchingNextPage} onClick={() => void statements.fetchNextPage()}>
          {statements.isFetchingNextPage && <Spinner className="size-4" />}
          {t('statements.more')}
        </Button>
      )}
    </section>
  );
}
