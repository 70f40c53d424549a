/**
 * TikTok video URLs (shared/reference/tiktok-api.md §4), for the SPA's live preview and
 * the tiktok-scraper function alike. The id is a 19-digit snowflake kept as a string:
 * it is larger than the integers JavaScript can hold.
 */

export type ParsedTikTokUrl =
  | { kind: 'video'; id: string; username: string | null; url: string }
  | { kind: 'short'; url: string };

const videoPath = /\/(?:video|photo|v|embed(?:\/v2)?|player\/v1|share\/video)\/(\d{19})(?:\.html)?(?:[/?#]|$)/;
const idParameters = ['item_id', 'share_item_id', 'shareId'];
const shortHosts = new Set(['vm.tiktok.com', 'vt.tiktok.com']);

// TikTok launched in September 2016; an id whose time part is earlier, or in the future, is not a video.
const firstVideoTime = 1_470_000_000;

/** tiktok.com, *.tiktok.com and *.tiktokv.com — nothing that merely contains the name. */
export function isTikTokHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'tiktok.com' || host.endsWith('.tiktok.com') || host === 'tiktokv.com' || host.endsWith('.tiktokv.com');
}

/** A 19-digit id whose creation time (id >> 32) falls between TikTok's launch and tomorrow. */
export function isPlausibleVideoId(id: string, now = Date.now()): boolean {
  if (!/^\d{19}$/.test(id)) return false;
  const seconds = Number(BigInt(id) >> 32n);
  return seconds >= firstVideoTime && seconds <= now / 1000 + 86_400;
}

/**
 * The link inside pasted text (TikTok's share text wraps it in words and hashtags): the
 * first whole word that mentions TikTok, with https:// added when no scheme is given.
 */
function urlCandidate(input: string): string | null {
  const words = input.trim().split(/\s+/).filter(Boolean);
  const candidate = words.find((word) => /tiktok/i.test(word)) ?? words[0];
  if (!candidate) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(candidate)) return /^https?:\/\//i.test(candidate) ? candidate : null;
  return `https://${candidate}`;
}

function usernameFrom(pathname: string): string | null {
  const match = /^\/@([A-Za-z0-9_.]{1,24})(?:\/|$)/.exec(pathname);
  return match ? match[1] : null;
}

/** The canonical address of a video, as TikTok shares it. */
export const canonicalVideoUrl = (id: string, username: string | null) => `https://www.tiktok.com/@${username ?? ''}/video/${id}`;

/** Reads a pasted TikTok link: a video with its id, a short link to resolve, or null. */
export function parseTikTokUrl(input: string, now = Date.now()): ParsedTikTokUrl | null {
  const candidate = urlCandidate(input);
  if (!candidate) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || !isTikTokHost(url.hostname)) return null;
  const host = url.hostname.toLowerCase();

  const fromPath = videoPath.exec(url.pathname)?.[1];
  const fromQuery = idParameters.map((name) => url.searchParams.get(name)).find((value) => value && /^\d{19}$/.test(value));
  const id = fromPath ?? fromQuery;
  if (id) {
    if (!isPlausibleVideoId(id, now)) return null;
    const username = usernameFrom(url.pathname);
    return { kind: 'video', id, username, url: canonicalVideoUrl(id, username) };
  }

  const shortCode = shortHosts.has(host) ? /^\/([A-Za-z0-9]{5,20})\/?$/.exec(url.pathname)?.[1] : /^\/t\/([A-Za-z0-9]{5,20})\/?$/.exec(url.pathname)?.[1];
  if (shortCode && (shortHosts.has(host) || host === 'tiktok.com' || host === 'www.tiktok.com' || host === 'm.tiktok.com')) {
    return { kind: 'short', url: `https://${host}/${shortHosts.has(host) ? '' : 't/'}${shortCode}/` };
  }
  return null;
}

/** The spec's default title: 'TikTok Video #' and the first 8 characters of the id. */
export const defaultVideoTitle = (id: string) => `TikTok Video #${id.slice(0, 8)}`;

/** Spec §5: the My Videos box only checks that the text names TikTok's domain. */
export const mentionsTikTokDomain = (input: string) => /tiktok\.com/i.test(input);
