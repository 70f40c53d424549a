import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { parseTikTokUrl } from '@shared/tiktok/url';
import { metricsKeys } from '@/features/metrics/api/keys';
import { clearCachedMetrics } from '@/features/metrics/api/metrics-cache';
import { AppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { videoKeys } from './keys';

/** Spec §3's add-to-campaign payload, minus userId, which is always the caller. */
export type AddVideoInput = {
  url: string;
  customTitle?: string;
  brandId?: string | null;
  brandBriefId?: string | null;
  thumbnailUrl?: string | null;
};

export type AddVideoMessages = {
  /** 'You must be logged in to add videos' or '… to add a video', per form. */
  notSignedIn: string;
  /** What a refusal without a known reason says. */
  failed: string;
};

export type AddVideoResult = { isEstimated: boolean; source: string };



const knownServerCodes = new Set([
  'auth_required', 'invalid_url', 'duplicate', 'short_link_offsite', 'other_user', 'opportunity_not_found',
  'brand_not_found', 'brand_brief_mismatch', 'opportunity_not_joined', 'video_unavailable',
]);

/** Spec §4: the URL is checked, then the existing copy, then the video is submitted to tiktok-scraper. */
export async function addVideo(input: AddVideoInput, messages: AddVideoMessages): Promise<AddVideoResult & { userId: string }> {
  const { data: auth } = await supabase().auth.getSession();
  const session = auth.session;
  if (!session) throw new AppError(messages.notSignedIn);
  const parsed = parseTikTokUrl(input.url);
  if (!parsed) throw new AppError('videos:messages.invalidUrl');
  if (parsed.kind === 'video') {
    const { data: existing, error } = await supabase().from('tiktok_videos').select('id').eq('user_id', session.user.id).eq('video_id', parsed.id).maybeSingle();
    if (error) throw new AppError('videos:messages.checkFailed', error.message);
    if (existing) throw new AppError('videos:messages.duplicate');
  }
  const { data, error } = await supabase().functions.invoke('tiktok-scraper', {
    body: { url: input.url.trim(), userId: session.user.id, customTitle: input.customTitle?.trim() || null, brandId: input.brandId || null, brandBriefId: input.brandBriefId || null, thumbnailUrl: input.thumbnailUrl || null },
  });
  if (error) {
    const answer = error instanceof FunctionsHttpError ? await error.context.json().catch(() => null) : null;
    if (answer?.code && knownServerCodes.has(answer.code)) throw new AppError(`videos:serverErrors.${answer.code}`, answer.error);
    // Spec §8: the server's error text is used when given.
    const serverText = typeof answer?.error === 'string' ? answer.error : undefined;
    throw new AppError(messages.failed, serverText ?? error.message, serverText);
  }
  if (!data?.success) throw new AppError(messages.failed, data?.error ?? undefined, data?.error ?? undefined);
  return { isEstimated: Boolean(data.isEstimated), source: String(data.source), userId: session.user.id };
}

/** Adding a video refreshes every video list and the creator's metrics (and their 5-minute cache). */
export function useAddVideo(messages: AddVideoMessages) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddVideoInput) => addVideo(input, messages),
    onSuccess: ({ userId }) => {
      clearCachedMetrics(userId);
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      void queryClient.invalidateQueries({ queryKey: metricsKeys.all });
    },
  });
}
