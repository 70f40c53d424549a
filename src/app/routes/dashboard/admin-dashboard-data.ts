import type { QueryClient } from '@tanstack/react-query';
import { usersQueryOptions } from '@/features/admin/api/list-users';
import { adminVideosQueryOptions } from '@/features/admin/api/list-videos';
import { adminMetricsQueryOptions } from '@/features/metrics/api/get-admin-metrics';
import { payRatesQueryOptions } from '@/features/metrics/api/get-pay-rates';
import { adminView } from './admin-dashboard-view';

/**
 * What /dashboard/admin asks for when it mounts (admin-dashboard-page.tsx: the cards and the
 * open tab's list), started by its route as the page's code loads. A test checks it asks for
 * nothing the page does not (dashboard-data.test.tsx).
 */
export async function prefetch(queryClient: QueryClient, _userId: string, search: URLSearchParams): Promise<void> {
  const { tab, users, content } = adminView(search);
  const requests = [queryClient.prefetchQuery(adminMetricsQueryOptions())];
  if (tab === 'users') requests.push(queryClient.prefetchQuery(usersQueryOptions(users)));
  if (tab === 'content') requests.push(queryClient.prefetchQuery(adminVideosQueryOptions(content)), queryClient.prefetchQuery(payRatesQueryOptions()));
  await Promise.all(requests);
}
