import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLedgerRules } from '@/features/metrics/api/get-ledger-rules';
import { useLanguage } from '@/i18n/use-language';
import type { BriefListing } from '@/lib/database';
import { formatDate, formatDateTime } from '@/lib/format';
import { useAuth } from '@/features/auth/api/use-auth';

/**
 * What a creator does so that a video counts (docs/money.md, rules 1 to 5), in the order they
 * do it: their own account, the campaign's dates, TikTok's branded-content switch named as
 * TikTok's app names it, then adding the video for review. The numbers come from ledger_rules.
 */
export function BriefChecklist({ brief }: { brief: Pick<BriefListing, 'created_at' | 'deadline'> }) {
  const { t } = useTranslation('opportunities');
  const language = useLanguage();
  const { profile } = useAuth();
  const rules = useLedgerRules();
  const start = brief.created_at ? formatDateTime(brief.created_at, language) : null;
  const items = [
    profile?.tiktok_username ? t('checklist.account', { username: profile.tiktok_username }) : t('checklist.accountMissing'),
    start && (brief.deadline ? t('checklist.dates', { start, deadline: formatDate(brief.deadline, language) }) : t('checklist.datesOpen', { start })),
    t('checklist.disclosure'),
    rules.data && t('checklist.add', { hours: rules.data.review_auto_approve_hours }),
    rules.data && t('checklist.window', { days: rules.data.count_window_days }),
  ].filter((item): item is string => Boolean(item));
  return (
    <section className="mt-5 rounded-xl border border-brand-100 p-4 dark:border-brand-800/60">
      <h3 className="font-semibold">{t('checklist.title')}</h3>
      <ul className="mt-2 space-y-2 text-sm text-slate-700 dark:text-slate-300">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
