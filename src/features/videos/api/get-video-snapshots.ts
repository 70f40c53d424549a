import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoSnapshot } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { videoKeys } from './keys';

/**
 * Far more than one video's history holds: re-measured every few hours for a week,
 * then daily until the counting window ends (ledger_rules), that is some fifty rows.
 */
const maxSnapshots = 1000;

/** Every measurement of a video, oldest first (video_snapshots, indexed by video and time). */
export async function getVideoSnapshots(videoId: string): Promise<VideoSnapshot[]> {
  const { data, error } = await supabase()
    .from('video_snapshots')
    .select('*')
    .eq('tiktok_video_id', videoId)
    .order('measured_at', { ascending: true })
    .order('id', { ascending: true })
    .limit(maxSnapshots);
  if (error) throw toAppError(error, 'snapshots_load_failed');
  return data;
}

export const videoSnapshotsQueryOptions = (videoId: string) =>
  queryOptions({ queryKey: videoKeys.snapshots(videoId), queryFn: () => getVideoSnapshots(videoId) });

export const useVideoSnapshots = (videoId: string) => useQuery(videoSnapshotsQueryOptions(videoId));
