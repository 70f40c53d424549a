import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { BriefListing } from '@/lib/database';
import { formatDate } from '@/lib/format';
import { BrandAvatar } from './brand-avatar';
import { StatusBadge } from './status-badge';
import { useLanguage } from '@/i18n/use-language';

/** Read Brief (spec: a button without an action): the whole brief in a dialog. */
export function BriefDialog({ brief, onClose }: { brief: BriefListing | null; onClose: () => void }) {
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
        </DialogContent>
      )}
    </Dialog>
  );
}
