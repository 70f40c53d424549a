import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useLedgerRules } from '@/features/metrics/api/get-ledger-rules';
import { useLanguage } from '@/i18n/use-language';
import type { VideoListing, VideoSnapshot } from '@/lib/database';
import { errorText } from '@/lib/notify';
import { formatCount, formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { useVideoSnapshots } from '../api/get-video-snapshots';
import { ViewsChart } from './views-chart';
import { useVideoTitle } from '@/lib/demo-texts';

/**
 * The measurement the counted figure comes from: the latest measured (not estimated) one
 * inside the window that reads the counted views. Only to name its date; the figure
 * itself is the ledger's.
 */
function countedMeasurement(video: VideoListing, snapshots: VideoSnapshot[] | undefined) {
  const windowEnd = new Date(video.window_ends_at).getTime();
  return snapshots?.findLast(
    (s) => s.available && s.source !== 'estimate' && s.view_count === video.counted_views && new Date(s.measured_at).getTime() <= windowEnd,
  );
}

/** The rule that decided the video's counted views, in words (docs/money.md). */
function RuleThatApplied({ video, snapshots }: { video: VideoListing; snapshots: VideoSnapshot[] | undefined }) {
  const { t } = useTranslation(['videos', 'common']);
  const language = useLanguage();
  const rules = useLedgerRules();
  const headingId = useId();
  const excluded = video.excluded_reason;
  const hours = rules.data?.review_auto_approve_hours ?? '…';
  const days = rules.data?.count_window_days ?? '…';
  let text: string;
  if (!excluded) {
    const measured = countedMeasurement(video, snapshots);
    const views = formatNumber(video.counted_views, language);
    text = measured ? t('details.rule.counts', { views, date: formatDateTime(measured.measured_at, language) }) : t('details.rule.countsUndated', { views });
  } else if (excluded === 'pending_review') {
    text = t('details.rule.pending_review', { views: formatNumber(video.pending_views, language), hours });
  } else if (excluded === 'admin_excluded') {
    text = t('details.rule.admin_excluded', { note: video.excluded_note ?? '' });
  } else {
    text = t(`details.rule.${excluded}`);
  }
  const windowText = video.frozen
    ? t('details.window.frozen', { date: formatDateTime(video.window_ends_at, language) })
    : t('details.window.open', { days, date: formatDateTime(video.window_ends_at, language) });
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
      <h3 id={headingId} className="font-semibold">
        {t('details.rule.title')}
      </h3>
      <p className="mt-1">{text}</p>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{windowText}</p>
      {video.availability === 'unavailable' && <p className="mt-2 text-slate-600 dark:text-slate-400">{t('common:video.unavailableHint')}</p>}
    </section>
  );
}

/** The brand's answer: pending (and when it turns approved by itself), approved, or rejected with its reason and note. */
function ReviewOutcome({ video }: { video: VideoListing }) {
  const { t } = useTranslation(['videos', 'common']);
  const language = useLanguage();
  const headingId = useId();
  const submitted = video.review_submitted_at ? formatDateTime(video.review_submitted_at, language) : undefined;
  return (
    <section aria-labelledby={headingId} className="text-sm">
      <h3 id={headingId} className="font-semibold">
        {t('details.review.title')}
      </h3>
      {video.review_status === 'none' && <p className="mt-1">{t('details.review.none')}</p>}
      {video.review_status === 'pending' && (
        <p className="mt-1">
          {video.auto_approve_at
            ? t('details.review.pending', { date: submitted ?? '—', autoDate: formatDateTime(video.auto_approve_at, language) })
            : t('common:video.review.pending')}
        </p>
      )}
      {video.review_status === 'approved' && <p className="mt-1">{submitted ? t('details.review.approved', { date: submitted }) : t('common:video.review.approved')}</p>}
      {video.review_status === 'rejected' && (
        <>
          <p className="mt-1">{t('common:video.review.rejected', { reason: t(`common:video.reviewReasons.${video.review_reason ?? 'other'}`) })}</p>
          {video.review_note && <p className="mt-1 text-slate-600 dark:text-slate-400">{t('details.review.note', { note: video.review_note })}</p>}
        </>
      )}
    </section>
  );
}

/** Every measurement, newest first: the chart's figures for screen readers and keyboard users, and its source. */
function MeasurementsTable({ snapshots }: { snapshots: VideoSnapshot[] }) {
  const { t } = useTranslation('videos');
  const language = useLanguage();
  const captionId = useId();
  return (
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="max-h-64 overflow-auto rounded-xl border border-slate-200 dark:border-slate-800">
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="sr-only">
          {t('details.measurements.title')}
        </caption>
        <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('details.measurements.time')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t('details.measurements.views')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('details.measurements.source')}
            </th>
          </tr>
        </thead>
        <tbody>
          {snapshots.toReversed().map((s) => (
            <tr key={s.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(s.measured_at, language)}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap">
                {s.available && s.view_count !== null ? formatNumber(s.view_count, language) : t('details.measurements.gone')}
              </td>
              <td className="px-3 py-2">{t(`details.sources.${s.source}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The Details dialog's content: views over time and how they count. Its Dialog and trigger
 * live in VideoDetailsButton; this module (and recharts with it) loads only when it opens.
 */
export function VideoDetailsDialogContent({ video }: { video: VideoListing }) {
  const { t } = useTranslation(['videos', 'common']);
  const videoTitle = useVideoTitle();
  const language = useLanguage();
  const snapshots = useVideoSnapshots(video.id);
  const chartId = useId();
  const title = videoTitle(video);
  const facts = [
    { key: 'total', value: formatCount(video.view_count), exact: video.view_count },
    { key: 'counted', value: formatCount(video.counted_views), exact: video.counted_views },
    { key: 'posted', value: video.posted_at ? formatDate(video.posted_at, language) : '—' },
    { key: 'windowEnds', value: formatDate(video.window_ends_at, language) },
  ] as const;

  return (
    <DialogContent closeLabel={t('common:actions.close')} className="max-w-2xl">
      <DialogTitle className="pr-8 text-xl font-bold">{title}</DialogTitle>
      <DialogDescription className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('details.description')}</DialogDescription>
      <div className="mt-3 flex flex-wrap gap-1.5">
        {video.frozen && <Badge>{t('common:video.frozen')}</Badge>}
        {video.availability === 'unavailable' && <Badge tone="danger">{t('common:video.unavailable')}</Badge>}
        {video.is_estimated && <Badge tone="warning">{t('common:video.estimated')}</Badge>}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {facts.map((fact) => (
          <div key={fact.key} className="rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
            <dt className="text-xs text-slate-600 dark:text-slate-400">{t(`details.facts.${fact.key}`)}</dt>
            <dd className="font-semibold" title={'exact' in fact ? fact.exact.toLocaleString() : undefined}>
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 space-y-4">
        <RuleThatApplied video={video} snapshots={snapshots.data} />
        <ReviewOutcome video={video} />
        <section aria-labelledby={chartId} className="space-y-3">
          <h3 id={chartId} className="text-sm font-semibold">
            {t('details.chart.title')}
          </h3>
          {snapshots.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <Spinner /> {t('details.loading')}
            </p>
          ) : snapshots.isError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errorText(snapshots.error, 'snapshots_load_failed')}
            </p>
          ) : snapshots.data.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('details.noMeasurements')}</p>
          ) : (
            <>
              <ViewsChart snapshots={snapshots.data} windowEndsAt={video.window_ends_at} />
              <MeasurementsTable snapshots={snapshots.data} />
            </>
          )}
        </section>
      </div>
    </DialogContent>
  );
}
