import { CalendarClock, CircleSlash, Coins, Hourglass, ListChecks, Ruler, Scale, UserCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLedgerRules } from '@/features/metrics/api/get-ledger-rules';
import { usePrices } from '@/features/metrics/api/use-prices';
import type { ExcludedReason, LedgerRules } from '@/lib/database';

type Rule = { title: string; body: string[]; list?: string[]; after?: string[] };
type Reason = { label: string; text: string };

/** Rules 3–8 of docs/money.md, in the order the help page states them. */
const rules = [
  ['posted', CalendarClock],
  ['campaign', ListChecks],
  ['review', UserCheck],
  ['window', Hourglass],
  ['measured', Ruler],
  ['pay', Coins],
] as const;

/**
 * Every reason video_ledger gives when views do not count (excluded_reason), in the order
 * the view tests them, and the key of the text that explains it.
 */
const reasons = {
  admin_excluded: 'adminExcluded',
  no_campaign: 'noCampaign',
  pitch: 'pitch',
  not_owner: 'notOwner',
  unverified_account: 'unverifiedAccount',
  posted_before_brief: 'postedBeforeBrief',
  posted_after_deadline: 'postedAfterDeadline',
  rejected: 'rejected',
  estimated: 'estimated',
  pending_review: 'pendingReview',
} as const satisfies Record<ExcludedReason, string>;

/**
 * The help page's statement of the counting rules, for creators and brands alike. Its
 * numbers come from the database: the rates from pay_rates(), the counting window, the
 * auto-approval delay and the re-measurement schedule from ledger_rules.
 */
export function CountingRules({ id }: { id: string }) {
  const { t } = useTranslation('content');
  const prices = usePrices();
  const { data: numbers } = useLedgerRules();
  // A dash until the ledger_rules row loads, as usePrices does for the rates.
  const duration = (unit: 'days' | 'hours', pick: (rules: LedgerRules) => number) => (numbers ? t(`counting.duration.${unit}`, { count: pick(numbers) }) : '—');
  const values = {
    ...prices,
    window: duration('days', (n) => n.count_window_days),
    reviewHours: duration('hours', (n) => n.review_auto_approve_hours),
    earlyHours: duration('hours', (n) => n.refresh_early_hours),
    earlyDays: duration('days', (n) => n.refresh_early_days),
    lateHours: duration('hours', (n) => n.refresh_late_hours),
  };
  const ruleTexts = t('counting.rules', { returnObjects: true, ...values }) as Record<(typeof rules)[number][0], Rule>;
  const reasonTexts = t('counting.reasons.items', { returnObjects: true }) as Record<(typeof reasons)[ExcludedReason], Reason>;
  const titleId = `${id}-title`;

  return (
    <section id={id} aria-labelledby={titleId} className="scroll-mt-20">
      <h2 id={titleId} className="flex items-center gap-3 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100">
          <Scale aria-hidden className="size-5" />
        </span>
        {t('counting.title')}
      </h2>
      <p className="mt-4 text-slate-700 dark:text-slate-300">{t('counting.lead')}</p>

      <ol className="mt-6 space-y-3">
        {rules.map(([key, Icon], index) => {
          const rule = ruleTexts[key];
          return (
            <li key={key} id={`${id}-${key}`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
              <h3 className="flex items-center gap-3 text-base font-semibold text-slate-900 sm:text-lg dark:text-white">
                <Icon aria-hidden className="size-5 shrink-0 text-brand-700 dark:text-brand-100" />
                <span>
                  {index + 1}. {rule.title}
                </span>
              </h3>
              <div className="mt-3 space-y-3 text-slate-700 dark:text-slate-300">
                {rule.body.map((paragraph) => (
                  <p key={paragraph} className="break-words">
                    {paragraph}
                  </p>
                ))}
                {rule.list && (
                  <ul className="list-disc space-y-2 pl-6 marker:text-brand-600 dark:marker:text-brand-500">
                    {rule.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                )}
                {rule.after?.map((paragraph) => (
                  <p key={paragraph} className="break-words">
                    {paragraph}
                  </p>
                ))}
              </div>
            </li>
          );
        })}
      </ol>

      <div className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900/60">
        <h3 className="flex items-center gap-3 text-base font-semibold text-slate-900 sm:text-lg dark:text-white">
          <CircleSlash aria-hidden className="size-5 shrink-0 text-brand-700 dark:text-brand-100" />
          {t('counting.reasons.title')}
        </h3>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{t('counting.reasons.lead')}</p>
        <dl className="mt-4 space-y-3">
          {Object.values(reasons).map((key) => (
            <div key={key}>
              <dt className="font-semibold text-slate-900 dark:text-white">{reasonTexts[key].label}</dt>
              <dd className="text-slate-700 dark:text-slate-300">{reasonTexts[key].text}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
