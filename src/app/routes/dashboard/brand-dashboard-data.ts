import type { QueryClient } from '@tanstack/react-query';
import { brandMetricsQueryOptions } from '@/features/metrics/api/get-brand-metrics';
import { ledgerRulesQueryOptions } from '@/features/metrics/api/get-ledger-rules';
import { payRatesQueryOptions } from '@/features/metrics/api/get-pay-rates';
import { budgetHistoryQueryOptions } from '@/features/opportunities/api/get-budget-history';
import { budgetedBriefsQueryOptions } from '@/features/opportunities/api/get-budgeted-briefs';
import { ownBriefsQueryOptions } from '@/features/opportunities/api/save-brief';
import { pendingReviewsQueryOptions } from '@/features/reviews/api/get-reviews';
import { latestVideosQueryOptions } from '@/features/videos/api/get-videos';

/**
 * What /dashboard/brand asks for when it mounts (brand-dashboard-page.tsx and the cards in it),
 * started by its route as the page's code loads. The same query options, so the page finds
 * them under way; a test checks it asks for nothing the page does not (dashboard-data.test.tsx).
 */
export async function prefetch(queryClient: QueryClient, userId: string): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(payRatesQueryOptions()),
    queryClient.prefetchQuery(brandMetricsQueryOptions(userId)),
    queryClient.prefetchQuery(latestVideosQueryOptions('brand', userId)),
    // To review, and the auto-approval delay its intro quotes.
    queryClient.prefetchInfiniteQuery(pendingReviewsQueryOptions(userId)),
    queryClient.prefetchQuery(ledgerRulesQueryOptions()),
    // The Brief card: the brand's briefs to pick from (useOwnBriefs' query).
    queryClient.prefetchQuery(ownBriefsQueryOptions(userId)),
    // The budget cards: the budgeted briefs (a few at most), then each one's history as soon as they are known.
    prefetchBudgets(queryClient, userId),
  ]);
}

async function prefetchBudgets(queryClient: QueryClient, userId: string): Promise<void> {
  const options = budgetedBriefsQueryOptions(userId);
  await queryClient.prefetchQuery(options);
  const briefs = queryClient.getQueryData(options.queryKey) ?? [];
  await Promise.all(briefs.map((brief) => queryClient.prefetchQuery(budgetHistoryQueryOptions(brief.id))));
}
