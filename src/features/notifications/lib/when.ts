import { formatDate } from '@/lib/format';

type Language = 'en' | 'th';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** How long ago, shortly: "5 min. ago", "3 hr. ago", "yesterday"; a week on, the date (Nov 21, 2026). */
export function formatWhen(iso: string, language: Language, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  const ago = Math.max(0, now - at);
  if (ago >= 7 * day) return formatDate(at, language);
  const relative = new Intl.RelativeTimeFormat(language === 'th' ? 'th-TH' : 'en-US', { numeric: 'auto', style: 'short' });
  if (ago < minute) return relative.format(0, 'second');
  if (ago < hour) return relative.format(-Math.floor(ago / minute), 'minute');
  if (ago < day) return relative.format(-Math.floor(ago / hour), 'hour');
  return relative.format(-Math.floor(ago / day), 'day');
}
