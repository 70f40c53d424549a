import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { VerifiedMark } from '@/components/verified-mark';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/use-auth';
import { useLanguage } from '@/i18n/use-language';
import { formatCount, formatNumber, formatSatang } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useBrandCreators } from '../api/get-brand-creators';

/**
 * /dashboard/creators (content not in the spec): the creators who joined this brand's
 * opportunities (?brief=: one opportunity's, from its card's "N creators joined"), a page at a
 * time, each with what they did for the brand: videos, counted views and spend, and a link to
 * those videos.
 */
export default function CreatorsPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const [params] = useSearchParams();
  const briefId = params.get('brief') || undefined;
  const creators = useBrandCreators(user?.id, briefId ? { briefId } : {});
  const language = useLanguage();
  if (creators.isPending) return <Spinner className="mx-auto size-8" />;
  const list = creators.data?.pages.flatMap((page) => page.creators) ?? [];
  const briefTitle = briefId ? list[0]?.briefs[0] : undefined;
  return (
    <>
      {briefId && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {briefTitle && <h2 className="font-semibold">{t('creators.ofCampaign', { title: briefTitle })}</h2>}
          <Link to={paths.dashboard.creators.getHref()} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('creators.allCreators')}
          </Link>
        </div>
      )}
      {list.length === 0 ? (
        <EmptyState icon={Users} title={t('empty.creatorsTitle')} description={t('empty.creatorsText')} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {list.map((creator) => {
            const name = creator.name ?? t('creators.unknown');
            return (
              <li key={creator.id}>
                <Card>
                  <p className="flex items-center gap-1 font-semibold">
                    {name}
                    {creator.verified && <VerifiedMark />}
                  </p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {creator.tiktokUsername && t('creators.tiktok', { username: creator.tiktokUsername })}
                    {creator.tiktokUsername && creator.followerCount !== null && ' · '}
                    {creator.followerCount !== null && t('creators.followers', { count: creator.followerCount, formatted: formatNumber(creator.followerCount, language) })}
                  </p>
                  <p className="mt-2 text-sm">{t('creators.joined', { briefs: creator.briefs.join(', ') })}</p>
                  <p className="mt-2 flex flex-wrap gap-x-3 text-sm font-medium">
                    <span>{t('creators.videos', { count: creator.videos })}</span>
                    <span>{t('creators.countedViews', { views: formatCount(creator.countedViews) })}</span>
                    <span>{t('creators.spent', { amount: formatSatang(creator.spendSatang, language) })}</span>
                  </p>
                  <Link
                    to={paths.dashboard.videos.getHref({ creator: creator.id, brief: briefId })}
                    aria-label={t('creators.seeVideosOf', { name })}
                    className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
                  >
                    {t('creators.seeVideos')}
                  </Link>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {creators.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" disabled={creators.isFetchingNextPage} onClick={() => void creators.fetchNextPage()}>
            {creators.isFetchingNextPage ? t('creators.loadingMore') : t('creators.showMore')}
          </Button>
        </div>
      )}
    </>
  );
}
