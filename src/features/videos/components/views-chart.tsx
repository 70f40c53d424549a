import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { useLanguage } from '@/i18n/use-language';
import type { MetricsSource, VideoSnapshot } from '@/lib/database';
import { formatCount, formatDateTime, formatDayMonth, formatNumber } from '@/lib/format';

type Point = { at: number; views: number; source: MetricsSource };

/** The measurements that found the video, as chart points; a check that found it gone has no count to draw. */
const pointsOf = (snapshots: VideoSnapshot[]): Point[] =>
  snapshots.flatMap((s) => (s.available && s.view_count !== null ? [{ at: new Date(s.measured_at).getTime(), views: s.view_count, source: s.source }] : []));

function PointTooltip({ active, payload }: TooltipContentProps) {
  const { t } = useTranslation('videos');
  const language = useLanguage();
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-md dark:border-slate-700 dark:bg-slate-900">
      <p className="font-semibold">{t('details.chart.views', { views: formatNumber(point.views, language) })}</p>
      <p className="text-slate-600 dark:text-slate-400">{formatDateTime(point.at, language)}</p>
      <p className="text-slate-600 dark:text-slate-400">{t(`details.sources.${point.source}`)}</p>
    </div>
  );
}

/**
 * Views over time from the video's snapshots, with the end of its counting window. The
 * chart is a picture for sighted readers (role img with a summary); the measurements
 * table beside it carries the same figures for everyone.
 */
export function ViewsChart({ snapshots, windowEndsAt }: { snapshots: VideoSnapshot[]; windowEndsAt: string }) {
  const { t } = useTranslation('videos');
  const language = useLanguage();
  const points = pointsOf(snapshots);
  if (points.length === 0) return null;
  const windowEnd = new Date(windowEndsAt).getTime();
  const first = points[0];
  const last = points[points.length - 1];
  // From the first measurement to the window's end (or a later check): where counting stands in its window shows at a glance.
  const domain: [number, number] = [first.at, Math.max(last.at, windowEnd)];
  const ticks = Array.from({ length: 5 }, (_, i) => domain[0] + ((domain[1] - domain[0]) * i) / 4);
  const summary = t('details.chart.summary', {
    count: points.length,
    first: formatCount(first.views),
    last: formatCount(last.views),
    from: formatDateTime(first.at, language),
    to: formatDateTime(last.at, language),
  });

  return (
    <div role="img" aria-label={summary} className="h-56 w-full">
      <LineChart responsive accessibilityLayer={false} data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} style={{ width: '100%', height: '100%' }}>
        <CartesianGrid strokeDasharray="3 3" className="stroke-slate-200 dark:stroke-slate-700" />
        <XAxis
          dataKey="at"
          type="number"
          domain={domain}
          ticks={ticks}
          tickFormatter={(value: number) => formatDayMonth(value, language)}
          tick={{ fontSize: 11 }}
          minTickGap={24}
        />
        <YAxis tickFormatter={(value: number) => formatCount(value)} tick={{ fontSize: 11 }} width={44} allowDecimals={false} />
        <Tooltip content={PointTooltip} />
        <ReferenceLine x={windowEnd} stroke="#d97706" strokeDasharray="4 4" label={{ value: t('details.chart.windowEnd'), position: 'insideTopRight', fontSize: 11, fill: '#b45309' }} />
        <Line type="monotone" dataKey="views" stroke="#6d28d9" strokeWidth={2} dot={{ r: 3 }} activeDot={{ r: 5 }} isAnimationActive={false} />
      </LineChart>
    </div>
  );
}
