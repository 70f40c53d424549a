import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FraudSignal, SignalDetail, VideoListing } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { pageArgs, toKeysetPage, type KeysetPage } from '@/lib/paging';
import { supabase } from '@/lib/supabase';
import { adminKeys, adminPageSize, type VideoListFilter } from './keys';

export type AdminVideoRow = VideoListing & { signals: FraudSignal[]; signal_details: SignalDetail[] };

/** Whether an admin excluded the video from pay (the ledger's admin_excluded). */
export const isExcluded = (video: VideoListing) => video.excluded_reason === 'admin_excluded';

export type AdminVideoPage = KeysetPage<AdminVideoRow> & { rows: AdminVideoRow[] };

/** admin_list_videos(): a page of every video, searched, filtered or sorted by signal (keyset: src/lib/paging.ts). */
export async function listVideos(filter: VideoListFilter): Promise<AdminVideoPage> {
  const { data, error } = await supabase().rpc('admin_list_videos', {
    p_search: filter.search.trim(),
    p_signal: filter.signal === 'all' ? undefined : filter.signal,
    p_sort: filter.sort,
    ...pageArgs(filter.page),
    p_limit: adminPageSize,
  });
  if (error) throw toAppError(error, 'videos_load_failed');
  const page = toKeysetPage(data, adminPageSize, (row) => row.id);
  return { ...page, rows: page.data };
}

export const adminVideosQueryOptions = (filter: VideoListFilter) =>
  queryOptions({ queryKey: adminKeys.videos(filter), queryFn: () => listVideos(filter), placeholderData: keepPreviousData });

export const useAdminVideos = (filter: VideoListFilter) => useQuery(adminVideosQueryOptions(filter));
