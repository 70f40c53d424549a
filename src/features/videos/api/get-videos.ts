import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoListing } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { pageArgs, toKeysetPage, toPageAt, type KeysetPage } from '@/lib/paging';
import { supabase } from '@/lib/supabase';
import { videoKeys, type VideoListFilter } from './keys';

/**
 * A page of the videos of a creator (or sent to a brand), newest first, with the total.
 * video_listing_page() reads the page from tiktok_videos' own (owner, created_at, id) index,
 * from the row paged from (keyset) or from the nearer end of the list, so any page answers as
 * fast as the first; it builds only those videos' listings, and keeps its plans (the listing
 * view costs more to plan than to read ten rows of; bench/). The total comes from the running
 * totals (one brief's videos: counted up to 10,000).
 */
export async function getVideos(filter: VideoListFilter): Promise<KeysetPage<VideoListing>> {
  const { data, error } = await supabase().rpc('video_listing_page', {
    p_user: filter.ownerId,
    p_owner: filter.owner,
    ...pageArgs(toPageAt(filter.page)),
    p_limit: filter.pageSize,
    p_campaign_only: filter.campaignOnly ?? false,
    ...(filter.creatorId ? { p_creator: filter.creatorId } : {}),
    ...(filter.briefId ? { p_brief: filter.briefId } : {}),
  });
  if (error) throw toAppError(error, 'videos_load_failed');
  return toKeysetPage(data, filter.pageSize, (row) => row.id);
}

export const videosQueryOptions = (filter: VideoListFilter | undefined) =>
  queryOptions({
    queryKey: videoKeys.list(filter ?? { ownerId: '', owner: 'creator', page: 1, pageSize: 10 }),
    queryFn: () => getVideos(filter!),
    enabled: Boolean(filter?.ownerId),
    placeholderData: keepPreviousData,
  });

export const useVideos = (filter: VideoListFilter | undefined) => useQuery(videosQueryOptions(filter));

/** How many videos a dashboard shows. */
export const latestVideoCount = 6;

/**
 * A dashboard's latest videos, without a total: counting would visit every video of an account
 * with thousands, and the dashboard's cards give the totals (from the metrics).
 */
export async function getLatestVideos(owner: VideoListFilter['owner'], ownerId: string): Promise<VideoListing[]> {
  const { data, error } = await supabase().rpc('video_listing_page', { p_user: ownerId, p_owner: owner, p_limit: latestVideoCount, p_count: false });
  if (error) throw toAppError(error, 'videos_load_failed');
  return data.rows;
}

export const latestVideosQueryOptions = (owner: VideoListFilter['owner'], ownerId: string | undefined) =>
  queryOptions({ queryKey: videoKeys.latest(owner, ownerId), queryFn: () => getLatestVideos(owner, ownerId!), enabled: Boolean(ownerId) });

export const useLatestVideos = (owner: VideoListFilter['owner'], ownerId: string | undefined) => useQuery(latestVideosQueryOptions(owner, ownerId));
