import { CircleCheck, ClipboardCheck, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { TikTokPlayer } from '@/components/tiktok-player';
import { PlayMark, VideoThumbnail } from '@/components/video-thumbnail';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useLedgerRules } from '@/features/metrics/api/get-ledger-rules';
import { useLanguage } from '@/i18n/use-language';
import type { VideoListing } from '@/lib/database';
import { formatDateTime, timeLeft } from '@/lib/format';
import { errorText } from '@/lib/notify';
import { usePendingReviews } from '../api/get-reviews';
import { useReviewVideo } from '../api/review-video';
import { RejectForm } from './reject-form';
import { useDemoText, useVideoTitle } from '@/lib/demo-texts';

/** The current time, moved on every minute: the countdowns to auto-approval stay right on an open page. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Whether approving would make the views count: "Eligible", or the rule that keeps them out. */
function Eligibility({ video }: { video: VideoListing }) {
  const { t } = useTranslation(['dashboard', 'common']);
  if (video.excluded_reason === 'pending_review') return <Badge tone="success">{t('brand.review.eligible')}</Badge>;
  if (!video.excluded_reason) return null;
  return (
    <Badge tone="warning" className="whitespace-normal" title={t('brand.review.ineligibleHint')}>
      {t(`common:video.excluded.${video.excluded_reason}`)}
    </Badge>
  );
}

function RejectDialog({ video, title }: { video: VideoListing; title: string }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          {t('brand.review.reject')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogTitle className="pr-8 text-xl font-bold">{t('brand.review.rejectForm.title', { title })}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('brand.review.rejectForm.text')}</DialogDescription>
        <RejectForm videoId={video.id} onRejected={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The video's picture with a play button; pressed, TikTok's player opens in a dialog, large
 * enough to watch. (A player as narrow as the picture on a phone, 104 px, had no room: the
 * sandbox's caption covered its play button and TikTok's controls would crowd it.)
 */
function VideoPlayerDialog({ video, title }: { video: VideoListing; title: string }) {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <Dialog>
      <DialogTrigger
        aria-label={t('common:video.play', { title })}
        className="relative flex aspect-[9/16] w-full items-center justify-center self-start overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800"
      >
        <VideoThumbnail url={video.thumbnail_url} />
        <PlayMark />
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')} className="max-w-sm" aria-describedby={undefined}>
        <DialogTitle className="line-clamp-2 pr-10 font-semibold">{title}</DialogTitle>
        {/* No taller than two thirds of the screen, so that the title and the close button stay in view. */}
        <TikTokPlayer videoId={video.video_id} title={t('common:video.playerTitle', { title })} autoplay className="mx-auto mt-4 max-w-[calc(66dvh*9/16)]" />
      </DialogContent>
    </Dialog>
  );
}

/** One video awaiting the brand: the video itself, who made it for what, whether it can count, the time left, and the two answers. */
function ReviewItem({ video, now }: { video: VideoListing; now: number }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const videoTitle = useVideoTitle();
  const shown = useDemoText();
  const language = useLanguage();
  const approve = useReviewVideo();
  const titleId = useId();
  const title = videoTitle(video);
  const left = video.auto_approve_at ? timeLeft(video.auto_approve_at, now) : undefined;

  return (
    <li>
      <article aria-labelledby={titleId} className="grid grid-cols-[6.5rem_1fr] gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[9rem_1fr] dark:border-slate-800 dark:bg-slate-900">
        <VideoPlayerDialog video={video} title={title} />
        <div className="flex min-w-0 flex-col gap-2">
          <h3 id={titleId} className="line-clamp-2 font-semibold">
            {title}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('common:video.by', { name: video.creator_name })} · {shown(video.brief_title, video.is_demo) ?? t('brand.review.pitch')}
          </p>
          {video.posted_at && <p className="text-sm text-slate-600 dark:text-slate-400">{t('brand.review.posted', { date: formatDateTime(video.posted_at, language) })}</p>}
          <div className="flex flex-wrap gap-1.5">
            <Eligibility video={video} />
          </div>
          {left && <p className="text-sm font-medium">{t(left.unit === 'hours' ? 'brand.review.autoInHours' : 'brand.review.autoInMinutes', { count: left.count })}</p>}
          <div className="mt-auto flex flex-wrap gap-2 pt-1">
            <Button
              size="sm"
              disabled={approve.isPending}
              onClick={() => approve.mutate({ videoId: video.id, decision: 'approve' }, { onSuccess: () => toast.success(t('brand.review.approvedToast')) })}
            >
              <CircleCheck aria-hidden className="size-4" />
              {approve.isPending ? t('brand.review.approving') : t('brand.review.approve')}
            </Button>
            <RejectDialog video={video} title={title} />
          </div>
        </div>
      </article>
    </li>
  );
}

/**
 * The brand dashboard's To review: the videos creators sent it, oldest first, each with
 * Approve and Reject. Unanswered, a video is approved automatically after
 * ledger_rules.review_auto_approve_hours; the intro quotes that number from there.
 */
export function ToReviewList({ brandId }: { brandId: string }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const reviews = usePendingReviews(brandId);
  const rules = useLedgerRules();
  const now = useNow();
  const headingId = useId();
  const list = reviews.data?.pages.flatMap((page) => page.data) ?? [];
  const total = reviews.data?.pages[0]?.totalCount;
  const more = reviews.data?.pages.at(-1)?.hasMore ?? false;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          {total === undefined ? t('brand.review.titleLoading') : t('brand.review.title', { count: total })}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('brand.review.intro', { hours: rules.data?.review_auto_approve_hours ?? '…' })}</p>
      </div>
      {reviews.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner /> {t('common:loading')}
        </p>
      ) : reviews.isError && list.length === 0 ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p role="alert" className="text-red-700 dark:text-red-400">
            {errorText(reviews.error, 'reviews_load_failed')}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void reviews.refetch()}>
            <RefreshCw aria-hidden className="size-4" />
            {t('common:actions.retry')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="flex items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-6 py-8 dark:border-slate-700">
          <ClipboardCheck aria-hidden className="size-6 text-slate-400" />
          <p className="font-semibold">{t('brand.review.empty')}</p>
        </div>
      ) : (
        <>
          <ul className="grid gap-4 lg:grid-cols-2">
            {list.map((video) => (
              <ReviewItem key={video.id} video={video} now={now} />
            ))}
          </ul>
          {total !== undefined && more && (
            <Button variant="secondary" disabled={reviews.isFetching} onClick={() => void reviews.fetchNextPage()}>
              {reviews.isFetchingNextPage ? t('common:loading') : t('brand.review.showMore', { count: Math.max(total - list.length, 1) })}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
