import { isTikTokHost, parseTikTokUrl } from './url.ts';

/**
 * The only way to TikTok (DESIGN.md §2.6): oEmbed, short-link resolution, the public
 * video page and the Display API's video query. Every request has a timeout, goes only to
 * TikTok's hosts, and fails with a TikTokError that says what happened.
 */

export type TikTokErrorKind = 'not_found' | 'unavailable' | 'offsite' | 'timeout' | 'rate_limited' | 'unauthorized';

export class TikTokError extends Error {
  constructor(
    readonly kind: TikTokErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export type VideoCounts = { views: number; likes: number; comments: number; shares: number };

export type OEmbed = { caption: string | null; authorName: string | null; authorUsername: string | null; thumbnailUrl: string | null };

export type QueriedVideo = { counts: VideoCounts; title: string | null; coverUrl: string | null; shareUrl: string | null };

export type TikTokClientOptions = {
  fetch: typeof fetch;
  /** Local mode: requests for TikTok's hosts go to this sandbox instead (server/tiktok-sandbox). */
  sandboxUrl?: string;
  timeoutMs?: number;
};

const maxRedirects = 5;
/** The video query's limit per request (reference §2). */
export const maxQueryIds = 20;
const videoFields = 'id,title,video_description,cover_image_url,share_url,view_count,like_count,comment_count,share_count';

/** Lets go of a body we will not read (not awaited: some runtimes never settle it). */
const discard = (response: Response) => void response.body?.cancel().catch(() => undefined);

const count = (value: unknown): number => {
  const number = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(number) && number >= 0 ? Math.floor(number) : 0;
};

/** TikTok's rehydration status codes for a post that is gone for good or not public (reference §5). */
const goneStatusCodes = new Set([10204, 10216, 10222]);

/** A view count TikTok actually gave: without one, an answer is no reading at all (never 0 views). */
const hasViews = (value: unknown) => (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) && Number.isFinite(Number(value));

const statsCounts = (stats: Record<string, unknown>): VideoCounts | null =>
  hasViews(stats.playCount)
    ? { views: count(stats.playCount), likes: count(stats.diggCount), comments: count(stats.commentCount), shares: count(stats.shareCount) }
    : null;

/**
 * What a video page says (reference §5): its counts, that the post is gone or private, or
 * nothing usable (a challenge page, a region lock, a layout we do not know).
 */
export type PageReading = { kind: 'counts'; counts: VideoCounts } | { kind: 'gone'; statusCode: number } | { kind: 'none' };

export function readVideoPage(html: string, id: string): PageReading {
  const universal = /<script[^>]+id="__UNIVERSAL_DATA_FOR_REHYDRATION__"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const sigi = /<script[^>]+id="SIGI_STATE"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  try {
    if (universal) {
      const detail = JSON.parse(universal)?.__DEFAULT_SCOPE__?.['webapp.video-detail'];
      if (goneStatusCodes.has(detail?.statusCode)) return { kind: 'gone', statusCode: detail.statusCode };
      if (detail?.statusCode !== 0) return { kind: 'none' };
      const item = detail.itemInfo?.itemStruct;
      const stats = item?.statsV2 ?? item?.stats;
      const counts = stats ? statsCounts(stats) : null;
      return counts ? { kind: 'counts', counts } : { kind: 'none' };
    }
    if (sigi) {
      const stats = JSON.parse(sigi)?.ItemModule?.[id]?.stats;
      const counts = stats ? statsCounts(stats) : null;
      return counts ? { kind: 'counts', counts } : { kind: 'none' };
    }
  } catch {
    return { kind: 'none' };
  }
  return { kind: 'none' };
}

/** The counts in a video page's rehydration data, or null when the page has none. */
export function countsFromPage(html: string, id: string): VideoCounts | null {
  const reading = readVideoPage(html, id);
  return reading.kind === 'counts' ? reading.counts : null;
}

export function createTikTokClient({ fetch: fetcher, sandboxUrl, timeoutMs = 8000 }: TikTokClientOptions) {
  /** A TikTok URL as requested: itself, or its sandbox twin in local mode. */
  const target = (url: URL) => (sandboxUrl ? `${sandboxUrl.replace(/\/$/, '')}/${url.host}${url.pathname}${url.search}` : url.toString());

  async function request(url: URL, init: RequestInit = {}): Promise<Response> {
    if (!isTikTokHost(url.hostname) && url.hostname !== 'open.tiktokapis.com') {
      throw new TikTokError('offsite', `Refusing to contact ${url.hostname}: it is not TikTok`);
    }
    try {
      return await fetcher(target(url), { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const name = (error as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new TikTokError('timeout', `TikTok did not answer within ${timeoutMs} ms`);
      throw new TikTokError('unavailable', 'TikTok could not be reached');
    }
  }

  const failure = (response: Response, what: string) => {
    if (response.status === 429) return new TikTokError('rate_limited', `TikTok is limiting requests (${what})`);
    if (response.status === 401) return new TikTokError('unauthorized', `TikTok refused the access token (${what})`);
    return new TikTokError('unavailable', `TikTok answered ${response.status} (${what})`);
  };

  /**
   * The Display API's video query for up to 20 ids (reference §2): only videos the token's
   * owner posted come back, so a missing id is not proof that the video is gone.
   */
  async function queryVideos(accessToken: string, ids: readonly string[]): Promise<Map<string, QueriedVideo>> {
    if (ids.length === 0) return new Map();
    if (ids.length > maxQueryIds) throw new RangeError(`The video query takes at most ${maxQueryIds} ids`);
    const url = new URL('https://open.tiktokapis.com/v2/video/query/');
    url.searchParams.set('fields', videoFields);
    const response = await request(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ filters: { video_ids: ids } }),
    });
    const payload = (await response.json().catch(() => null)) as {
      data?: { videos?: Record<string, unknown>[] };
      error?: { code?: string; message?: string };
    } | null;
    if (!response.ok || !payload || (payload.error?.code && payload.error.code !== 'ok')) throw failure(response, 'video query');
    const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
    const found = new Map<string, QueriedVideo>();
    for (const video of payload.data?.videos ?? []) {
      const id = String(video.id);
      if (!ids.includes(id) || !hasViews(video.view_count)) continue;
      found.set(id, {
        counts: { views: count(video.view_count), likes: count(video.like_count), comments: count(video.comment_count), shares: count(video.share_count) },
        title: text(video.title) ?? text(video.video_description),
        coverUrl: text(video.cover_image_url),
        shareUrl: text(video.share_url),
      });
    }
    return found;
  }

  return {
    /** Follows a short link's redirects while they stay on TikTok, to the video's address. */
    async resolveShortLink(shortUrl: string): Promise<string> {
      let current = new URL(shortUrl);
      for (let hop = 0; hop < maxRedirects; hop++) {
        const response = await request(current, { method: 'GET', headers: { 'User-Agent': 'facebookexternalhit/1.1' } });
        discard(response);
        const location = response.headers.get('location');
        if (response.status < 300 || response.status >= 400 || !location) {
          throw new TikTokError('not_found', 'This short link does not lead to a TikTok video');
        }
        const next = new URL(location, current);
        // Checked before anything is fetched from it.
        if (!isTikTokHost(next.hostname)) throw new TikTokError('offsite', 'This short link leads away from TikTok');
        const parsed = parseTikTokUrl(next.toString());
        if (parsed?.kind === 'video') return parsed.url;
        if (next.pathname === '/' || next.pathname === '') throw new TikTokError('not_found', 'The video behind this short link is gone');
        current = next;
      }
      throw new TikTokError('not_found', 'This short link redirects too many times');
    },

    /** Title (the caption), author and thumbnail; no counts (reference §3). */
    async oembed(videoUrl: string): Promise<OEmbed> {
      const url = new URL('https://www.tiktok.com/oembed');
      url.searchParams.set('url', videoUrl);
      const response = await request(url, { headers: { Accept: 'application/json' } });
      if (response.status === 400 || response.status === 404) {
        discard(response);
        throw new TikTokError('not_found', 'This TikTok video is unavailable: it may be private or deleted');
      }
      if (!response.ok) {
        discard(response);
        throw failure(response, 'oEmbed');
      }
      const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (!data) throw new TikTokError('unavailable', 'TikTok sent an oEmbed answer that is not JSON');
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
      const authorUrl = text(data.author_url);
      return {
        caption: text(data.title),
        authorName: text(data.author_name),
        authorUsername: text(data.author_unique_id) ?? (authorUrl ? /\/@([A-Za-z0-9_.]+)/.exec(authorUrl)?.[1] ?? null : null),
        thumbnailUrl: text(data.thumbnail_url),
      };
    },

    /**
     * Counts from the public video page (best effort, reference §5). A post TikTok says is
     * gone or private fails with 'not_found'; any other failure with what went wrong.
     */
    async pageCounts(videoUrl: string, id: string): Promise<VideoCounts> {
      const response = await request(new URL(videoUrl), {
        headers: { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124 Safari/537.36', Accept: 'text/html' },
      });
      if (response.status === 404) {
        discard(response);
        throw new TikTokError('not_found', 'The video page is gone');
      }
      if (!response.ok) {
        discard(response);
        throw failure(response, 'video page');
      }
      const reading = readVideoPage(await response.text(), id);
      if (reading.kind === 'gone') throw new TikTokError('not_found', `The video page says the post is gone or private (${reading.statusCode})`);
      if (reading.kind === 'none') throw new TikTokError('unavailable', 'The video page carries no counts');
      return reading.counts;
    },

    queryVideos,

    /** One video through the video query; null when the token's owner did not post it. */
    async queryVideo(accessToken: string, id: string): Promise<QueriedVideo | null> {
      return (await queryVideos(accessToken, [id])).get(id) ?? null;
    },
  };
}

export type TikTokClient = ReturnType<typeof createTikTokClient>;
