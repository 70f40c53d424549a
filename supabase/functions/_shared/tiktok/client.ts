import { isPublicAddress, readCapped, resolveWithDns, type ResolveHost } from './outbound.ts';
import { isTikTokHost, parseTikTokUrl } from './url.ts';

/**
 * The only way to TikTok (docs/architecture.md §2.6): oEmbed, short-link resolution, the public
 * video page and the Display API's video query. Every request has a timeout, goes only to
 * TikTok's hosts over https, never to a private or loopback address they resolve to, reads at
 * most `maxResponseBytes`, follows no redirect by itself, and fails with a TikTokError that
 * says what happened.
 */

export type TikTokErrorKind =
  | 'not_found'
  | 'unavailable'
  | 'offsite'
  | 'timeout'
  | 'rate_limited'
  | 'unauthorized'
  /** OAuth: the code or refresh token is unknown, used or expired (the connection must be made again). */
  | 'invalid_grant'
  /** OAuth: the app asked for a scope TikTok has not approved for it. */
  | 'invalid_scope'
  /** OAuth: anything else TikTok refused (client, request, redirect). */
  | 'oauth_refused';

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

/** What the token endpoint answers (reference §1): lifetimes in seconds. */
export type TokenSet = { openId: string; scope: string; accessToken: string; expiresIn: number; refreshToken: string; refreshExpiresIn: number };

/** user.info's fields ViewPact reads; username needs the user.info.profile scope. */
export type TikTokUser = { openId: string; username: string | null; displayName: string | null; avatarUrl: string | null };

/** A video of video.list, with TikTok's own counts. */
export type ListedVideo = QueriedVideo & { id: string; createTime: number | null };

/** The app's credentials at TikTok. */
export type AppCredentials = { clientKey: string; clientSecret: string };

export type TikTokClientOptions = {
  fetch: typeof fetch;
  /** Local mode: requests for TikTok's hosts go to this sandbox instead (server/tiktok-sandbox). */
  sandboxUrl?: string;
  timeoutMs?: number;
  /** The largest answer read (default 4 MB; a video page is about 0.5 MB). */
  maxResponseBytes?: number;
  /** Name resolution for the private-address check (default: the system's DNS). */
  resolveHost?: ResolveHost;
};

const maxRedirects = 5;
/** The video query's limit per request (reference §2). */
export const maxQueryIds = 20;
const videoFields = 'id,title,video_description,cover_image_url,share_url,view_count,like_count,comment_count,share_count';
const listFields = `${videoFields},create_time`;
const userFields = 'open_id,avatar_url,display_name,username';
/** video.list's page size (reference §2: at most 20). */
const listPageSize = 20;

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

/**
 * What a profile page says of the account: its bio (TikTok calls it `signature`), under
 * `__DEFAULT_SCOPE__["webapp.user-detail"].userInfo.user`; null when the page carries no account
 * of that username (a challenge page, a layout we do not know, another account).
 */
export function readProfileBio(html: string, username: string): string | null {
  const universal = /<script[^>]+id="__UNIVERSAL_DATA_FOR_REHYDRATION__"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!universal) return null;
  try {
    const user = JSON.parse(universal)?.__DEFAULT_SCOPE__?.['webapp.user-detail']?.userInfo?.user;
    if (typeof user?.uniqueId !== 'string' || user.uniqueId.toLowerCase() !== username.toLowerCase()) return null;
    return typeof user.signature === 'string' ? user.signature : '';
  } catch {
    return null;
  }
}

/** The counts in a video page's rehydration data, or null when the page has none. */
export function countsFromPage(html: string, id: string): VideoCounts | null {
  const reading = readVideoPage(html, id);
  return reading.kind === 'counts' ? reading.counts : null;
}

export function createTikTokClient({ fetch: fetcher, sandboxUrl, timeoutMs = 8000, maxResponseBytes = 4 * 1024 * 1024, resolveHost = resolveWithDns }: TikTokClientOptions) {
  /** A TikTok URL as requested: itself, or its sandbox twin in local mode. */
  const target = (url: URL) => (sandboxUrl ? `${sandboxUrl.replace(/\/$/, '')}/${url.host}${url.pathname}${url.search}` : url.toString());

  async function request(url: URL, init: RequestInit = {}): Promise<Response> {
    if (url.protocol !== 'https:' || url.username || url.password || (!isTikTokHost(url.hostname) && url.hostname !== 'open.tiktokapis.com')) {
      throw new TikTokError('offsite', `Refusing to contact ${url.origin}: it is not TikTok over https`);
    }
    // In local mode the sandbox stands in for TikTok, and nothing is resolved.
    if (!sandboxUrl) await refusePrivateAddresses(url.hostname);
    try {
      return await fetcher(target(url), { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const name = (error as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new TikTokError('timeout', `TikTok did not answer within ${timeoutMs} ms`);
      throw new TikTokError('unavailable', 'TikTok could not be reached');
    }
  }

  /** A TikTok name that resolves to a private or loopback address is refused (DNS rebinding). */
  async function refusePrivateAddresses(hostname: string) {
    let addresses: string[];
    try {
      addresses = await resolveHost(hostname);
    } catch {
      return; // not resolvable: the request itself fails the same way
    }
    const inside = addresses.find((address) => !isPublicAddress(address));
    if (inside) throw new TikTokError('offsite', `Refusing to contact ${hostname}: it resolves to ${inside}, which is not a public address`);
  }

  const tooLarge = () => new TikTokError('unavailable', `TikTok's answer is larger than ${maxResponseBytes} bytes`);
  /** The answer's text; the request's timeout covers reading it too. */
  async function readText(response: Response): Promise<string> {
    try {
      return await readCapped(response, maxResponseBytes, tooLarge);
    } catch (error) {
      if (error instanceof TikTokError) throw error;
      const name = (error as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new TikTokError('timeout', `TikTok did not finish answering within ${timeoutMs} ms`);
      throw new TikTokError('unavailable', 'TikTok broke off its answer');
    }
  }
  /** The answer as JSON; null when it is not JSON. */
  async function readJson<T>(response: Response): Promise<T | null> {
    const body = await readText(response);
    try {
      return JSON.parse(body) as T;
    } catch {
      return null;
    }
  }

  const failure = (response: Response, what: string) => {
    if (response.status === 429) return new TikTokError('rate_limited', `TikTok is limiting requests (${what})`);
    if (response.status === 401) return new TikTokError('unauthorized', `TikTok refused the access token (${what})`);
    return new TikTokError('unavailable', `TikTok answered ${response.status} (${what})`);
  };

  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

  const readVideo = (video: Record<string, unknown>): QueriedVideo => ({
    counts: { views: count(video.view_count), likes: count(video.like_count), comments: count(video.comment_count), shares: count(video.share_count) },
    title: text(video.title) ?? text(video.video_description),
    coverUrl: text(video.cover_image_url),
    shareUrl: text(video.share_url),
  });

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
    const payload = await readJson<{ data?: { videos?: Record<string, unknown>[] }; error?: { code?: string; message?: string } }>(response);
    if (!response.ok || !payload || (payload.error?.code && payload.error.code !== 'ok')) throw failure(response, 'video query');
    const found = new Map<string, QueriedVideo>();
    for (const video of payload.data?.videos ?? []) {
      const id = String(video.id);
      if (!ids.includes(id) || !hasViews(video.view_count)) continue;
      found.set(id, readVideo(video));
    }
    return found;
  }

  /** The token endpoint (reference §1): form-encoded, a flat JSON answer, errors as { error, error_description }. */
  async function tokenRequest(form: Record<string, string>): Promise<TokenSet> {
    const response = await request(new URL('https://open.tiktokapis.com/v2/oauth/token/'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Cache-Control': 'no-cache' },
      body: new URLSearchParams(form).toString(),
    });
    const payload = await readJson<Record<string, unknown>>(response);
    const error = text(payload?.error);
    if (error || !response.ok || !payload) {
      if (response.status === 429) throw new TikTokError('rate_limited', 'TikTok is limiting requests (token)');
      if (error === 'invalid_grant') throw new TikTokError('invalid_grant', 'TikTok no longer accepts this authorization');
      if (error === 'invalid_scope') throw new TikTokError('invalid_scope', 'TikTok has not approved a scope the app asks for');
      if (error) throw new TikTokError('oauth_refused', `TikTok refused the request (${error})`);
      throw failure(response, 'token');
    }
    const accessToken = text(payload.access_token);
    const refreshToken = text(payload.refresh_token);
    const openId = text(payload.open_id);
    if (!accessToken || !refreshToken || !openId) throw new TikTokError('unavailable', 'TikTok sent a token answer without its tokens');
    return {
      openId,
      scope: text(payload.scope) ?? '',
      accessToken,
      refreshToken,
      expiresIn: count(payload.expires_in) || 7200,
      refreshExpiresIn: count(payload.refresh_expires_in) || 15_552_000,
    };
  }

  /** A Display API answer: `data` when `error.code` is "ok", else the TikTokError it stands for. */
  async function displayApi(response: Response, what: string): Promise<Record<string, unknown>> {
    const payload = await readJson<{ data?: Record<string, unknown>; error?: { code?: string } }>(response);
    const code = payload?.error?.code;
    if (code === 'access_token_invalid' || response.status === 401) throw new TikTokError('unauthorized', `TikTok refused the access token (${what})`);
    if (code === 'scope_not_authorized') throw new TikTokError('invalid_scope', `The connection lacks a scope (${what})`);
    if (!response.ok || !payload || (code && code !== 'ok')) throw failure(response, what);
    return payload.data ?? {};
  }

  const oauth = {
    /** Trades the code of the callback for tokens (PKCE: the verifier of the challenge sent). */
    exchangeCode: (app: AppCredentials, input: { code: string; redirectUri: string; codeVerifier: string }) =>
      tokenRequest({
        client_key: app.clientKey,
        client_secret: app.clientSecret,
        code: input.code,
        grant_type: 'authorization_code',
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
      }),

    /** A new access token and a new refresh token; the old refresh token stops working (reference §7). */
    refreshTokens: (app: AppCredentials, refreshToken: string) =>
      tokenRequest({ client_key: app.clientKey, client_secret: app.clientSecret, grant_type: 'refresh_token', refresh_token: refreshToken }),

    /** Ends the app's access at TikTok; an empty answer on success. */
    async revokeToken(app: AppCredentials, token: string): Promise<void> {
      const response = await request(new URL('https://open.tiktokapis.com/v2/oauth/revoke/'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_key: app.clientKey, client_secret: app.clientSecret, token }).toString(),
      });
      discard(response);
      if (!response.ok) throw failure(response, 'revoke');
    },

    async userInfo(accessToken: string): Promise<TikTokUser> {
      const url = new URL('https://open.tiktokapis.com/v2/user/info/');
      url.searchParams.set('fields', userFields);
      const data = await displayApi(await request(url, { headers: { Authorization: `Bearer ${accessToken}` } }), 'user info');
      const user = (data.user ?? {}) as Record<string, unknown>;
      const openId = text(user.open_id);
      if (!openId) throw new TikTokError('unavailable', 'TikTok sent user info without an open_id');
      return { openId, username: text(user.username), displayName: text(user.display_name), avatarUrl: text(user.avatar_url) };
    },

    /** One page of the user's public videos, newest first (reference §2); pass the cursor back for the next. */
    async listVideos(accessToken: string, cursor?: number): Promise<{ videos: ListedVideo[]; cursor: number | null; hasMore: boolean }> {
      const url = new URL('https://open.tiktokapis.com/v2/video/list/');
      url.searchParams.set('fields', listFields);
      const response = await request(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(cursor === undefined ? { max_count: listPageSize } : { cursor, max_count: listPageSize }),
      });
      const data = await displayApi(response, 'video list');
      const videos = ((data.videos ?? []) as Record<string, unknown>[])
        .filter((video) => /^\d{19}$/.test(String(video.id)) && hasViews(video.view_count))
        .map((video) => ({ ...readVideo(video), id: String(video.id), createTime: count(video.create_time) || null }));
      return { videos, cursor: typeof data.cursor === 'number' ? data.cursor : null, hasMore: data.has_more === true };
    },
  };

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
      const data = await readJson<Record<string, unknown>>(response);
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
      const reading = readVideoPage(await readText(response), id);
      if (reading.kind === 'gone') throw new TikTokError('not_found', `The video page says the post is gone or private (${reading.statusCode})`);
      if (reading.kind === 'none') throw new TikTokError('unavailable', 'The video page carries no counts');
      return reading.counts;
    },

    /**
     * The bio of a public TikTok account, read from its profile page: how a creator who cannot
     * connect proves the account is theirs (a one-time code in the bio). 'not_found' when TikTok
     * has no such account; 'unavailable' when the page carries no readable account.
     */
    async profileBio(username: string): Promise<string> {
      const response = await request(new URL(`https://www.tiktok.com/@${encodeURIComponent(username)}`), {
        headers: { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124 Safari/537.36', Accept: 'text/html' },
      });
      if (response.status === 404) {
        discard(response);
        throw new TikTokError('not_found', 'No TikTok account has this username');
      }
      if (!response.ok) {
        discard(response);
        throw failure(response, 'profile page');
      }
      const bio = readProfileBio(await readText(response), username);
      if (bio === null) throw new TikTokError('unavailable', 'The profile page carries no readable account');
      return bio;
    },

    queryVideos,
    ...oauth,

    /** One video through the video query; null when the token's owner did not post it. */
    async queryVideo(accessToken: string, id: string): Promise<QueriedVideo | null> {
      return (await queryVideos(accessToken, [id])).get(id) ?? null;
    },
  };
}

export type TikTokClient = ReturnType<typeof createTikTokClient>;
