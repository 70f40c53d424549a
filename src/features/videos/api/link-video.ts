import { useMutation, useQueryClient } from '@tanstack/react-query';
import { metricsKeys } from '@/features/metrics/api/keys';
import { clearCachedMetrics } from '@/features/metrics/api/metrics-cache';
import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { videoKeys } from './keys';

/** A campaign to link a video to (its brand follows from it), or null to remove the link. */
export type LinkVideoInput = { videoId: string; brandBriefId: string | null };

/**
 * Spec §7's update of brand_id and brand_brief_id, by user_id and video_id: links one of the
 * caller's videos to a campaign they joined, changes the link or removes it. The database
 * decides (private.check_video_links): only joined campaigns, and a video the brand approved
 * stays with its campaign (video_link_locked). Linking submits the video for review.
 */
export async function linkVideo({ videoId, brandBriefId }: LinkVideoInput): Promise<{ userId: string }> {
  const { data: auth } = await supabase().auth.getSession();
  const userId = auth.session?.user.id;
  if (!userId) throw new AppError('not_signed_in_add_video');
  const { data, error } = await supabase()
    .from('tiktok_videos')
    // The brand comes from the campaign (the database fills it in).
    .update({ brand_id: null, brand_brief_id: brandBriefId })
    .eq('user_id', userId)
    .eq('video_id', videoId)
    .select('id');
  if (error) throw toAppError(error, 'campaign_add_failed');
  // Row-level security hides another creator's video: nothing matched.
  if (data.length !== 1) throw new AppError('not_allowed');
  return { userId };
}

/** A changed link changes the lists, the review queue and the creator's figures. */
export function useLinkVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkVideo,
    onSuccess: ({ userId }) => {
      clearCachedMetrics(userId);
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      void queryClient.invalidateQueries({ queryKey: metricsKeys.all });
    },
  });
}
