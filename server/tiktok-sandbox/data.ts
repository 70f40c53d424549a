import { createHash } from 'node:crypto';

/**
 * Deterministic stand-ins for TikTok's data, derived from the video id (and, for the counts, the
 * whole hours since it was posted), so the whole flow works offline and every run shows the same
 * numbers at the same hour. Nothing here pretends to be real: captions say "Sandbox" and the UI
 * labels these videos "TikTok sandbox".
 */

const hash = (text: string, salt = '') => createHash('sha256').update(salt + text).digest();
const number = (text: string, salt: string, modulo: number) => hash(text, salt).readUInt32BE(0) % modulo;

const handles = ['siam.stories', 'bangkok.bites', 'chiangmai.vibes', 'phuket.waves', 'isaan.eats', 'thai.glow', 'krabi.days', 'pattaya.moves'];
const topics = ['a day in Bangkok', 'street food tour', 'morning skincare routine', 'gym to street outfit', 'night market haul', 'island hopping', 'study with me', 'dance challenge'];
const palettes = [
  ['#7c3aed', '#ec4899'],
  ['#2563eb', '#06b6d4'],
  ['#059669', '#84cc16'],
  ['#ea580c', '#facc15'],
  ['#db2777', '#f97316'],
  ['#4f46e5', '#14b8a6'],
];

/** Ids ending in these digits behave like TikTok's failures, for trying the error paths by hand. */
export const sandboxRules = {
  /** Deleted: oEmbed 400, the page's statusCode 10204, absent from the Display API. */
  notFoundSuffix: '404',
  /** Private: oEmbed 400, the page's statusCode 10216, absent from the Display API. */
  privateSuffix: '403',
  /** The page is blocked (the scraper estimates, the refresher retries later). */
  pageBlockedSuffix: '503',
} as const;

/** Whether an id ends like one of the sandbox's failures: ids made for a test or the soak avoid these unless they mean one. */
export const endsLikeSandboxFailure = (id: string) => Object.values(sandboxRules).some((suffix) => id.endsWith(suffix));

/** The page's rehydration statusCode for an id (reference §5): 0, or why the post is not there. */
export function sandboxPageStatus(id: string): number {
  if (id.endsWith(sandboxRules.notFoundSuffix)) return 10204;
  if (id.endsWith(sandboxRules.privateSuffix)) return 10216;
  return 0;
}

/** Whether oEmbed and the Display API know the video: gone and private ones they do not. */
export const sandboxVideoIsPublic = (id: string) => sandboxPageStatus(id) === 0;

export const sandboxHandle = (id: string) => handles[number(id, 'handle', handles.length)];

export function sandboxCaption(id: string): string {
  return `Sandbox video ${id.slice(-6)}: ${topics[number(id, 'topic', topics.length)]}`;
}

const hourMs = 3_600_000;
/** Counts stop growing after this many hours: a video older than that always shows the same numbers. */
const growthHours = 720;

/** When TikTok says the video was posted: the top 32 bits of the id are Unix seconds. */
export const sandboxPostedAt = (id: string) => Number(BigInt(id) >> 32n) * 1000;

/**
 * The video's counts at `now`: final counts derived from the id, grown along a square-root
 * curve of the whole hours since posting, so re-measuring a recent video finds more views
 * (as the ledger's refresher expects) while the same hour always gives the same numbers.
 * Nothing before posting; a few views in the first hour.
 */
export function sandboxCounts(id: string, now = Date.now()) {
  const views = 500 + number(id, 'views', 250_000);
  const likes = Math.floor((views * (40 + number(id, 'likes', 80))) / 1000);
  const comments = Math.floor(likes / 20) + number(id, 'comments', 20);
  const shares = Math.floor(likes / 30) + number(id, 'shares', 15);
  const hours = Math.floor((now - sandboxPostedAt(id)) / hourMs);
  const growth = hours < 0 ? 0 : Math.min(1, Math.sqrt((hours + 1) / growthHours));
  const grown = (final: number) => Math.floor(final * growth);
  return { views: grown(views), likes: grown(likes), comments: grown(comments), shares: grown(shares) };
}

const dayMs = 86_400_000;
/** Short links lead to videos posted at most this many days before the current UTC day. */
const shortLinkAgeDays = 3;

/**
 * The video a short-link code leads to: a plausible 19-digit id posted in the few days before
 * the current UTC day, so it can count for a campaign published days ago. The same code leads
 * to the same video all day long.
 */
export function sandboxIdForCode(code: string, now = Date.now()): string {
  const day = Math.floor(now / dayMs);
  const age = number(code, `age:${day}`, shortLinkAgeDays * 86_400) + 1;
  const seconds = BigInt(day * 86_400 - age);
  const low = BigInt(hash(code, 'low').readUInt32BE(0));
  const id = ((seconds << 32n) | low).toString().padStart(19, '7');
  // A short link should lead to a working video, not to one of the failure suffixes.
  return Object.values(sandboxRules).some((suffix) => id.endsWith(suffix)) ? ((seconds << 32n) | (low ^ 1n)).toString().padStart(19, '7') : id;
}

export function sandboxThumbnail(id: string): string {
  const [from, to] = palettes[number(id, 'palette', palettes.length)];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 640" width="360" height="640">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="360" height="640" fill="url(#g)"/>
  <circle cx="180" cy="300" r="56" fill="rgba(255,255,255,0.85)"/>
  <path d="M165 272 L205 300 L165 328 Z" fill="${from}"/>
  <text x="24" y="588" font-family="sans-serif" font-size="22" font-weight="700" fill="#fff">TikTok sandbox</text>
  <text x="24" y="616" font-family="sans-serif" font-size="16" fill="#fff">#${id.slice(-6)}</text>
</svg>`;
}
