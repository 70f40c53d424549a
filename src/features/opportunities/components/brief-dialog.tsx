import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { BriefListing } from '@/lib/database';
import { formatBaht, formatDate } from '@/lib/format';
import { BrandAvatar } from './brand-avatar';
import { BudgetStatus, useRateText, type BriefViewer } from './brief-terms';
import { StatusBadge } from './status-badge';
import { useLanguage } from '@/i18n/use-language';

/** Read Brief (spec: a button without an action): the whole brief in a dialog, with its pay and budget rule before anyone joins. */
export function BriefDialog({ brief, viewerOf, onClose }: { brief: BriefListing | null; viewerOf: (brief: BriefListing) => BriefViewer; onClose: () => void }) {
  const { t } = useTranslation(['opportunities', 'common']);
  const language = useLanguage();
  return (
    <Dialog open={Boolean(brief)} onOpenChange={(open) => !open && onClose()}>
      {brief && (
        <DialogContent closeLabel={t('dialog.close')}>
          <div className="flex items-center gap-3 pr-8">
            <BrandAvatar name={brief.brand_name} logo={brief.brand_logo} />
            <div>
              <DialogTitle className="text-xl font-bold">{brief.title}</DialogTitle>
              <DialogDescription className="text-sm text-slate-600 dark:text-slate-400">{brief.brand_name}</DialogDescription>
            </div>
          </div>
          <dl className="mt-6 grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('dialog.reward')}</dt>
              <dd className="font-semibold">{brief.reward || t('card.negotiable')}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('dialog.deadline')}</dt>
              <dd className="font-semibold">{brief.deadline ? formatDate(brief.deadline, language) : t('card.noDeadline')}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('dialog.status')}</dt>
              <dd>
                <StatusBadge status={brief.status} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('dialog.joined')}</dt>
              <dd className="font-semibold">{brief.joined_count}</dd>
            </div>
            <BriefTerms brief={brief} viewer={viewerOf(brief)} />
            {brief.industry.length > 0 && (
              <div className="col-span-2">
                <dt className="text-slate-600 dark:text-slate-400">{t('dialog.tags')}</dt>
                <dd className="mt-1 flex flex-wrap gap-1">
                  {brief.industry.map((tag) => (
                    <Badge key={tag}>{tag}</Badge>
                  ))}
                </dd>
              </div>
            )}
          </dl>
          <section className="mt-6">
            <h3 className="font-semibold">{t('dialog.description')}</h3>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{brief.description}</p>
          </section>
          <section className="mt-5">
            <h3 className="font-semibold">{t('dialog.brief')}</h3>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{brief.brief || t('dialog.noBrief')}</p>
          </section>
          {/* Without a budget the list above says No limit; with one, its rule is stated before anyone joins. */}
          {brief.budget_satang !== null && (
            <section className="mt-5 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
              <h3 className="font-semibold">{t('terms.ruleTitle')}</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('terms.budgetRule', { budget: formatBaht(brief.budget_satang / 100, language) })}</p>
            </section>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The dialog's pay and budget rows (dt/dd pairs of its list). */
function BriefTerms({ brief, viewer }: { brief: BriefListing; viewer: BriefViewer }) {
  const { t } = useTranslation('opportunities');
  const rate = useRateText(brief, viewer);
  return (
    <>
      {rate && (
        <div className="col-span-2">
          <dt className="text-slate-600 dark:text-slate-400">{t('dialog.pay')}</dt>
          <dd className="font-semibold">{rate}</dd>
        </div>
      )}
      <div className="col-span-2">
        <dt className="text-slate-600 dark:text-slate-400">{t('dialog.budget')}</dt>
        <dd className="font-semibold">{brief.budget_satang === null ? t('dialog.noBudget') : <BudgetStatus brief={brief} />}</dd>
      </div>
    </>
  );
}
