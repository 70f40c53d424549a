import { Banknote, Eye, Video, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatCard } from '@/components/stat-card';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useAuth } from '@/features/auth/api/use-auth';
import { useCreatorMetrics } from '@/features/metrics/api/get-creator-metrics';
import { useLanguage } from '@/i18n/use-language';
import { formatBaht, formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { usePrices } from '@/features/metrics/api/use-prices';

/** /dashboard/earnings (content not in the spec): the creator's estimated earnings and how they are paid. */
export default function EarningsPage() {
  const { t } = useTranslation('dashboard');
  const prices = usePrices();
  const { user } = useAuth();
  const metrics = useCreatorMetrics(user?.id);
  const language = useLanguage();
  const m = metrics.data;

  if (!metrics.isPending && (!m || m.totalVideos === 0)) {
    return (
      <EmptyState icon={Wallet} title={t('empty.earningsTitle')} description={t('empty.earningsText', { rate: prices.creatorRate })}>
        <Link to={paths.dashboard.opportunities.getHref()} className={buttonClasses()}>
          {t('empty.browseOpportunities')}
        </Link>
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6">
      <section aria-labelledby="earnings-title" className="space-y-2">
        <h2 id="earnings-title" className="text-lg font-semibold">
          {t('earnings.title')}
        </h2>
        <p className="max-w-2xl text-sm text-slate-600 dark:text-slate-400">{t('earnings.explain', { rate: prices.creatorRate })}</p>
      </section>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard icon={Banknote} label={t('creator.cards.estEarnings')} value={m ? formatBaht(m.estEarnings, language) : '…'} note={m && m.estimatedVideos > 0 ? t('creator.cards.estimatedNote', { count: m.estimatedVideos }) : undefined} />
        <StatCard
          icon={Eye}
          label={t('earnings.views')}
          value={m ? formatNumber(m.countedViews, language) : '…'}
          note={m && m.pendingViews > 0 ? t('earnings.pendingNote', { views: formatNumber(m.pendingViews, language) }) : undefined}
        />
        <StatCard icon={Video} label={t('earnings.videos')} value={m ? m.totalVideos : '…'} />
      </div>
      <Link to={paths.help.getHref('creatorPaid')} className="inline-block text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
        {t('earnings.link')}
      </Link>
    </div>
  );
}
