import { Briefcase } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/load-failed';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/auth/api/use-auth';
import { useLanguage } from '@/i18n/use-language';
import type { BriefListing, BriefStatus } from '@/lib/database';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useJoinedOpportunities } from '../api/get-joined-opportunities';
import { flattenOpportunityPages, opportunityPageSize, useOpportunity, useOpportunityPages } from '../api/get-opportunities';
import { useJoinOpportunity } from '../api/join-opportunity';
import { useUpdateOpportunityStatus } from '../api/update-opportunity-status';
import { BriefDialog } from '../components/brief-dialog';
import type { BriefViewer } from '../components/brief-terms';
import { BudgetDialog } from '../components/budget-dialog';
import { CreateOpportunityForm } from '../components/create-opportunity-form';
import { addVideoHref, CreatorActions } from '../components/creator-actions';
import { EditOpportunityDialog } from '../components/edit-opportunity-dialog';
import { OpportunityCard } from '../components/opportunity-card';
import { StatusLegend } from '../components/status-legend';

const statuses = ['all', 'open', 'matched', 'closed'] as const;
type Tab = (typeof statuses)[number];

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /dashboard/opportunities (spec §2): browse by status, read, join, add a video and leave
 * (creators), publish, edit and manage (brands: their own first, every brand's under
 * ?scope=all). The list comes 20 briefs at a time, newest first; a filter starts again from the top.
 */
export default function OpportunitiesPage() {
  const { t } = useTranslation(['opportunities', 'common']);
  const { user, userType, loading } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab: Tab = statuses.find((status) => status === params.get('status')) ?? 'all';
  const brandFilter = params.get('brand') ?? undefined;
  const isCreator = userType === 'creator';
  const isBrand = userType === 'brand';
  const language = useLanguage();
  const navigate = useNavigate();
  // A brand manages its own campaigns here: other brands' only when asked (issue 15).
  const ownScope = isBrand && !brandFilter && params.get('scope') !== 'all';
  const brandId = brandFilter ?? (ownScope ? user?.id : undefined);

  // Which list depends on who is asking: it waits for the profile.
  const list = useOpportunityPages({ status: tab, brandId }, !loading);
  const joined = useJoinedOpportunities(isCreator ? user?.id : undefined);
  const join = useJoinOpportunity();
  const changeStatus = useUpdateOpportunityStatus();
  const [reading, setReading] = useState<string | null>(params.get('brief'));
  const joinedIds = new Set((joined.data ?? []).map((brief) => brief.id));

  useEffect(() => {
    if (list.isError) toast.error(t('messages.loadFailed'));
  }, [list.isError, t]);

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const { briefs, totalCount } = flattenOpportunityPages(list.data);
  const listed = briefs.find((brief) => brief.id === reading);
  // A link may name a brief past the pages loaded (the dashboard card's newest open ones, under All): read it alone.
  const linked = useOpportunity(reading, !listed && Boolean(reading && uuid.test(reading)));
  const selected = listed ?? (reading && linked.data?.id === reading ? linked.data : null);
  const brandName = brandFilter ? briefs[0]?.brand_name : undefined;
  const viewerOf = (brief: BriefListing): BriefViewer =>
    isCreator ? 'creator' : isBrand && brief.brand_id === user?.id ? 'owner' : userType === 'admin' ? 'admin' : 'other';

  const onJoin = (briefId: string) =>
    join.mutate(
      { briefId, isCreator },
      {
        // The next step, one tap away: add a video to the campaign just joined.
        onSuccess: () => toast.success(t('messages.joined'), { action: { label: t('next.addVideo'), onClick: () => void navigate(addVideoHref(briefId)) } }),
      },
    );
  const joinStateOf = (brief: BriefListing) => ({
    joined: joinedIds.has(brief.id),
    pending: join.isPending && join.variables?.briefId === brief.id,
    onJoin: () => onJoin(brief.id),
  });
  const onStatus = (briefId: string, status: BriefStatus) =>
    changeStatus.mutate(
      { briefId, status },
      {
        onSuccess: () => toast.success(t('messages.statusChanged', { status: t(`status.${status}`) })),
      },
    );

  return (
    <div className="space-y-6">
      {isBrand && <CreateOpportunityForm />}
      {isBrand && !brandFilter && (
        <div role="group" aria-label={t('scope.label')} className="flex flex-wrap gap-2">
          <Button variant={ownScope ? 'primary' : 'secondary'} size="sm" aria-pressed={ownScope} onClick={() => setParam('scope', null)}>
            {t('scope.mine')}
          </Button>
          <Button variant={ownScope ? 'secondary' : 'primary'} size="sm" aria-pressed={!ownScope} onClick={() => setParam('scope', 'all')}>
            {t('scope.all')}
          </Button>
        </div>
      )}
      {brandFilter && (
        <p className="flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:bg-brand-800/30 dark:text-brand-100">
          {brandName ? t('fromBrand', { brand: brandName }) : null}
          <Link to={paths.dashboard.opportunities.getHref()} className="font-semibold underline underline-offset-4">
            {t('showAll')}
          </Link>
        </p>
      )}
      <Tabs value={tab} onValueChange={(value) => setParam('status', value === 'all' ? null : value)}>
        <TabsList aria-label={t('tabs.label')}>
          {statuses.map((status) => (
            <TabsTrigger key={status} value={status}>
              {t(`tabs.${status}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <StatusLegend />
        {statuses.map((status) => (
          <TabsContent key={status} value={status}>
            {status !== tab ? null : list.isPending ? (
              <p role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600 dark:text-slate-300">
                <Spinner /> {t('loading')}
              </p>
            ) : list.isError && !list.data ? (
              // Spec §4 falls back to built-in sample data here; showing invented briefs as real would mislead.
              <LoadFailed title={t('messages.loadFailed')} onRetry={() => void list.refetch()} retrying={list.isFetching} />
            ) : briefs.length === 0 ? (
              <EmptyState icon={Briefcase} title={ownScope ? t('emptyOwn') : t('empty')} />
            ) : (
              <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {briefs.map((brief) => (
                  <OpportunityCard
                    key={brief.id}
                    brief={brief}
                    viewer={viewerOf(brief)}
                    onRead={() => setReading(brief.id)}
                    join={isCreator ? joinStateOf(brief) : undefined}
                    manage={
                      isBrand && brief.brand_id === user?.id
                        ? {
                            pending: changeStatus.isPending && changeStatus.variables?.briefId === brief.id,
                            onStatus: (next) => onStatus(brief.id, next),
                            budget: <BudgetDialog brief={brief} />,
                          }
                        : undefined
                    }
                  />
                ))}
              </div>
            )}
            {status === tab && briefs.length > 0 && totalCount > opportunityPageSize && (
              <div className="mt-6 flex flex-col items-center gap-3">
                <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-400">
                  {t('shownOf', { shown: formatNumber(briefs.length, language), total: formatNumber(totalCount, language) })}
                </p>
                {list.hasNextPage && (
                  <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                    {list.isFetchingNextPage ? t('common:loading') : t('showMore')}
                  </Button>
                )}
              </div>
            )}
          </TabsContent>
        ))}
      </Tabs>
      <BriefDialog
        brief={selected}
        viewerOf={viewerOf}
        actionsOf={(brief) =>
          isCreator ? (
            <CreatorActions brief={brief} join={joinStateOf(brief)} idPrefix="dialog" />
          ) : isBrand && brief.brand_id === user?.id ? (
            <EditOpportunityDialog brief={brief} />
          ) : null
        }
        onClose={() => {
          setReading(null);
          if (params.get('brief')) setParam('brief', null);
        }}
      />
    </div>
  );
}
