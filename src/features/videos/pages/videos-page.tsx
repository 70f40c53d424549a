import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/auth/api/use-auth';
import { useJoinedOpportunities } from '@/features/opportunities/api/get-joined-opportunities';
import { runtimeConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { AddVideoForm } from '../components/add-video-form';
import { CreatorSummary } from '../components/creator-summary';
import { EstimatedNotice } from '../components/estimated-notice';
import { VideoList } from '../components/video-list';
import { ViewSplitSummary } from '../components/view-split-summary';
import { formatPageAt, isFirstPage, type PageAt } from '@/lib/paging';
import { videoListView, videosPageSize as pageSize } from './videos-page-view';

/**
 * /dashboard/videos — My Videos (spec §2). One add form at a time, first on the page (issue 33):
 * a creator's All Videos tab has the paste box, the Brand Campaign tab its campaign form (on the
 * campaign of ?brief=, "add a video to this campaign"), beside that tab's list; then how the
 * views count, and the list. Brands add nothing; admins have the paste box.
 */
export default function VideosPage() {
  const { t } = useTranslation('videos');
  const { user, userType } = useAuth();
  const [params, setParams] = useSearchParams();
  const isCreator = userType === 'creator';
  const { tab, page, creatorId, briefId } = videoListView(params, isCreator);
  // The next step after joining a campaign: its add form, on that campaign.
  const briefParam = params.get('brief') ?? undefined;
  const joined = useJoinedOpportunities(isCreator ? user?.id : undefined);
  const startBrief = (joined.data ?? []).some((brief) => brief.id === briefParam) ? briefParam : undefined;

  const goTo = (next: { tab?: string; page?: PageAt }) => {
    const search = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    if (nextTab === 'campaign') search.set('tab', 'campaign');
    if (next.page && !isFirstPage(next.page)) search.set('page', formatPageAt(next.page));
    if (creatorId) search.set('creator', creatorId);
    if (briefId) search.set('brief', briefId);
    setParams(search);
  };

  const owner = userType === 'brand' ? 'brand' : 'creator';
  // Only a brand's list is filtered by creator and brief (a creator's ?brief= picks the add form's campaign).
  const filter = owner === 'brand' ? { creatorId, briefId } : {};
  const list = (campaignOnly: boolean) =>
    user && <VideoList filter={{ ownerId: user.id, owner, page, pageSize, campaignOnly, ...filter }} onPage={(next) => goTo({ page: next })} showCreator={owner === 'brand'} />;

  // How the views count, under the add form: the notice, the sandbox's note and the figures.
  const about = (
    <>
      <EstimatedNotice />
      {runtimeConfig().tiktokSandbox && (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <FlaskConical aria-hidden className="size-4" />
          {t('sandboxNotice')}
        </p>
      )}
      {/* A brand's list of one creator: what that creator did for it, instead of the brand's totals. */}
      {user && userType === 'brand' && creatorId ? (
        <CreatorSummary brandId={user.id} creatorId={creatorId} briefId={briefId} />
      ) : (
        user && (userType === 'creator' || userType === 'brand') && <ViewSplitSummary userId={user.id} userType={userType} />
      )}
    </>
  );

  if (!isCreator) {
    return (
      <div className="space-y-6">
        {/* Brands see the videos creators made for them; adding videos is the creators' part. */}
        {userType !== 'brand' && <AddVideoForm variant="paste" />}
        {about}
        {list(false)}
      </div>
    );
  }

  return (
    <Tabs value={tab} onValueChange={(next) => goTo({ tab: next })}>
      <TabsList aria-label={t('tabs.label')}>
        <TabsTrigger value="all">{t('tabs.all')}</TabsTrigger>
        <TabsTrigger value="campaign">{t('tabs.campaign')}</TabsTrigger>
      </TabsList>
      <TabsContent value="all" className="space-y-6">
        <AddVideoForm variant="paste" />
        {about}
        {list(false)}
      </TabsContent>
      <TabsContent value="campaign">
        {joined.isPending ? (
          <Spinner className="mx-auto size-8" />
        ) : (joined.data ?? []).length === 0 ? (
          <div className="space-y-6">
            <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
              <p className="font-semibold">{t('notJoined')}</p>
              <Link to={paths.dashboard.opportunities.getHref()} className={buttonClasses({ className: 'mt-4' })}>
                {t('browseOpportunities')}
              </Link>
            </div>
            {about}
          </div>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[20rem_1fr] lg:items-start">
            {/* Made again once the campaign just joined is in the list (it may still be refetching). */}
            <AddVideoForm key={startBrief ?? ''} variant="campaign" briefId={startBrief} />
            <div className="min-w-0 space-y-6">
              {about}
              <section aria-label={t('campaignListTitle')}>{list(true)}</section>
            </div>
          </div>
        )}
      </TabsContent>
    </Tabs>
  );
}
