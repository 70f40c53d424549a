import { CalendarDays, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import type { BriefListing, BriefStatus } from '@/lib/database';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { BrandAvatar } from './brand-avatar';
import { BudgetStatus, useRateText, type BriefViewer } from './brief-terms';
import { CreatorActions, type JoinState } from './creator-actions';
import { EditOpportunityDialog } from './edit-opportunity-dialog';
import { EditedNote } from './edited-note';
import { StatusBadge } from './status-badge';
import { useLanguage } from '@/i18n/use-language';
import { useDemoText } from '@/lib/demo-texts';

const briefStatuses: readonly BriefStatus[] = ['open', 'matched', 'closed'];

type OpportunityCardProps = {
  brief: BriefListing;
  /** Whose eyes: a creator sees what they earn, the owning brand also what it pays. */
  viewer: BriefViewer;
  onRead: () => void;
  /** Creators: join, then add a video or leave (CreatorActions). */
  join?: JoinState;
  /** The owning brand: change the status, the budget (a dialog of the page's), and edit the rest. */
  manage?: { pending: boolean; onStatus: (status: BriefStatus) => void; budget?: ReactNode };
};

/**
 * An opportunity as spec §2 lists it (logo, brand, tags, title, reward, status, description,
 * deadline), with what it pays per 1,000 counted views and what is left of its budget.
 */
export function OpportunityCard({ brief, viewer, onRead, join, manage }: OpportunityCardProps) {
  const { t } = useTranslation('opportunities');
  const language = useLanguage();
  const rate = useRateText(brief, viewer);
  const shown = useDemoText();
  return (
    <article aria-labelledby={`brief-${brief.id}`} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start gap-3">
        <BrandAvatar name={brief.brand_name} logo={brief.brand_logo} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-700 dark:text-slate-300">{brief.brand_name}</p>
          {brief.industry.length > 0 && (
            <ul className="mt-1 flex flex-wrap gap-1">
              {brief.industry.map((tag) => (
                <li key={tag}>
                  <Badge>{shown(tag, brief.is_demo)}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        <StatusBadge status={brief.status} />
      </div>
      <h3 id={`brief-${brief.id}`} className="mt-4 text-lg font-semibold">
        {shown(brief.title, brief.is_demo)}
      </h3>
      {/* What the creator earns is the headline; the free-text reward is what the brand adds on top. */}
      {rate && <p className={viewer === 'creator' ? 'mt-1 text-base font-bold text-brand-700 dark:text-brand-100' : 'mt-1 text-sm font-medium text-slate-700 dark:text-slate-300'}>{rate}</p>}
      <p className="mt-1 text-sm font-semibold text-slate-700 dark:text-slate-300">{brief.reward ? t('card.bonus', { reward: brief.reward }) : t('card.negotiable')}</p>
      <p className="mt-2 line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{shown(brief.description, brief.is_demo)}</p>
      <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <span className="inline-flex items-center gap-1.5">
          <CalendarDays aria-hidden className="size-4" />
          {brief.deadline ? t('card.deadline', { date: formatDate(brief.deadline, language) }) : t('card.noDeadline')}
        </span>
        {/* The owning brand opens the creators who joined, with what each did for this campaign. */}
        {viewer === 'owner' && brief.joined_count > 0 ? (
          <Link to={paths.dashboard.creators.getHref({ brief: brief.id })} className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100">
            <Users aria-hidden className="size-4" />
            {t('card.joinedCount', { count: brief.joined_count })}
          </Link>
        ) : (
          <span className="inline-flex items-center gap-1.5">
            <Users aria-hidden className="size-4" />
            {t('card.joinedCount', { count: brief.joined_count })}
          </span>
        )}
        {brief.budget_satang !== null && (
          <span className="inline-flex items-center gap-1.5">
            <Wallet aria-hidden className="size-4" />
            <BudgetStatus brief={brief} />
          </span>
        )}
        {brief.is_demo && <Badge>{t('card.demo')}</Badge>}
      </div>
      <EditedNote brief={brief} className="mt-3" />
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-5">
        <Button variant="secondary" size="sm" onClick={onRead} aria-label={`${t('card.readBrief')}: ${shown(brief.title, brief.is_demo)}`}>
          {t('card.readBrief')}
        </Button>
        {join && <CreatorActions brief={brief} join={join} idPrefix="card" />}
        {manage && (
          <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
            <EditOpportunityDialog brief={brief} />
            {manage.budget}
            <Select
              aria-label={t('card.statusLabel', { title: shown(brief.title, brief.is_demo) })}
              value={brief.status}
              disabled={manage.pending}
              onChange={(event) => {
                const next = briefStatuses.find((status) => status === event.target.value);
                if (next) manage.onStatus(next);
              }}
              className="min-h-9 py-1"
            >
              {briefStatuses.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </Select>
          </div>
        )}
      </div>
    </article>
  );
}
