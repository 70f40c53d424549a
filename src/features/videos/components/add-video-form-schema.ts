import { z } from 'zod';
import { mentionsTikTokDomain, parseTikTokUrl } from '@shared/tiktok/url';

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
    url: z.string().trim(),
    customTitle: z.string().trim().default(''),
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
