import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { VerifiedMark } from '@/components/verified-mark';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/use-auth';
import { useLanguage } from '@/i18n/use-language';
import { formatNumber } from '@/lib/format';
import { useBrandCreators } from '../api/get-brand-creators';

/** /dashboard/creators (content not in the spec): the creators who joined this brand's opportunities, a page at a time. */
export default function CreatorsPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const creators = useBrandCreators(user?.id);
  const language = useLanguage();
  if (creators.isPending) return <Spinner className="mx-auto size-8" />;
  const list = creators.data?.pages.flatMap((page) => page.creators) ?? [];
  if (list.length === 0) return <EmptyState icon={Users} title={t('empty.creatorsTitle')} description={t('empty.creatorsText')} />;
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2">
        {list.map((creator) => (
          <li key={creator.id}>
            <Card>
              <p className="flex items-center gap-1 font-semibold">
                {creator.name ?? t('creators.unknown')}
                {creator.verified && <VerifiedMark />}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {creator.tiktokUsername && t('creators.tiktok', { username: creator.tiktokUsername })}
                {creator.tiktokUsername && creator.followerCount !== null && ' · '}
                {creator.followerCount !== null && t('creators.followers', { count: creator.followerCount, formatted: formatNumber(creator.followerCount, language) })}
              </p>
              <p className="mt-2 text-sm">{t('creators.joined', { briefs: creator.briefs.join(', ') })}</p>
            </Card>
          </li>
        ))}
      </ul>
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
