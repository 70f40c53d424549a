/** Profile field rules shared by sign-up and settings (and enforced again by the database). */

export const stripAt = (username: string) => username.trim().replace(/^@+/, '');

/** TikTok's rule: letters, digits, underscores and dots, at most 24 characters. */
export const isTikTokUsername = (username: string) => /^[A-Za-z0-9_.]{1,24}$/.test(username);

/** People type example.com; profiles keep https://example.com. */
export function normalizeWebsite(raw: string): string {
  const value = raw.trim();
  if (!value) return '';
  // Another scheme (javascript:, mailto:) is kept, so that validation refuses it.
  if (/^https?:\/\//i.test(value) || /^[a-z][a-z0-9+.-]*:[^0-9]/i.test(value)) return value;
  return `https://${value}`;
}

export const isWebsite = (value: string) => /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]{2,}$/i.test(value);
