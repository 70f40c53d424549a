import type { QueryClient } from '@tanstack/react-query';
import { creatorMetricsQueryOptions } from '@/features/metrics/api/get-creator-metrics';
import { payRatesQueryOptions } from '@/features/metrics/api/get-pay-rates';
import { joinedOpportunitiesQueryOptions } from '@/features/opportunities/api/get-joined-opportunities';
import { opportunitiesQueryOptions } from '@/features/opportunities/api/get-opportunities';
import { latestVideosQueryOptions } from '@/features/videos/api/get-videos';

/**
 * What /dashboard/creator asks for when it mounts (creator-dashboard-page.tsx and the cards in
 * it), started by its route as the page's code loads. The same query options, so the page
 * finds them under way; a test checks it asks for nothing the page does not (dashboard-data.test.tsx).
 */
export async function prefetch(queryClient: QueryClient, userId: string): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(payRatesQueryOptions()),
    queryClient.prefetchQuery(creatorMetricsQueryOptions(userId)),
    queryClient.prefetchQuery(latestVideosQueryOptions('creator', userId)),
    // The Opportunities card, and the add form's list of joined opportunities.
    queryClient.prefetchQuery(opportunitiesQueryOptions({ status: 'open', limit: 3 })),
    queryClient.prefetchQuery(joinedOpportunitiesQueryOptions(userId)),
  ]);
}
