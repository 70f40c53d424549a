import { ExternalLink, Eye, Heart, MessageCircle, Share2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { textLinkClasses } from '@/components/ui/button';
import type { VideoListing } from '@/lib/database';
import { formatCount, formatDate, formatSatang } from '@/lib/format';
import { paths } from '@/lib/paths';
import { TikTokPlayer } from './tiktok-player';
import { PlayMark, VideoThumbnail } from './video-thumbnail';
import { VerifiedMark } from './verified-mark';
import { useLanguage } from '@/i18n/use-language';
import { useDemoText, useVideoTitle } from '@/lib/demo-texts';

type VideoCardProps = {
  video: VideoListing;
  /** Click the thumbnail to play the video in TikTok's embedded player (creator dashboard). */
  playable?: boolean;
  /** Show who made the video (brand views). */
  showCreator?: boolean;
  /** Beside Open on TikTok: the page's Details button (features/videos), which components/ may not import. */
  details?: ReactNode;
};

/** Reasons the card already says otherwise: a pitch has its own badge, a rejection and a pending review theirs. */
const shownElsewhere = new Set(['pitch', 'rejected', 'pending_review']);

/** Where the video stands with the brand and the ledger, in words (docs/architecture.md §2.10: every exclusion has its reason). */
function StandingBadges({ video, proveLink }: { video: VideoListing; proveLink: boolean }) {
  const { t } = useTranslation();
  const excluded = video.excluded_reason;
  return (
    <>
      {video.review_status === 'pending' && <Badge tone="warning">{t('video.review.pending')}</Badge>}
      {video.review_status === 'approved' && <Badge tone="success">{t('video.review.approved')}</Badge>}
      {video.review_status === 'rejected' && (
        <Badge tone="danger" title={video.review_note ?? undefined} className="whitespace-normal">
          {t('video.review.rejected', { reason: t(`video.reviewReasons.${video.review_reason ?? 'other'}`) })}
        </Badge>
      )}
      {excluded && !shownElsewhere.has(excluded) && (
        <Badge tone={excluded === 'admin_excluded' ? 'danger' : undefined} title={video.excluded_note ?? undefined} className="whitespace-normal">
          {t('video.notCounted', { reason: t(`video.excluded.${excluded}`) })}
        </Badge>
      )}
      {excluded === 'unverified_account' && proveLink && (
        <Link to={paths.dashboard.settings.getHref({ tab: 'integrations' })} className={textLinkClasses()}>
          {t('video.verifyAccount')}
        </Link>
      )}
      {video.frozen && <Badge title={t('video.frozenHint')}>{t('video.frozen')}</Badge>}
      {video.availability === 'unavailable' && (
        <Badge tone="danger" title={t('video.unavailableHint')}>
          {t('video.unavailable')}
        </Badge>
      )}
    </>
  );
}

/**
 * A video as the spec's cards show it: 9:16 image, date, title, description, counts, with honest
 * labels. The card fits its own width (a container query), not the window's: from 20rem (one
 * column on a phone) the image stands beside the text, narrower it stands above it.
 */
export function VideoCard({ video, playable = false, showCreator = false, details }: VideoCardProps) {
  const { t } = useTranslation();
  const videoTitle = useVideoTitle();
  const shown = useDemoText();
  const [playing, setPlaying] = useState(false);
  const language = useLanguage();
  const title = videoTitle(video);
  const counts = [
    { key: 'views', icon: Eye, value: video.view_count },
    { key: 'likes', icon: Heart, value: video.like_count },
    { key: 'comments', icon: MessageCircle, value: video.comment_count },
    { key: 'shares', icon: Share2, value: video.share_count },
  ] as const;

  return (
    <article className="@container overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex h-full flex-col @xs:flex-row">
        <div className="relative aspect-[9/16] bg-slate-100 @xs:w-32 @xs:shrink-0 @xs:self-start dark:bg-slate-800">
          {playing ? (
            <TikTokPlayer videoId={video.video_id} title={t('video.playerTitle', { title })} autoplay className="absolute inset-0 h-full rounded-none" />
          ) : (
            <>
              <VideoThumbnail url={video.thumbnail_url} />
              {playable && (
                <button
                  type="button"
                  onClick={() => setPlaying(true)}
                  aria-label={t('video.play', { title })}
                  className="absolute inset-0 flex items-center justify-center bg-black/10 transition-colors hover:bg-black/25"
                >
                  <PlayMark />
                </button>
              )}
              <span className="absolute top-2 left-2 rounded-md bg-black/60 px-2 py-0.5 text-xs font-semibold text-white">
                {formatDate(video.posted_at, language)}
              </span>
            </>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
          <div className="flex flex-wrap gap-1.5">
            {video.is_estimated && (
              <Badge tone="warning" title={t('video.estimatedHint')}>
                {t('video.estimated')}
              </Badge>
            )}
            {video.metrics_source === 'sandbox' && <Badge title={t('video.sandboxHint')}>{t('video.sandbox')}</Badge>}
            {video.is_demo && <Badge>{t('video.demo')}</Badge>}
            {video.is_pitch && (
              <Badge tone="warning" title={t('video.pitchHint')}>
                {t('video.pitch')}
              </Badge>
            )}
            {/* A brand sees which of its opportunities the video is for; others see the brand. A long name ends in "…" (the text, not the flex badge, can show one). */}
            {showCreator
              ? video.brief_title && (
                  <Badge tone="brand" title={shown(video.brief_title, video.is_demo)}>
                    <span className="truncate">{shown(video.brief_title, video.is_demo)}</span>
                  </Badge>
                )
              : video.brand_name && (
                  <Badge tone="brand" title={t('video.forBrand', { brand: video.brand_name })}>
                    <span className="truncate">{t('video.forBrand', { brand: video.brand_name })}</span>
                  </Badge>
                )}
            <StandingBadges video={video} proveLink={!showCreator} />
          </div>
          <h3 className="line-clamp-2 font-semibold">{title}</h3>
          {showCreator && (
            <p className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
              {t('video.by', { name: video.creator_name })}
              {video.creator_verified && <VerifiedMark />}
            </p>
          )}
          <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{shown(video.description?.trim() || null, video.is_demo) || t('video.noDescription')}</p>
          {/* Four counts in a row where each has room, else two rows of two (the image beside the text takes width). */}
          <dl className="mt-auto grid grid-cols-2 gap-1 pt-2 text-center @min-[14rem]:grid-cols-4 @xs:grid-cols-2 @md:grid-cols-4">
            {counts.map(({ key, icon: Icon, value }) => (
              <div key={key} className="rounded-lg bg-slate-50 px-1 py-1.5 dark:bg-slate-800">
                <dt className="flex justify-center text-slate-500 dark:text-slate-400">
                  <Icon aria-hidden className="size-4" />
                  <span className="sr-only">{t(`video.${key}`)}</span>
                </dt>
                <dd className="text-xs font-semibold whitespace-nowrap @xs:text-sm" title={value.toLocaleString()}>
                  {formatCount(value)}
                </dd>
              </div>
            ))}
          </dl>
          {/* Only a video sent to a brand can count; the others would all read 0 counted. */}
          {video.review_status !== 'none' && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              <span className="font-semibold text-slate-900 dark:text-slate-100">
                {t('video.countedOf', { counted: formatCount(video.counted_views), total: formatCount(video.view_count) })}
              </span>
              {video.pending_views > 0 && ` · ${t('video.pendingViews', { views: formatCount(video.pending_views) })}`}
            </p>
          )}
          {/* What the creator's own campaign video has earned so far (a pitch or an unlinked video earns nothing). */}
          {!showCreator && video.brand_brief_id && (
            <p className="text-sm font-semibold" title={t('video.earnedHint')}>
              {t('video.earned', { amount: formatSatang(video.earned_satang, language) })}
              <span className="sr-only">. {t('video.earnedHint')}</span>
            </p>
          )}
          {/* Other pages add their actions here (Details, Link to campaign): they wrap on a phone. */}
          <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
            <a href={video.share_url} target="_blank" rel="noreferrer" className={textLinkClasses()}>
              <ExternalLink aria-hidden className="size-4" />
              {t('video.openOnTikTok')}
            </a>
            {details}
          </div>
        </div>
      </div>
    </article>
  );
}
