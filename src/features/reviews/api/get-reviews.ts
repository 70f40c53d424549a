import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoListing } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { reviewKeys } from './keys';

export type PendingReviews = { data: VideoListing[]; totalCount: number };

/** How many more each "Show more" brings. */
export const reviewPageSize = 10;

/**
 * The videos sent to the brand that await its answer, oldest submission first: the one closest
 * to auto-approval leads. review_queue reads them from the pending-review index.
 */
export async function getPendingReviews(brandId: string, limit: number): Promise<PendingReviews> {
  const { data, error, count } = await supabase()
    .from('review_queue')
    .select('*', { count: 'exact' })
    .eq('brand_id', brandId)
    .order('queued_at', { ascending: true })
    .order('id', { ascending: true })
    .range(0, limit - 1);
  if (error) throw toAppError(error, 'reviews_load_failed');
  return { data, totalCount: count ?? data.length };
}

export const pendingReviewsQueryOptions = (brandId: string | undefined, limit: number) =>
  queryOptions({
    queryKey: reviewKeys.pending(brandId, limit),
    queryFn: () => getPendingReviews(brandId!, limit),
    enabled: Boolean(brandId),
    // Showing more keeps the videos already listed on screen while the longer list loads.
    placeholderData: keepPreviousData,
  });

export const usePendingReviews = (brandId: string | undefined, limit: number) => useQuery(pendingReviewsQueryOptions(brandId, limit));
