import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, VideoListing } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { videoKeys, type VideoListFilter } from './keys';

/** A page of videos, newest first, counted on the server (spec §3 paging result). */
export async function getVideos(filter: VideoListFilter): Promise<Page<VideoListing>> {
  const from = (filter.page - 1) * filter.pageSize;
  let query = supabase()
    .from('video_listings')
    .select('*', { count: 'exact' })
    .eq(filter.owner === 'brand' ? 'brand_id' : 'user_id', filter.ownerId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(from, from + filter.pageSize - 1);
  if (filter.campaignOnly) query = query.not('brand_brief_id', 'is', null);
  const { data, error, count } = await query;
  // Past the last page (videos removed meanwhile) is an empty page, not an error.
  if (error && error.code !== 'PGRST103') throw toAppError(error, 'videos_load_failed');
  const totalCount = count ?? 0;
  return { data: data ?? [], totalCount, totalPages: Math.max(1, Math.ceil(totalCount / filter.pageSize)) };
}

export const videosQueryOptions = (filter: VideoListFilter | undefined) =>
  queryOptions({
    queryKey: videoKeys.list(filter ?? { ownerId: '', owner: 'creator', page: 1, pageSize: 10 }),
    queryFn: () => getVideos(filter!),
    enabled: Boolean(filter?.ownerId),
    placeholderData: keepPreviousData,
  });

export const useVideos = (filter: VideoListFilter | undefined) => useQuery(videosQueryOptions(filter));
