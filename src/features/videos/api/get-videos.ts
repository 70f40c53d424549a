import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, VideoListing } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { videoKeys, type VideoListFilter } from './keys';

/** A page of videos, newest first, counted on the server (spec §3 paging result). */
/**
 * A page of the videos of a creator (or sent to a brand), newest first. The page's ids and the
 * total come from tiktok_videos' own (owner, created_at, id) index, which answers at any depth
 * without touching a row; then only those videos' listings are built. (Asked of video_listings
 * directly, a deep page or the count joined every video's listing first: 633 ms for page 2,500
 * of a creator with 50,000 videos, bench/.)
 */
export async function getVideos(filter: VideoListFilter): Promise<Page<VideoListing>> {
  const from = (filter.page - 1) * filter.pageSize;
  let ids = supabase()
    .from('tiktok_videos')
    .select('id', { count: 'exact' })
    .eq(filter.owner === 'brand' ? 'brand_id' : 'user_id', filter.ownerId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(from, from + filter.pageSize - 1);
  if (filter.campaignOnly) ids = ids.not('brand_brief_id', 'is', null);
  const { data: page, error, count } = await ids;
  // Past the last page (videos removed meanwhile) is an empty page, not an error.
  if (error && error.code !== 'PGRST103') throw toAppError(error, 'videos_load_failed');
  const totalCount = count ?? 0;
  const wanted = (page ?? []).map((row) => row.id);
  let rows: VideoListing[] = [];
  if (wanted.length > 0) {
    const { data, error: listingError } = await supabase().from('video_listings').select('*').in('id', wanted);
    if (listingError) throw toAppError(listingError, 'videos_load_failed');
    const byId = new Map(data.map((row) => [row.id, row]));
    // In the page's order; a video removed between the two requests is left out.
    rows = wanted.flatMap((id) => byId.get(id) ?? []);
  }
  return { data: rows, totalCount, totalPages: Math.max(1, Math.ceil(totalCount / filter.pageSize)) };
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
  const { data, error } = await supabase()
    .from('video_listings')
    .select('*')
    .eq(owner === 'brand' ? 'brand_id' : 'user_id', ownerId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .limit(latestVideoCount);
  if (error) throw toAppError(error, 'videos_load_failed');
  return data;
}

export const latestVideosQueryOptions = (owner: VideoListFilter['owner'], ownerId: string | undefined) =>
  queryOptions({ queryKey: videoKeys.latest(owner, ownerId), queryFn: () => getLatestVideos(owner, ownerId!), enabled: Boolean(ownerId) });

export const useLatestVideos = (owner: VideoListFilter['owner'], ownerId: string | undefined) => useQuery(latestVideosQueryOptions(owner, ownerId));
