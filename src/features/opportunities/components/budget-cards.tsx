import { lazy, Suspense, useEffect, useId, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/i18n/use-language';
import { formatBaht, formatNumber } from '@/lib/format';
import { useBudgetedBriefs, type BudgetedBrief } from '../api/get-budgeted-briefs';
import { useBudgetHistory, type BudgetHistory } from '../api/get-budget-history';
import { BudgetDialog } from './budget-dialog';

const loadChart = () => import('./budget-spend-chart');

// The chart brings recharts: fetched only for a brand with a budgeted campaign, never with the dashboard's own code.
const BudgetSpendChart = lazy<ComponentType<{ days: BudgetHistory['days'] }>>(() =>
  loadChart()
    .then((module) => ({ default: module.BudgetSpendChart }))
    // Without its code (offline, a new deployment) the card keeps its figures and goes without the picture.
    .catch(() => ({ default: () => null })),
);

/** How long the budget lasts at the last 7 days' pace, as brief_budget_history() works it out. */
function useRunwayText(history: BudgetHistory): string {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  if (history.budgetReached) return t('brand.budgets.reachedText');
  if (history.runwayDays === null) return t('brand.budgets.noRecentSpend');
  return t('brand.budgets.runway', { count: history.runwayDays, days: formatNumber(history.runwayDays, language) });
}

function Figures({ history }: { history: BudgetHistory }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const baht = (satang: number) => formatBaht(satang / 100, language);
  const pending = Math.max(history.committedSatang - history.spentSatang, 0);
  const used = history.budgetSatang > 0 ? Math.min(history.committedSatang / history.budgetSatang, 1) : 0;
  const runway = useRunwayText(history);
  return (
    <>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t('brand.budgets.spent')}</dt>
          <dd className="font-semibold">{baht(history.spentSatang)}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t('brand.budgets.pending')}</dt>
          <dd className="font-semibold">{baht(pending)}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t('brand.budgets.left')}</dt>
          <dd className="font-semibold">{baht(history.remainingSatang)}</dd>
        </div>
      </dl>
      {/* Spent and held for review, against the budget; the figures above say it in words. */}
      <div aria-hidden className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
        <div className={history.budgetReached ? 'h-full bg-amber-500' : 'h-full bg-brand-700'} style={{ width: `${used * 100}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{runway}</p>
      {history.days.some((day) => day.satang > 0) ? (
        <Suspense fallback={<div className="h-28" />}>
          <BudgetSpendChart days={history.days} />
        </Suspense>
      ) : (
        // Thirty empty bars would say nothing the sentence does not.
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('brand.budgets.noSpend30')}</p>
      )}
    </>
  );
}

/** One budgeted brief: what it spent, what is held and left, how long that lasts, and the last 30 days' spend. */
function BudgetCard({ brief }: { brief: BudgetedBrief }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const history = useBudgetHistory(brief.id);
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate font-semibold">
            {brief.title}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('brand.budgets.budget', { budget: formatBaht((history.data?.budgetSatang ?? brief.budgetSatang) / 100, language) })}
          </p>
        </div>
        {history.data?.budgetReached && <Badge tone="warning">{t('brand.budgets.reached')}</Badge>}
      </div>
      {history.isPending ? (
        <Spinner className="mt-4" />
      ) : history.isError ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('brand.budgets.failed')}</p>
      ) : (
        <Figures history={history.data} />
      )}
      <div className="mt-3 flex justify-end">
        <BudgetDialog brief={{ id: brief.id, title: brief.title, budget_satang: history.data?.budgetSatang ?? brief.budgetSatang }} />
      </div>
    </article>
  );
}

/** The brand dashboard's budget cards: one per brief with a budget (only those, the newest few); nothing when none has one. */
export function BudgetCards({ brandId }: { brandId: string }) {
  const { t } = useTranslation('dashboard');
  const briefs = useBudgetedBriefs(brandId);
  const some = Boolean(briefs.data?.length);
  // The chart's code loads while the histories do, not after them.
  useEffect(() => {
    if (some) void loadChart().catch(() => undefined);
  }, [some]);
  if (!briefs.data || !some) return null;
  return (
    <section aria-labelledby="budgets-title">
      <h2 id="budgets-title" className="mb-4 text-lg font-semibold">
        {t('brand.budgets.title')}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {briefs.data.map((brief) => (
          <BudgetCard key={brief.id} brief={brief} />
        ))}
      </div>
    </section>
  );
}
