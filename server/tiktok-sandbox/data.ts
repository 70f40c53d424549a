import { createHash } from 'node:crypto';

/**
 * Deterministic stand-ins for TikTok's data, derived from the video id, so the whole
 * flow works offline and every run shows the same numbers. Nothing here pretends to be
 * real: captions say "Sandbox" and the UI labels these videos "TikTok sandbox".
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
  notFoundSuffix: '404',
  pageBlockedSuffix: '503',
} as const;

export const sandboxHandle = (id: string) => handles[number(id, 'handle', handles.length)];

export function sandboxCaption(id: string): string {
  return `Sandbox video ${id.slice(-6)}: ${topics[number(id, 'topic', topics.length)]}`;
}

export function sandboxCounts(id: string) {
  const views = 500 + number(id, 'views', 250_000);
  const likes = Math.floor((views * (40 + number(id, 'likes', 80))) / 1000);
  const comments = Math.floor(likes / 20) + number(id, 'comments', 20);
  const shares = Math.floor(likes / 30) + number(id, 'shares', 15);
  return { views, likes, comments, shares };
}

/** The video a short-link code leads to: a plausible 19-digit id (time part late 2023 to 2024). */
export function sandboxIdForCode(code: string): string {
  const seconds = 1_700_000_000n + BigInt(number(code, 'time', 30_000_000));
  const low = BigInt(hash(code, 'low').readUInt32BE(0));
  return ((seconds << 32n) | low).toString().padStart(19, '7');
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
