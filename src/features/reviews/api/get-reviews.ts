import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoListing } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { reviewKeys } from './keys';

export type PendingReviews = { data: VideoListing[]; totalCount: number };

/** How many more each "Show more" brings. */
export const reviewPageSize = 10;

/**
 * The videos sent to the signed-in brand that await its answer, oldest submission first: the
 * one closest to auto-approval leads. review_queue_page() takes the page from the pending
 * reviews first and builds only its rows (a brand may have thousands waiting).
 */
export async function getPendingReviews(limit: number): Promise<PendingReviews> {
  const { data, error } = await supabase().rpc('review_queue_page', { p_offset: 0, p_limit: limit });
  if (error) throw toAppError(error, 'reviews_load_failed');
  return { data: data.rows, totalCount: data.total };
}

export const pendingReviewsQueryOptions = (brandId: string | undefined, limit: number) =>
  queryOptions({
    queryKey: reviewKeys.pending(brandId, limit),
    queryFn: () => getPendingReviews(limit),
    enabled: Boolean(brandId),
    // Showing more keeps the videos already listed on screen while the longer list loads.
    placeholderData: keepPreviousData,
  });

export const usePendingReviews = (brandId: string | undefined, limit: number) => useQuery(pendingReviewsQueryOptions(brandId, limit));
