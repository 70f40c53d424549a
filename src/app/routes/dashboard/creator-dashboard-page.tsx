import { Banknote, Building2, Eye, Video } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { LoadFailed } from '@/components/load-failed';
import { StatCard } from '@/components/stat-card';
import { textLinkClasses } from '@/components/ui/button';
import { UpdatedNote } from '@/components/updated-note';
import { VideoCard } from '@/components/video-card';
import { ViewSplitList } from '@/components/view-split';
import { useAuth } from '@/features/auth/api/use-auth';
import { useCreatorMetrics } from '@/features/metrics/api/get-creator-metrics';
import { usePrices } from '@/features/metrics/api/use-prices';
import { OpportunitiesCard } from '@/features/opportunities/components/opportunities-card';
import { useLatestVideos } from '@/features/videos/api/get-videos';
import { AddVideoForm } from '@/features/videos/components/add-video-form';
import { VideoActions } from '@/features/videos/components/video-details-button';
import { useLanguage } from '@/i18n/use-language';
import type { CreatorMetrics } from '@/lib/database';
import { formatBaht, formatBahtShort, formatCount } from '@/lib/format';
import { paths } from '@/lib/paths';

/** Spec §4: failed metrics read as zeros. */
const noMetrics: CreatorMetrics = {
  totalViews: 0,
  totalVideos: 0,
  totalBrands: 0,
  countedViews: 0,
  pendingViews: 0,
  notCountedViews: 0,
  estEarnings: 0,
  engagementRate: 0,
  pendingReviews: 0,
  unavailableVideos: 0,
  estimatedVideos: 0,
  demoVideos: 0,
};

/** /dashboard/creator (spec §2): the four cards (views split as the ledger counts them), the add form, opportunities and the latest 6 videos. */
export default function CreatorDashboardPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const prices = usePrices();
  const { user } = useAuth();
  const metrics = useCreatorMetrics(user?.id);
  const videos = useLatestVideos('creator', user?.id);
  const language = useLanguage();

  useEffect(() => {
    if (metrics.isError) toast.error(t('messages.metricsFailed'));
  }, [metrics.isError, t]);

  const m = metrics.data ?? noMetrics;
  const notes = [
    m.estimatedVideos > 0 ? t('creator.cards.estimatedNote', { count: m.estimatedVideos }) : m.demoVideos > 0 ? t('creator.cards.demoNote') : undefined,
    m.pendingReviews > 0 ? t('creator.cards.pendingReviewsNote', { count: m.pendingReviews }) : undefined,
    m.unavailableVideos > 0 ? t('creator.cards.unavailableNote', { count: m.unavailableVideos }) : undefined,
  ].filter(Boolean);
  const loading = metrics.isPending ? '…' : undefined;

  return (
    <div className="space-y-6">
      <section className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label={t('titles.creator')}>
        <StatCard icon={Eye} label={t('creator.cards.totalViews')} value={loading ?? formatCount(m.totalViews)} note={notes.length > 0 ? notes.join(' · ') : undefined}>
          <ViewSplitList split={loading ? undefined : m} />
        </StatCard>
        <StatCard icon={Video} label={t('creator.cards.totalVideos')} value={loading ?? m.totalVideos} />
        <StatCard icon={Building2} label={t('creator.cards.totalBrands')} value={loading ?? m.totalBrands} />
        <StatCard
          icon={Banknote}
          label={t('creator.cards.estEarnings')}
          value={loading ?? formatBahtShort(m.estEarnings, language)}
          exact={formatBaht(m.estEarnings, language)}
          note={t('creator.cards.earningsNote', { rate: prices.creatorRate })}
        />
      </section>
      {/* Figures from the 5-minute cache, or kept after a failed refresh, say how old they are (issue 15). */}
      {metrics.data && metrics.dataUpdatedAt > 0 && (
        <UpdatedNote at={metrics.dataUpdatedAt} failed={metrics.isError} retrying={metrics.isFetching} onRetry={() => void metrics.refetch()} />
      )}
      {metrics.isError && !metrics.data && <LoadFailed title={t('common:loadFailed.figures')} onRetry={() => void metrics.refetch()} retrying={metrics.isFetching} />}
      <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
        <AddVideoForm variant="dashboard" />
        <OpportunitiesCard />
      </div>
      <section aria-labelledby="my-videos-title">
        <div className="mb-4 flex items-center justify-between gap-3">
          <h2 id="my-videos-title" className="text-lg font-semibold">
            {t('creator.videos.title')}
          </h2>
          <Link to={paths.dashboard.videos.getHref()} className={textLinkClasses()}>
            {t('creator.videos.viewAll')}
          </Link>
        </div>
        {videos.isError && !videos.data ? (
          <LoadFailed title={t('common:loadFailed.videos')} onRetry={() => void videos.refetch()} retrying={videos.isFetching} />
        ) : (videos.data ?? []).length === 0 ? (
          !videos.isPending && (
            <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
              {t('creator.videos.empty')}
            </p>
          )
        ) : (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {videos.data!.map((video) => (
              <VideoCard key={video.id} video={video} playable details={<VideoActions video={video} />} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
