import type { QueryClient } from '@tanstack/react-query';
import { brandMetricsQueryOptions } from '@/features/metrics/api/get-brand-metrics';
import { creatorMetricsQueryOptions } from '@/features/metrics/api/get-creator-metrics';
import { brandCreatorQueryOptions } from '@/features/opportunities/api/get-brand-creators';
import { joinedOpportunitiesQueryOptions } from '@/features/opportunities/api/get-joined-opportunities';
import { storedUserType } from '@/lib/session';
import { videosQueryOptions } from '../api/get-videos';
import { videoListView, videosPageSize } from './videos-page-view';

/**
 * What /dashboard/videos asks for when it mounts (videos-page.tsx: the view split, the list's
 * page from the address, and a creator's joined campaigns), started by its route as the page's
 * code loads. The account type is the stored session's guess; a wrong guess only asks for
 * something the page then does not use. A test checks it asks for nothing the page does not
 * (dashboard-data.test.tsx).
 */
export async function prefetch(queryClient: QueryClient, userId: string, search: URLSearchParams): Promise<void> {
  const userType = storedUserType();
  if (userType !== 'creator' && userType !== 'brand') return;
  const { page, campaignOnly, creatorId, briefId } = videoListView(search, userType === 'creator');
  const requests = [queryClient.prefetchQuery(videosQueryOptions({ ownerId: userId, owner: userType, page, pageSize: videosPageSize, campaignOnly, creatorId, briefId }))];
  if (userType === 'creator') {
    requests.push(queryClient.prefetchQuery(creatorMetricsQueryOptions(userId)), queryClient.prefetchQuery(joinedOpportunitiesQueryOptions(userId)));
  } else if (creatorId) {
    requests.push(queryClient.prefetchQuery(brandCreatorQueryOptions(userId, { creatorId, briefId })));
  } else {
    requests.push(queryClient.prefetchQuery(brandMetricsQueryOptions(userId)));
  }
  await Promise.all(requests);
}
