import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { textLinkClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useLanguage } from '@/i18n/use-language';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useOpportunities } from '../api/get-opportunities';
import { TermsLine } from './brief-terms';
import { useDemoText } from '@/lib/demo-texts';

/** The first 3 open opportunities, with what each pays the creator and what is left of its budget, and a way to all of them (spec §2, §9). */
export function OpportunitiesCard() {
  const { t } = useTranslation(['dashboard', 'opportunities']);
  const opportunities = useOpportunities({ status: 'open', limit: 3 });
  const language = useLanguage();
  const shown = useDemoText();
  return (
    <Card className="p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t('creator.opportunities.title')}</h2>
        <Link to={paths.dashboard.opportunities.getHref()} className={textLinkClasses()}>
          {t('creator.opportunities.viewAll')}
        </Link>
      </div>
      {(opportunities.data ?? []).length === 0 && !opportunities.isPending ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t('creator.opportunities.empty')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {(opportunities.data ?? []).map((brief) => (
            <li key={brief.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="truncate font-semibold">{shown(brief.title, brief.is_demo)}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {brief.brand_name} · {brief.reward ? t('opportunities:card.bonus', { reward: brief.reward }) : t('creator.opportunities.negotiable')}
                  {brief.deadline && ` · ${t('creator.opportunities.due', { date: formatDate(brief.deadline, language) })}`}
                </p>
                <TermsLine brief={brief} viewer="creator" className="mt-0.5 text-sm text-slate-600 dark:text-slate-400" />
              </div>
              <Link
                to={paths.dashboard.opportunities.getHref({ brief: brief.id })}
                aria-label={`${t('creator.opportunities.viewDetails')}: ${shown(brief.title, brief.is_demo)}`}
                className={textLinkClasses()}
              >
                {t('creator.opportunities.viewDetails')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
