import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Database } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { reviewKeys } from './keys';

type ReviewQueueRow = Database['public']['Views']['review_queue']['Row'];

/** A batch of the brand's videos awaiting its answer, and how many await in all (up to 10,000: exact false beyond). */
export type PendingReviews = { data: ReviewQueueRow[]; totalCount: number; exact: boolean; hasMore: boolean };

/** Where "Show more" reads from: the last video shown (its queued_at and id). */
export type ReviewCursor = { at: string; id: string };

/** How many more each "Show more" brings. */
export const reviewPageSize = 10;

/**
 * The videos sent to the signed-in brand that await its answer, oldest submission first: the
 * one closest to auto-approval leads. review_queue_page() reads the batch after the last video
 * shown from the pending reviews' own index (keyset: no video shown before is read again, a
 * brand may have thousands waiting) and builds only its rows.
 */
export async function getPendingReviews(after?: ReviewCursor): Promise<PendingReviews> {
  const { data, error } = await supabase().rpc('review_queue_page', { p_limit: reviewPageSize, ...(after ? { p_after_at: after.at, p_after: after.id } : {}) });
  if (error) throw toAppError(error, 'reviews_load_failed');
  const rows = data.rows ?? [];
  return { data: rows, totalCount: data.total ?? rows.length, exact: data.exact ?? true, hasMore: data.has_next ?? false };
}

export const pendingReviewsQueryOptions = (brandId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.pending(brandId),
    queryFn: ({ pageParam }) => getPendingReviews(pageParam),
    initialPageParam: undefined as ReviewCursor | undefined,
    getNextPageParam: (last: PendingReviews): ReviewCursor | undefined => {
      const video = last.data.at(-1);
      return last.hasMore && video?.queued_at ? { at: video.queued_at, id: video.id } : undefined;
    },
    enabled: Boolean(brandId),
  });

export const usePendingReviews = (brandId: string | undefined) => useInfiniteQuery(pendingReviewsQueryOptions(brandId));
