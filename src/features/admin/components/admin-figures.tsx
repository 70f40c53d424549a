import { Banknote, Film, Users } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { StatCard } from '@/components/stat-card';
import { useAdminMetrics } from '@/features/metrics/api/get-admin-metrics';
import { useLanguage } from '@/i18n/use-language';
import { formatBaht, formatCount, formatNumber } from '@/lib/format';

/** The spec's three admin cards, from admin_metrics() (the ledger's counted views); they say when figures include estimates or demo data. */
export function AdminFigures() {
  const { t } = useTranslation(['admin', 'dashboard']);
  const language = useLanguage();
  const metrics = useAdminMetrics();

  useEffect(() => {
    if (metrics.isError) toast.error(t('dashboard:messages.metricsFailed'));
  }, [metrics.isError, t]);

  const m = metrics.data;
  const loading = m ? undefined : '…';
  const note = !m ? undefined : m.estimatedVideos > 0 ? t('cards.estimatedNote', { count: m.estimatedVideos }) : m.demoVideos > 0 ? t('cards.demoNote') : undefined;

  return (
    <section className="grid gap-4 sm:grid-cols-3" aria-label={t('dashboard:titles.admin')}>
      <StatCard
        icon={Users}
        label={t('cards.totalUsers')}
        value={loading ?? formatNumber(m!.totalBrands + m!.totalCreators, language)}
        note={m && t('cards.usersSplit', { brands: formatNumber(m.totalBrands, language), creators: formatNumber(m.totalCreators, language) })}
      />
      <StatCard
        icon={Film}
        label={t('cards.totalContent')}
        value={loading ?? formatNumber(m!.totalVideos, language)}
        note={
          m && (
            <>
              <span className="block">{t('cards.views', { views: formatCount(m.totalViews) })}</span>
              {note && <span className="block">{note}</span>}
            </>
          )
        }
      />
      <StatCard
        icon={Banknote}
        label={t('cards.revenue')}
        value={loading ?? formatBaht(m!.estPay, language)}
        note={
          m && (
            <>
              <span className="block">{t('cards.revenueNote')}</span>
              <span className="block">{t('cards.payout', { amount: formatBaht(m.estEarnings, language) })}</span>
              {note && <span className="block">{note}</span>}
            </>
          )
        }
      />
    </section>
  );
}
