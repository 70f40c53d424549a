import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useBrandCreator } from '@/features/opportunities/api/get-brand-creators';
import { useLanguage } from '@/i18n/use-language';
import { formatCount, formatSatang } from '@/lib/format';
import { paths } from '@/lib/paths';

/**
 * Above a brand's list of one creator's videos (/dashboard/videos?creator=, from a Creators
 * card): who they are, and what they did for the brand (or the one brief, ?brief=): videos,
 * counted views and what the brand pays for them so far (brand_creators, the figures of the card).
 */
export function CreatorSummary({ brandId, creatorId, briefId }: { brandId: string; creatorId: string; briefId?: string }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const creator = useBrandCreator(brandId, { creatorId, briefId });
  const headingId = useId();
  const row = creator.data;
  // Another brand's creator, or one who never joined: no row, only the way back.
  const name = creator.isPending ? '…' : (row?.name ?? t('creators.unknown'));
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white px-5 py-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold">
          {t('creators.videosBy', { name })}
        </h2>
        <Link to={paths.dashboard.videos.getHref()} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          {t('creators.allVideos')}
        </Link>
      </div>
      {row && (
        <>
          {briefId && row.briefs[0] && <p className="mt-1 text-sm">{t('creators.forCampaign', { title: row.briefs[0] })}</p>}
          <p className="mt-2 flex flex-wrap gap-x-3 text-sm font-medium">
            <span>{t('creators.videos', { count: row.videos })}</span>
            <span>{t('creators.countedViews', { views: formatCount(row.countedViews) })}</span>
            <span>{t('creators.spent', { amount: formatSatang(row.spendSatang, language) })}</span>
          </p>
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t('creators.spentNote')}</p>
        </>
      )}
    </section>
  );
}
