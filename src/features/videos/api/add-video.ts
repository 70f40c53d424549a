import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { mentionsTikTokDomain, parseTikTokUrl } from '@shared/tiktok/url';
import { metricsKeys } from '@/features/metrics/api/keys';
import { clearCachedMetrics } from '@/features/metrics/api/metrics-cache';
import { AppError, functionError, toAppError } from '@/lib/errors';
import type { RefusalFields } from '@/lib/field-errors';
import { supabase } from '@/lib/supabase';
import { textLimits } from '@/lib/text-limits';
import { videoKeys } from './keys';
import { linkVideo } from './link-video';

export const addVideoVariants = ['dashboard', 'paste', 'campaign'] as const;
export type AddVideoVariant = (typeof addVideoVariants)[number];

/**
 * The add-video forms' shape (spec §5), one schema for the three places a video is added.
 * The variant travels with the values: the creator dashboard needs URL and name and a brand
 * or an opportunity, with a URL that parses; My Videos' paste box a URL naming TikTok; the
 * Brand Campaign tab URL, name and campaign. Whether the link is a real video, a duplicate,
 * or one the creator may link is the API's and the database's to say.
 */
export const addVideoFormSchema = z
  .object({
    variant: z.enum(addVideoVariants),
    url: z.string().trim().max(textLimits.videoUrl, 'videos:messages.urlTooLong'),
    customTitle: z.string().trim().max(textLimits.videoTitle, 'videos:messages.nameTooLong').default(''),
    brandId: z.string().default(''),
    brandBriefId: z.string().default(''),
  })
  .superRefine(({ variant, url, customTitle, brandId, brandBriefId }, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (variant === 'paste') {
      if (!url) return fail('videos:messages.enterUrl', 'url');
      if (!mentionsTikTokDomain(url)) return fail('videos:messages.validUrl', 'url');
    }
    if (variant === 'campaign' && (!url || !customTitle || !brandBriefId)) return fail('videos:messages.fillAll', !url ? 'url' : !customTitle ? 'customTitle' : 'brandBriefId');
    if (variant === 'dashboard') {
      if (!url || !customTitle) return fail('videos:messages.fillUrlAndName', !url ? 'url' : 'customTitle');
      if (!brandId && !brandBriefId) return fail('videos:messages.selectBrandOrOpportunity', 'brandId');
      if (!parseTikTokUrl(url)) return fail('videos:messages.invalidUrlFormat', 'url');
    }
  });

export type AddVideoFormInput = z.input<typeof addVideoFormSchema>;

type AddVideoField = 'url' | 'customTitle' | 'brandId' | 'brandBriefId';

/** Refusals about the video itself (its link): shown under the link. */
const linkRefusals = ['invalid_url', 'short_link_offsite', 'short_link_unresolved', 'duplicate', 'video_unavailable', 'video_claimed', 'posted_before_brief', 'posted_after_deadline'] as const;
/** Refusals about the campaign (or brand) the video is for. */
const campaignRefusals = ['opportunity_not_joined', 'opportunity_not_open', 'opportunity_not_found', 'brand_brief_mismatch', 'budget_reached', 'video_rejected_by_brand', 'video_link_locked'] as const;

/**
 * Which field of an add form a refusal of the video is shown under (issue 33): the link, the
 * name (the database's length), or the campaign (the brand when only a brand was chosen).
 */
export function addVideoRefusalFields(values: { brandBriefId?: string }): RefusalFields<AddVideoField> {
  const campaignField: AddVideoField = values.brandBriefId ? 'brandBriefId' : 'brandId';
  return {
    codes: {
      ...Object.fromEntries(linkRefusals.map((code) => [code, 'url'])),
      ...Object.fromEntries(campaignRefusals.map((code) => [code, campaignField])),
      brand_not_found: 'brandId',
    },
    constraints: { tiktok_videos_title_check: 'customTitle' },
  };
}

/** Spec §3's add-to-campaign payload, minus userId, which is always the caller. */
export type AddVideoInput = {
  url: string;
  customTitle?: string;
  brandId?: string | null;
  brandBriefId?: string | null;
  thumbnailUrl?: string | null;
};

/** linked: the video was added before, and this form linked it to the campaign instead. */
export type AddVideoResult = { isEstimated: boolean; source: string; linked?: boolean };


/**
 * Spec §4: the URL is checked, then the existing copy, then the video is submitted to
 * tiktok-scraper. A video added before is not refused when a campaign is chosen: it is linked
 * to it (issue 15: a video added without a campaign can still earn).
 */
export async function addVideo(input: AddVideoInput): Promise<AddVideoResult & { userId: string }> {
  const { data: auth } = await supabase().auth.getSession();
  const session = auth.session;
  if (!session) throw new AppError('not_signed_in_add_video');
  // The URL preview's own parser: a link that cannot be a TikTok video never leaves the browser.
  const parsed = parseTikTokUrl(input.url);
  if (!parsed) throw new AppError('invalid_url');
  if (parsed.kind === 'video') {
    const { data: existing, error } = await supabase().from('tiktok_videos').select('id').eq('user_id', session.user.id).eq('video_id', parsed.id).maybeSingle();
    if (error) throw toAppError(error, 'video_check_failed');
    if (existing && input.brandBriefId) {
      await linkVideo({ videoId: parsed.id, brandBriefId: input.brandBriefId });
      return { isEstimated: false, source: 'linked', linked: true, userId: session.user.id };
    }
    if (existing) throw new AppError('duplicate');
  }
  const failed = input.brandId || input.brandBriefId ? 'campaign_add_failed' : 'video_add_failed';
  const { data, error } = await supabase().functions.invoke('tiktok-scraper', {
    body: { url: input.url.trim(), userId: session.user.id, customTitle: input.customTitle?.trim() || null, brandId: input.brandId || null, brandBriefId: input.brandBriefId || null, thumbnailUrl: input.thumbnailUrl || null },
  });
  if (error) throw await functionError(error, failed);
  if (!data?.success) throw new AppError(failed, data?.error ?? undefined, data?.error ?? undefined, typeof data?.code === 'string' ? data.code : undefined);
  return { isEstimated: Boolean(data.isEstimated), source: String(data.source), userId: session.user.id };
}

/** Adding a video refreshes every video list and the creator's metrics (and their 5-minute cache). */
export function useAddVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addVideo,
    onSuccess: ({ userId }) => {
      clearCachedMetrics(userId);
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      void queryClient.invalidateQueries({ queryKey: metricsKeys.all });
    },
  });
}
