import { Banknote, Eye, Users } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { StatCard } from '@/components/stat-card';
import { VideoCard } from '@/components/video-card';
import { ViewSplitList } from '@/components/view-split';
import { useAuth } from '@/features/auth/api/use-auth';
import { useBrandMetrics } from '@/features/metrics/api/get-brand-metrics';
import { usePrices } from '@/features/metrics/api/use-prices';
import { BriefCard } from '@/features/opportunities/components/brief-card';
import { BudgetCards } from '@/features/opportunities/components/budget-cards';
import { InviteCreatorsDialog } from '@/features/opportunities/components/invite-creators-dialog';
import { ToReviewList } from '@/features/reviews/components/to-review-list';
import { useLatestVideos } from '@/features/videos/api/get-videos';
import { VideoDetailsButton } from '@/features/videos/components/video-details-button';
import { useLanguage } from '@/i18n/use-language';
import type { BrandMetrics } from '@/lib/database';
import { formatBaht, formatCount } from '@/lib/format';
import { paths } from '@/lib/paths';

/** Spec §4: failed metrics read as zeros. */
const noMetrics: BrandMetrics = {
  totalViews: 0,
  totalVideos: 0,
  totalCreators: 0,
  countedViews: 0,
  pendingViews: 0,
  notCountedViews: 0,
  estPay: 0,
  pendingReviews: 0,
  estimatedVideos: 0,
  demoVideos: 0,
  pitchVideos: 0,
};

/** /dashboard/brand (spec §2): views (and how they count), creators and estimated pay; what awaits review; the budgeted campaigns' spend; the brief; the content made for the brand. */
export default function BrandDashboardPage() {
  const { t } = useTranslation('dashboard');
  const prices = usePrices();
  const { user } = useAuth();
  const metrics = useBrandMetrics(user?.id);
  const videos = useLatestVideos('brand', user?.id);
  const language = useLanguage();

  useEffect(() => {
    if (metrics.isError) toast.error(t('messages.metricsFailed'));
  }, [metrics.isError, t]);

  const m = metrics.data ?? noMetrics;
  const loading = metrics.isPending ? '…' : undefined;
  const note = m.estimatedVideos > 0 ? t('creator.cards.estimatedNote', { count: m.estimatedVideos }) : m.demoVideos > 0 ? t('creator.cards.demoNote') : undefined;

  return (
    <div className="space-y-6">
      <section className="grid gap-4 sm:grid-cols-3" aria-label={t('titles.brand')}>
        <StatCard icon={Eye} label={t('brand.cards.totalViews')} value={loading ?? formatCount(m.totalViews)} note={note}>
          <ViewSplitList split={loading ? undefined : m} />
        </StatCard>
        <StatCard icon={Users} label={t('brand.cards.totalCreators')} value={loading ?? m.totalCreators} />
        <StatCard icon={Banknote} label={t('brand.cards.estPay')} value={loading ?? formatBaht(m.estPay, language)} note={t('brand.cards.payNote', { rate: prices.brandRate })} />
      </section>
      {user && <ToReviewList brandId={user.id} />}
      {user && <BudgetCards brandId={user.id} />}
      <BriefCard />
      <section aria-labelledby="content-title">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="content-title" className="text-lg font-semibold">
            {t('brand.content.title')}
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            {user && <InviteCreatorsDialog brandId={user.id} />}
            <Link to={paths.dashboard.videos.getHref()} className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
              {t('brand.content.viewAll')}
            </Link>
          </div>
        </div>
        {(videos.data ?? []).length === 0 ? (
          !videos.isPending && (
            <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
              <p className="font-semibold">{t('brand.content.empty')}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('brand.content.emptyText')}</p>
            </div>
          )
        ) : (
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {videos.data!.map((video) => (
              <VideoCard key={video.id} video={video} showCreator playable details={<VideoDetailsButton video={video} />} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
