import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/i18n/use-language';
import { formatNumber } from '@/lib/format';
import { errorText } from '@/lib/notify';
import { useDemoText } from '@/lib/demo-texts';
import { useMonthLines, type MonthLine } from '../api/list-month-lines';
import { formatSatang } from '@/lib/format';

type Campaign = { briefId: string; title: string | null; isDemo: boolean; brandName: string | null; lines: MonthLine[] };

/** The loaded entries by campaign, in the order they came (the API orders them by campaign). */
function byCampaign(lines: MonthLine[]): Campaign[] {
  const campaigns = new Map<string, Campaign>();
  for (const line of lines) {
    const campaign = campaigns.get(line.briefId) ?? { briefId: line.briefId, title: line.briefTitle, isDemo: line.briefIsDemo, brandName: line.brandName, lines: [] };
    campaign.lines.push(line);
    campaigns.set(line.briefId, campaign);
  }
  return [...campaigns.values()];
}

/** An opened month: its campaigns, and under each the videos with the views and earning the month's close entered for them. */
export function MonthLines({ userId, month }: { userId: string; month: string }) {
  const { t } = useTranslation(['earnings', 'common']);
  const language = useLanguage();
  const shown = useDemoText();
  const query = useMonthLines(userId, month);

  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <Spinner /> {t('lines.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
        {errorText(query.error, 'metrics_load_failed')}
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  }
  const lines = query.data.pages.flatMap((page) => page.lines);
  const total = query.data.pages.at(-1)?.totalCount ?? lines.length;
  return (
    <div className="space-y-4">
      {byCampaign(lines).map((campaign) => (
        <section key={campaign.briefId} aria-label={shown(campaign.title, campaign.isDemo) ?? t('lines.campaignGone')}>
          <h4 className="text-sm font-semibold">
            {shown(campaign.title, campaign.isDemo) ?? t('lines.campaignGone')}
            {campaign.brandName && <span className="font-normal text-slate-600 dark:text-slate-400"> · {campaign.brandName}</span>}
          </h4>
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {campaign.lines.map((line) => (
              <li key={line.id} className="flex items-start justify-between gap-3 px-3 py-2.5 text-sm">
                <div className="min-w-0">
                  {line.shareUrl ? (
                    <a href={line.shareUrl} target="_blank" rel="noreferrer" className="font-medium break-words text-brand-700 hover:underline dark:text-brand-100">
                      {shown(line.videoTitle, line.videoIsDemo) || t('common:video.fallbackTitle')}
                    </a>
                  ) : (
                    <span className="break-words text-slate-600 dark:text-slate-400">{t('lines.videoGone', { id: line.tiktokId })}</span>
                  )}
                  {line.views < 0 && (
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                      <Badge tone="danger">{t('lines.correction')}</Badge>
                      {t('lines.correctionHint')}
                    </p>
                  )}
                </div>
                <div className="shrink-0 text-right tabular-nums">
                  <p className="font-semibold">{formatSatang(line.earningSatang, language)}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">{t('lines.views', { views: formatNumber(line.views, language) })}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {query.hasNextPage && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
          {t('lines.shown', { shown: formatNumber(lines.length, language), total: formatNumber(total, language) })}
          <Button size="sm" variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? <Spinner className="size-4" /> : null}
            {t('lines.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
