import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { BriefListing } from '@/lib/database';
import { formatBaht, formatDate } from '@/lib/format';
import { BrandAvatar } from './brand-avatar';
import { BriefChecklist } from './brief-checklist';
import { BudgetStatus, useRateText, type BriefViewer } from './brief-terms';
import { EditedNote } from './edited-note';
import { StatusBadge } from './status-badge';
import { useLanguage } from '@/i18n/use-language';
import { useDemoText } from '@/lib/demo-texts';

type BriefDialogProps = {
  brief: BriefListing | null;
  viewerOf: (brief: BriefListing) => BriefViewer;
  /** What the viewer can do here, as on the card: join, add a video, leave (creators); edit (the owning brand). */
  actionsOf?: (brief: BriefListing) => ReactNode;
  onClose: () => void;
};

/** Read Brief (spec: a button without an action): the whole brief in a dialog, with its pay and budget rule before anyone joins, and what the viewer can do next. */
export function BriefDialog({ brief, viewerOf, actionsOf, onClose }: BriefDialogProps) {
  const { t } = useTranslation(['opportunities', 'common']);
  const language = useLanguage();
  const shown = useDemoText();
  return (
    <Dialog open={Boolean(brief)} onOpenChange={(open) => !open && onClose()}>
      {brief && (
        <DialogContent closeLabel={t('dialog.close')}>
          <div className="flex items-center gap-3 pr-8">
            <BrandAvatar name={brief.brand_name} logo={brief.brand_logo} />
            <div>
              <DialogTitle className="text-xl font-bold">{shown(brief.title, brief.is_demo)}</DialogTitle>
              <DialogDescription className="text-sm text-slate-600 dark:text-slate-400">{brief.brand_name}</DialogDescription>
            </div>
          </div>
          <PayLine brief={brief} viewer={viewerOf(brief)} />
          <EditedNote brief={brief} className="mt-3" />
          <dl className="mt-5 grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('dialog.bonus')}</dt>
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
            <BudgetTerm brief={brief} />
            {brief.industry.length > 0 && (
              <div className="col-span-2">
                <dt className="text-slate-600 dark:text-slate-400">{t('dialog.tags')}</dt>
                <dd className="mt-1 flex flex-wrap gap-1">
                  {brief.industry.map((tag) => (
                    <Badge key={tag}>{shown(tag, brief.is_demo)}</Badge>
                  ))}
                </dd>
              </div>
            )}
          </dl>
          <section className="mt-6">
            <h3 className="font-semibold">{t('dialog.description')}</h3>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{shown(brief.description, brief.is_demo)}</p>
          </section>
          <section className="mt-5">
            <h3 className="font-semibold">{t('dialog.brief')}</h3>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{shown(brief.brief, brief.is_demo) || t('dialog.noBrief')}</p>
          </section>
          {viewerOf(brief) === 'creator' && brief.status !== 'closed' && <BriefChecklist brief={brief} />}
          {/* Without a budget the list above says No limit; with one, its rule is stated before anyone joins. */}
          {brief.budget_satang !== null && (
            <section className="mt-5 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
              <h3 className="font-semibold">{t('terms.ruleTitle')}</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('terms.budgetRule', { budget: formatBaht(brief.budget_satang / 100, language) })}</p>
            </section>
          )}
          {actionsOf && <div className="mt-6 flex flex-wrap items-center gap-2">{actionsOf(brief)}</div>}
        </DialogContent>
      )}
    </Dialog>
  );
}

/** What the brief pays per 1,000 counted views, first and prominent: for a creator, what they earn. */
function PayLine({ brief, viewer }: { brief: BriefListing; viewer: BriefViewer }) {
  const { t } = useTranslation('opportunities');
  const rate = useRateText(brief, viewer);
  if (!rate) return null;
  return (
    <div className="mt-5 rounded-xl bg-brand-50 px-4 py-3 dark:bg-brand-800/30">
      <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-100">{t('dialog.pay')}</p>
      <p className={viewer === 'creator' ? 'mt-0.5 text-lg font-bold text-brand-800 dark:text-brand-100' : 'mt-0.5 font-semibold'}>{rate}</p>
    </div>
  );
}

/** The dialog's budget row (a dt/dd pair of its list): what is left, or No limit. */
function BudgetTerm({ brief }: { brief: BriefListing }) {
  const { t } = useTranslation('opportunities');
  return (
    <div className="col-span-2">
      <dt className="text-slate-600 dark:text-slate-400">{t('dialog.budget')}</dt>
      <dd className="font-semibold">{brief.budget_satang === null ? t('dialog.noBudget') : <BudgetStatus brief={brief} />}</dd>
    </div>
  );
}
