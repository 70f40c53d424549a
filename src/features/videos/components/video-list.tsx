import { VideoOff } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { LoadFailed } from '@/components/load-failed';
import { Pager } from '@/components/pager';
import { Spinner } from '@/components/ui/spinner';
import { toPageAt, type PageAt } from '@/lib/paging';
import { VideoCard } from '@/components/video-card';
import { useVideos } from '../api/get-videos';
import type { VideoListFilter } from '../api/keys';
import { VideoActions } from './video-details-button';

/**
 * A server-paged grid of videos, with the spec's empty state and keyset paging (10 a page). A failed
 * load says so, with Try again: never "No videos found" (issue 15). One column on a phone.
 */
export function VideoList({ filter, onPage, showCreator = false }: { filter: VideoListFilter; onPage: (page: PageAt) => void; showCreator?: boolean }) {
  const { t } = useTranslation(['videos', 'common']);
  const videos = useVideos(filter);

  useEffect(() => {
    if (videos.isError) toast.error(t('messages.loadFailed'));
  }, [videos.isError, t]);

  if (videos.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600 dark:text-slate-300">
        <Spinner /> {t('loading')}
      </p>
    );
  }
  // Spec §8: on a failed load the list is emptied; it says it could not load rather than that there is nothing.
  if (videos.isError && !videos.data) return <LoadFailed title={t('common:loadFailed.videos')} onRetry={() => void videos.refetch()} retrying={videos.isFetching} />;
  const page = videos.data;
  if (page.data.length === 0) {
    // A page past the end (an old address) keeps the pager, which leads back.
    return (
      <div>
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700">
          <VideoOff aria-hidden className="size-8 text-slate-400" />
          <p className="font-semibold">{t('empty')}</p>
        </div>
        <Pager at={toPageAt(filter.page)} page={page} onPage={onPage} />
      </div>
    );
  }
  return (
    <div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {page.data.map((video) => (
          <VideoCard key={video.id} video={video} showCreator={showCreator} details={<VideoActions video={video} />} />
        ))}
      </div>
      <Pager at={toPageAt(filter.page)} page={page} onPage={onPage} />
    </div>
  );
}
