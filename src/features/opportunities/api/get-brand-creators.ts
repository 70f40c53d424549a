import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

export type BrandCreator = {
  id: string;
  /** Null when the creator gave no name. */
  name: string | null;
  tiktokUsername: string | null;
  /** Connected the TikTok account tiktokUsername names. */
  verified: boolean;
  followerCount: number | null;
  /** The titles of the brand's briefs the creator joined, latest first. */
  briefs: string[];
  /** What they did for the brand (for the one brief asked about, if any): videos sent to it, */
  videos: number;
  /** their counted views, */
  countedViews: number;
  /** and the brand's charge for them so far, in satang (brand_metrics' estPay, per creator). */
  spendSatang: number;
};

/** Which creators: all who joined the brand's briefs, or those of one brief; or one creator. */
export type BrandCreatorsFilter = { briefId?: string; creatorId?: string };

/** Where the next page starts: after the creator shown last (when they last joined, and their id). */
export type BrandCreatorsCursor = { at: string; id: string };

export type BrandCreatorsPage = { creators: BrandCreator[]; hasMore: boolean; next?: BrandCreatorsCursor };

/** Creators per page of /dashboard/creators. */
export const brandCreatorsPageSize = 20;

/**
 * One page of the creators who joined a brand's briefs, one entry per creator with the briefs
 * they joined, the latest joiner first (brand_creators: grouped and paged on the server; only
 * the brand itself or an admin gets rows). One row more than a page is asked for, to know
 * whether another page exists; the next page is read after the last creator shown (keyset: the
 * creators before it are not read again).
 */
export async function getBrandCreators(
  brandId: string,
  { after, limit = brandCreatorsPageSize, briefId, creatorId }: { after?: BrandCreatorsCursor; limit?: number } & BrandCreatorsFilter = {},
): Promise<BrandCreatorsPage> {
  const { data, error } = await supabase().rpc('brand_creators', {
    p_brand: brandId,
    p_limit: limit + 1,
    ...(after ? { p_after_at: after.at, p_after: after.id } : {}),
    ...(briefId ? { p_brief: briefId } : {}),
    ...(creatorId ? { p_creator: creatorId } : {}),
  });
  if (error) throw toAppError(error, 'opportunities_load_failed');
  return {
    creators: data.slice(0, limit).map((row) => ({
      id: row.creator_id,
      // The generated types call every column of a returned table non-null; these may be null.
      name: row.name || null,
      tiktokUsername: row.tiktok_username ?? null,
      verified: row.tiktok_verified === true,
      followerCount: row.follower_count ?? null,
      briefs: row.briefs ?? [],
      videos: Number(row.videos),
      countedViews: Number(row.counted_views),
      spendSatang: Number(row.charged_satang),
    })),
    hasMore: data.length > limit,
    next: data.length > limit ? { at: data[limit - 1].last_joined_at, id: data[limit - 1].creator_id } : undefined,
  };
}

export const brandCreatorsQueryOptions = (brandId: string | undefined, filter: BrandCreatorsFilter = {}) =>
  infiniteQueryOptions({
    queryKey: opportunityKeys.creators(brandId, filter),
    queryFn: ({ pageParam }) => getBrandCreators(brandId!, { after: pageParam, ...filter }),
    initialPageParam: undefined as BrandCreatorsCursor | undefined,
    getNextPageParam: (last: BrandCreatorsPage) => last.next,
    enabled: Boolean(brandId),
  });

export const useBrandCreators = (brandId: string | undefined, filter: BrandCreatorsFilter = {}) => useInfiniteQuery(brandCreatorsQueryOptions(brandId, filter));

/** One creator's row for the brand (and brief): the heading of the brand's Videos page filtered to them. */
export const brandCreatorQueryOptions = (brandId: string | undefined, filter: BrandCreatorsFilter) =>
  queryOptions({
    queryKey: [...opportunityKeys.creators(brandId, filter), 'one'] as const,
    queryFn: async () => (await getBrandCreators(brandId!, { ...filter, limit: 1 })).creators[0] ?? null,
    enabled: Boolean(brandId && filter.creatorId),
  });

export const useBrandCreator = (brandId: string | undefined, filter: BrandCreatorsFilter) => useQuery(brandCreatorQueryOptions(brandId, filter));
