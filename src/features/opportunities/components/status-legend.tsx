import { useTranslation } from 'react-i18next';
import type { BriefStatus } from '@/lib/database';
import { StatusBadge } from './status-badge';

const statuses: readonly BriefStatus[] = ['open', 'matched', 'closed'];

/** What each status means for a creator, one line each, under the tabs. */
export function StatusLegend() {
  const { t } = useTranslation('opportunities');
  return (
    <ul aria-label={t('legend.label')} className="mt-3 grid gap-1 text-sm text-slate-600 sm:grid-cols-3 dark:text-slate-400">
      {statuses.map((status) => (
        <li key={status} className="flex items-center gap-2">
          <StatusBadge status={status} />
          <span>{t(`legend.${status}`)}</span>
        </li>
      ))}
    </ul>
  );
}
