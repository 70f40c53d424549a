import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { activeCaller } from './caller.ts';
import { checkAnswer, commonRefusals, jsonResponse, refuse, Refused, type FunctionEnv, type FunctionHandler, type Refusal } from './handler.ts';
import { createTikTokClient, TikTokError, type TikTokClient, type VideoCounts } from './tiktok/client.ts';
import { accessTokenFor, openVault, tokenEnv, type TokenVault } from './tiktok/tokens.ts';
import { canonicalVideoUrl, defaultVideoTitle, parseTikTokUrl } from './tiktok/url.ts';

/**
 * tiktok-scraper (spec §7): adds a TikTok video to the caller's collection, with its
 * title, thumbnail and counts, optionally for a brand or a brief the caller joined.
 * Answers { success, error, code, video, isEstimated, source }; a refusal changes nothing, and one
 * the database raised is answered with its own status and code (checkAnswer).
 * With `preview: true` it adds nothing and answers { success, preview } for the add forms:
 * the video's id, TikTok's caption (the name field takes it) and whether it is already added.
 */

const payloadSchema = z.object({
  url: z.string().max(2048),
  userId: z.uuid().nullish(),
  customTitle: z.string().max(300).nullish(),
  brandId: z.uuid().nullish(),
  brandBriefId: z.uuid().nullish(),
  thumbnailUrl: z.string().max(4096).nullish(),
  preview: z.boolean().optional(),
});

/** The only settings this function reads through env.get; the Deno wrapper and the local backend allow just these. */
export const tiktokScraperEnv = [...tokenEnv, 'TIKTOK_SANDBOX_URL', 'TIKTOK_TIMEOUT_MS'] as const;

export const refusals = {
  ...commonRefusals,
  body: { status: 400, code: 'bad_request', error: 'Send a JSON body with the video url' },
  invalidUrl: { status: 400, code: 'invalid_url', error: 'Invalid TikTok URL' },
  offsite: { status: 400, code: 'short_link_offsite', error: 'This short link does not lead to a TikTok video' },
  otherUser: { status: 403, code: 'other_user', error: 'You can only add videos to your own account' },
  duplicate: { status: 409, code: 'duplicate', error: 'This video has already been added to your collection' },
  unresolved: { status: 502, code: 'short_link_unresolved', error: 'TikTok could not resolve this short link right now. Please try again, or paste the full video link.' },
  unavailable: { status: 404, code: 'video_unavailable', error: 'This TikTok video is unavailable: it may be private or deleted' },
} satisfies Record<string, Refusal>;

const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.floor((sorted[middle - 1] + sorted[middle]) / 2);
};

/** Where the counts came from, as stored in tiktok_videos.metrics_source. */
type Measured = { counts: VideoCounts; source: 'display_api' | 'page' | 'estimate'; coverUrl: string | null };

async function measure(
  tiktok: TikTokClient,
  service: SupabaseClient,
  vault: TokenVault | null,
  userId: string,
  video: { id: string; url: string },
): Promise<Measured> {
  // 1. The Display API, when the creator connected TikTok and owns the video.
  try {
    const token = vault && (await accessTokenFor(service, tiktok, vault, userId));
    const found = token ? await tiktok.queryVideo(token, video.id) : null;
    if (found) return { counts: found.counts, source: 'display_api', coverUrl: found.coverUrl };
  } catch (error) {
    console.warn('[tiktok-scraper] video query failed:', (error as Error).message);
  }
  // 2. The public video page, best effort.
  try {
    return { counts: await tiktok.pageCounts(video.url, video.id), source: 'page', coverUrl: null };
  } catch (error) {
    console.warn('[tiktok-scraper] page counts failed:', (error as Error).message);
  }
  // 3. An honest estimate: the median of the creator's measured videos, zero without any.
  const { data: measured } = await service
    .from('tiktok_videos')
    .select('view_count, like_count, comment_count, share_count')
    .eq('user_id', userId)
    .eq('is_estimated', false)
    .limit(500);
  const rows = measured ?? [];
  return {
    counts: {
      views: median(rows.map((row) => row.view_count)),
      likes: median(rows.map((row) => row.like_count)),
      comments: median(rows.map((row) => row.comment_count)),
      shares: median(rows.map((row) => row.share_count)),
    },
    source: 'estimate',
    coverUrl: null,
  };
}

/**
 * A thumbnail worth keeping. Those TikTok (or the sandbox) sent are kept if they are
 * http(s); one the caller sent only if it is on TikTok's image CDN.
 */
function acceptableThumbnail(url: string | null | undefined, fromTikTok: boolean): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    if (fromTikTok) return url;
    return /(^|\.)(tiktokcdn(-[a-z]+)?\.com|ibyteimg\.com)$/.test(parsed.hostname.toLowerCase()) ? url : null;
  } catch {
    return null;
  }
}

async function addVideo(request: Request, env: FunctionEnv): Promise<Response> {
  const user = await activeCaller(request, env, refusals.auth);

  const body = payloadSchema.safeParse(await request.json().catch(() => null));
  if (!body.success) refuse(refusals.body);
  const payload = body.data!;
  if (payload.userId && payload.userId !== user.id) refuse(refusals.otherUser);

  const sandboxUrl = env.get('TIKTOK_SANDBOX_URL');
  const tiktok = createTikTokClient({ fetch: env.fetch, sandboxUrl, timeoutMs: Number(env.get('TIKTOK_TIMEOUT_MS') ?? 8000) });
  const service = createClient(env.supabaseUrl, env.secretKey, { auth: { persistSession: false, autoRefreshToken: false } });

  let parsed = parseTikTokUrl(payload.url);
  if (!parsed) refuse(refusals.invalidUrl);
  if (parsed!.kind === 'short') {
    try {
      parsed = parseTikTokUrl(await tiktok.resolveShortLink(parsed!.url));
    } catch (error) {
      if (error instanceof TikTokError && error.kind === 'offsite') refuse(refusals.offsite);
      if (error instanceof TikTokError && error.kind === 'not_found') refuse(refusals.unavailable);
      refuse(refusals.unresolved);
    }
    if (parsed?.kind !== 'video') refuse(refusals.invalidUrl);
  }
  const video = parsed as { kind: 'video'; id: string; username: string | null; url: string };

  const { data: existing } = await service.from('tiktok_videos').select('id').eq('user_id', user.id).eq('video_id', video.id).maybeSingle();
  if (existing && !payload.preview) refuse(refusals.duplicate);

  let oembed = null;
  try {
    oembed = await tiktok.oembed(video.url);
  } catch (error) {
    // A real "not found" means the video is gone or private; anything else just leaves us without metadata.
    if (error instanceof TikTokError && error.kind === 'not_found') refuse(refusals.unavailable);
    console.warn('[tiktok-scraper] oEmbed failed:', (error as Error).message);
  }
  if (payload.preview) {
    const caption = oembed?.caption?.slice(0, 300) ?? null;
    return jsonResponse({
      success: true,
      error: null,
      preview: { videoId: video.id, caption, title: caption ?? defaultVideoTitle(video.id), alreadyAdded: Boolean(existing) },
    });
  }
  const username = oembed?.authorUsername ?? video.username;
  const shareUrl = canonicalVideoUrl(video.id, username);
  const measured = await measure(tiktok, service, await openVault(env), user.id, { id: video.id, url: shareUrl });
  const estimated = measured.source === 'estimate';
  const customTitle = payload.customTitle?.trim();

  const row = {
    user_id: user.id,
    video_id: video.id,
    share_url: shareUrl,
    title: (customTitle || oembed?.caption || defaultVideoTitle(video.id)).slice(0, 300),
    description: oembed?.caption?.slice(0, 5000) ?? null,
    thumbnail_url:
      acceptableThumbnail(measured.coverUrl, true) ?? acceptableThumbnail(oembed?.thumbnailUrl, true) ?? acceptableThumbnail(payload.thumbnailUrl, false),
    author_username: username,
    // The database decides whether these links are allowed (private.check_video_links): its
    // refusals (opportunity_not_joined, video_link_locked…) are passed on with their own code.
    brand_id: payload.brandId ?? null,
    brand_brief_id: payload.brandBriefId ?? null,
    view_count: measured.counts.views,
    like_count: measured.counts.likes,
    comment_count: measured.counts.comments,
    share_count: measured.counts.shares,
    is_estimated: estimated,
    // Counts read from the local sandbox are labelled as such, never as TikTok's.
    metrics_source: estimated ? 'estimate' : sandboxUrl ? 'sandbox' : measured.source,
    metrics_updated_at: new Date().toISOString(),
  };
  const inserted = await service.from('tiktok_videos').insert(row).select().single();
  if (inserted.error?.code === '23505') refuse(refusals.duplicate);
  checkAnswer(inserted, 'Saving the video failed');
  return jsonResponse({ success: true, error: null, video: inserted.data, isEstimated: estimated, source: row.metrics_source });
}

export const tiktokScraper: FunctionHandler = async (request, env) => {
  if (request.method === 'OPTIONS') return jsonResponse(null, 204);
  try {
    if (request.method !== 'POST') refuse(refusals.method);
    return await addVideo(request, env);
  } catch (error) {
    if (error instanceof Refused) return jsonResponse({ success: false, error: error.refusal.error, code: error.refusal.code }, error.refusal.status);
    console.error('[tiktok-scraper] failed:', error);
    return jsonResponse({ success: false, error: 'The video could not be added right now. Please try again.', code: 'internal_error' }, 500);
  }
};
