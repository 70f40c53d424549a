import { ExternalLink, Search } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useLanguage } from '@/i18n/use-language';
import type { SignalDetail } from '@/lib/database';
import { formatCount, formatDate, formatNumber, formatSatang } from '@/lib/format';
import { errorText } from '@/lib/notify';
import { firstPage, pagePosition } from '@/lib/paging';
import { Pager } from '@/components/pager';
import { adminPageSize, fraudSignals, type VideoListFilter } from '../api/keys';
import { isExcluded, useAdminVideos, type AdminVideoRow } from '../api/list-videos';
import { AdminList } from './admin-list';
import { VideoModerationDialog } from './video-moderation-dialog';
import { useVideoTitle } from '@/lib/demo-texts';

/** Spec §9: the engagement rate, round((likes + comments + shares) / views × 100). */
const engagementRate = (video: AdminVideoRow) =>
  video.view_count > 0 ? Math.round(((video.like_count + video.comment_count + video.share_count) / video.view_count) * 100) : 0;

/** A signal in words, with the numbers that made it fire. */
function SignalText({ detail }: { detail: SignalDetail }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const n = (value: number) => formatNumber(value, language);
  switch (detail.code) {
    case 'views_per_like':
      return t('signals.detail.views_per_like', { value: n(detail.viewsPerLike), norm: n(detail.platformViewsPerLike) });
    case 'view_jump':
      return t('signals.detail.view_jump', { gained: n(detail.gained), hours: n(detail.hours), perHour: n(detail.perHour), usual: n(detail.usualPerHour) });
    case 'low_engagement':
      return t('signals.detail.low_engagement', { percent: n(detail.engagementPercent), views: n(detail.views) });
    case 'not_owner':
      return detail.account ? t('signals.detail.not_owner', { author: detail.author, account: detail.account }) : t('signals.detail.not_owner_none', { author: detail.author });
    case 'burst_posting':
      return t('signals.detail.burst_posting', { videos: n(detail.videos), minutes: n(detail.minutes) });
    case 'duplicate_claim': {
      const others = detail.others
        .map((other) => t('signals.detail.duplicate_claim_other', { name: other.name, username: other.username ?? '—', views: n(other.views), counted: n(other.counted) }))
        .join(', ');
      return t('signals.detail.duplicate_claim', { accounts: n(detail.accounts), others, views: n(detail.views), counted: n(detail.counted) });
    }
    case 'handle_changed':
      return t('signals.detail.handle_changed', { from: detail.from, to: detail.to ?? '—', date: formatDate(detail.at, language), changes: n(detail.changes) });
  }
}

function Signals({ video }: { video: AdminVideoRow }) {
  const { t } = useTranslation('admin');
  if (video.signal_details.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1">
      {video.signal_details.map((detail) => (
        <li key={detail.code} className="text-xs">
          <Badge tone="warning">{t(`signals.${detail.code}`)}</Badge> <span className="text-slate-700 dark:text-slate-300"><SignalText detail={detail} /></span>
        </li>
      ))}
    </ul>
  );
}

/** The Content tab (spec §2): search with a Search button, the videos table, signals, and exclusion from pay. */
export function ContentTab({
  filter,
  onFilter,
  details,
}: {
  filter: VideoListFilter;
  onFilter: (next: Partial<VideoListFilter>) => void;
  /** The video's details (its views chart and the ledger's reasons), from the videos feature. */
  details: (video: AdminVideoRow) => ReactNode;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const videoTitle = useVideoTitle();
  const language = useLanguage();
  const id = useId();
  const [text, setText] = useState(filter.search);
  const videos = useAdminVideos(filter);
  const [moderating, setModerating] = useState<AdminVideoRow>();

  useEffect(() => {
    if (videos.isError) toast.error(errorText(videos.error, 'videos_load_failed'));
  }, [videos.isError, videos.error]);

  const page = videos.data;
  // Where the rows stand in the list: known counted from the start; a list too long to count,
  // paged from its end, says how many of how many.
  const position = page && pagePosition(filter.page, page);
  const from = position?.page !== undefined && page && page.rows.length > 0 ? (position.page - 1) * adminPageSize + 1 : 0;
  const to = page && from ? from + page.rows.length - 1 : 0;
  const total = page ? `${formatNumber(page.totalCount, language)}${page.exact ? '' : '+'}` : '';

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <form
          role="search"
          className="flex w-full gap-2 lg:max-w-md"
          onSubmit={(event) => {
            event.preventDefault();
            onFilter({ search: text.trim(), page: firstPage });
          }}
        >
          <div className="flex-1">
            <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium">
              {t('content.searchLabel')}
            </label>
            <Input id={`${id}-search`} type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t('content.searchPlaceholder')} />
          </div>
          <Button type="submit" className="self-end">
            <Search aria-hidden className="size-4" />
            {t('content.search')}
          </Button>
        </form>
        <div className="grid grid-cols-2 gap-2 lg:ml-auto lg:w-96">
          <div>
            <label htmlFor={`${id}-signal`} className="mb-1 block text-sm font-medium">
              {t('content.signalLabel')}
            </label>
            <Select id={`${id}-signal`} value={filter.signal} onChange={(event) => onFilter({ signal: event.target.value as VideoListFilter['signal'], page: firstPage })}>
              <option value="all">{t('content.signalAll')}</option>
              <option value="any">{t('content.signalAny')}</option>
              {fraudSignals.map((signal) => (
                <option key={signal} value={signal}>
                  {t(`signals.${signal}`)}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <label htmlFor={`${id}-sort`} className="mb-1 block text-sm font-medium">
              {t('content.sortLabel')}
            </label>
            <Select id={`${id}-sort`} value={filter.sort} onChange={(event) => onFilter({ sort: event.target.value as VideoListFilter['sort'], page: firstPage })}>
              <option value="newest">{t('content.sortNewest')}</option>
              <option value="signals">{t('content.sortSignals')}</option>
            </Select>
          </div>
        </div>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('content.signalsNote')}</p>

      <AdminList
        loaded={Boolean(page)}
        failed={videos.isError}
        empty={page?.rows.length === 0}
        loadingText={t('content.loading')}
        emptyText={t('content.empty')}
        dimmed={videos.isPlaceholderData}
        columns={[
          { label: t('content.columns.video') },
          { label: t('content.columns.creator'), className: 'hidden lg:table-cell' },
          { label: t('content.columns.views'), align: 'right', className: 'hidden lg:table-cell' },
          { label: t('content.columns.engagement'), align: 'right', className: 'hidden lg:table-cell' },
          { label: t('content.columns.amount'), align: 'right', className: 'hidden lg:table-cell' },
          { label: t('content.columns.actions'), align: 'right' },
        ]}
      >
        {page?.rows.map((video) => {
          const title = videoTitle(video);
          // Spec §9's Est. Amount: what the brand pays for the counted views, at the brief's rate, to the satang (SQL: video_listings.charged_satang).
          const amount = formatSatang(video.charged_satang, language);
          return (
            <tr key={video.id} className="align-top">
              <th scope="row" className="max-w-xs px-4 py-3 font-normal">
                <span className="block font-semibold text-slate-900 dark:text-white">{title}</span>
                {video.author_username && <span className="block text-xs text-slate-600 dark:text-slate-400">@{video.author_username}</span>}
                {/* Below the wide layout the figures go under the title, each with its column's name. */}
                <dl className="mt-1 grid grid-cols-2 gap-x-3 text-xs text-slate-700 lg:hidden dark:text-slate-300">
                  <dt className="sr-only">{t('content.columns.creator')}</dt>
                  <dd className="col-span-2">{video.creator_name}</dd>
                  <dt>{t('content.columns.views')}</dt>
                  <dd>
                    {formatCount(video.view_count)} ({t('content.counted', { views: formatCount(video.counted_views) })})
                  </dd>
                  <dt>{t('content.columns.engagement')}</dt>
                  <dd>{engagementRate(video)}%</dd>
                  <dt>{t('content.columns.amount')}</dt>
                  <dd>{amount}</dd>
                </dl>
                {isExcluded(video) && (
                  <Badge tone="danger" className="mt-1 whitespace-normal" title={video.excluded_note ?? undefined}>
                    {t('content.excludedBadge')}
                  </Badge>
                )}
                <Signals video={video} />
              </th>
              <td className="hidden px-4 py-3 lg:table-cell">{video.creator_name}</td>
              <td className="hidden px-4 py-3 text-right whitespace-nowrap lg:table-cell">
                <span className="block">{formatCount(video.view_count)}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">{t('content.counted', { views: formatCount(video.counted_views) })}</span>
              </td>
              <td className="hidden px-4 py-3 text-right lg:table-cell">{engagementRate(video)}%</td>
              <td className="hidden px-4 py-3 text-right whitespace-nowrap lg:table-cell" title={t('content.amountHint')}>
                {amount}
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-col items-end gap-2 xl:flex-row xl:flex-wrap xl:justify-end">
                  <a
                    href={video.share_url}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={t('content.openLabel', { title })}
                    className="inline-flex min-h-9 items-center gap-1 rounded-lg border border-slate-300 px-3 text-sm font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
                  >
                    <ExternalLink aria-hidden className="size-4" />
                    {t('content.open')}
                  </a>
                  {details(video)}
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={isExcluded(video) ? t('content.reinstateLabel', { title }) : t('content.excludeLabel', { title })}
                    onClick={() => setModerating(video)}
                  >
                    {isExcluded(video) ? t('content.reinstate') : t('content.exclude')}
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </AdminList>
      {page && page.totalCount > 0 && (
        <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
          <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
            {from
              ? t('content.showing', { from: formatNumber(from, language), to: formatNumber(to, language), total })
              : t('content.showingCount', { shown: formatNumber(page.rows.length, language), total })}
          </p>
          <Pager numbers className="mt-0" at={filter.page} page={page} onPage={(next) => onFilter({ page: next })} />
        </div>
      )}
      <VideoModerationDialog video={moderating} onClose={() => setModerating(undefined)} />
    </div>
  );
}
