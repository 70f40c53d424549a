import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { parseTikTokUrl } from '@shared/tiktok/url';
import { functionError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { videoKeys } from './keys';

/** What the add forms learn about a link before adding it: TikTok's caption becomes the name. */
export type VideoPreview = { videoId: string; caption: string | null; title: string; alreadyAdded: boolean };

/** tiktok-scraper with preview: true reads the video's oEmbed and adds nothing. */
export async function previewVideo(url: string): Promise<VideoPreview> {
  const { data, error } = await supabase().functions.invoke('tiktok-scraper', { body: { url: url.trim(), preview: true } });
  if (error) throw await functionError(error, 'video_check_failed');
  return data.preview as VideoPreview;
}

/**
 * The preview of a link as it is typed: asked once per link that parses (a video or a short
 * link), kept for the session. A failure leaves the form as it was: adding says why.
 */
export function useVideoPreview(url: string) {
  const parsed = url.trim() ? parseTikTokUrl(url) : null;
  const key = parsed ? (parsed.kind === 'video' ? parsed.id : parsed.url) : '';
  return useQuery({
    ...queryOptions({ queryKey: videoKeys.preview(key), queryFn: () => previewVideo(url), enabled: Boolean(parsed), staleTime: Infinity, retry: false }),
    placeholderData: keepPreviousData,
  });
}
