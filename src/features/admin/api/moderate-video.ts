import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { metricsKeys } from '@/features/metrics/api/keys';
import { briefSpendKeys } from '@/features/opportunities/api/keys';
import { videoKeys } from '@/features/videos/api/keys';
import { parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import { reasonSchema } from './moderate-user';

export const videoModerationSchema = z.object({ reason: reasonSchema });
export type VideoModerationInput = { videoId: string; exclude: boolean } & z.output<typeof videoModerationSchema>;

/** admin_exclude_video() or admin_reinstate_video(): a video out of pay, or back in, with a reason. */
export async function moderateVideo(input: VideoModerationInput): Promise<void> {
  const { reason } = parseOrThrow(videoModerationSchema.safeParse({ reason: input.reason }));
  const { error } = await supabase().rpc(input.exclude ? 'admin_exclude_video' : 'admin_reinstate_video', { p_video: input.videoId, p_reason: reason });
  if (error) throw toAppError(error, 'moderation_failed');
}

/** Changes the content list, the audit log, every figure and every list showing the video, and what its brief spent. */
export function useModerateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateVideo,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: metricsKeys.all });
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      for (const queryKey of briefSpendKeys()) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
