import { format } from 'date-fns';
import { enUS, th } from 'date-fns/locale';
import { calendarYear } from './year';

// Numbers and money need no date library: they are apart, for pages that show only those (the landing page).
export { formatBaht, formatBahtShort, formatCount, formatNumber, formatSatang } from './format-number';

type Language = 'en' | 'th';

/** A Date, an ISO string from the API, or milliseconds since the epoch (a chart's axis). */
type DateInput = Date | string | number;

const toDate = (date: DateInput) => (date instanceof Date ? date : new Date(date));

/** 'MMM d, yyyy' in English (Nov 21, 2026); Thai puts the day first and counts Buddhist years (21 พ.ย. 2569). */
export function formatDate(date: DateInput, language: Language): string {
  const value = toDate(date);
  return language === 'th' ? `${format(value, 'd MMM', { locale: th })} ${calendarYear(value, 'th')}` : format(value, 'MMM d, yyyy', { locale: enUS });
}

/** A date with its local time: Nov 21, 2026, 5:05 PM; 21 พ.ย. 2569 17:05 น. */
export function formatDateTime(date: DateInput, language: Language): string {
  const value = toDate(date);
  return language === 'th' ? `${formatDate(value, 'th')} ${format(value, 'HH:mm')} น.` : format(value, 'MMM d, yyyy, h:mm a', { locale: enUS });
}

/** Day and month only, for a chart's axis: Nov 21; 21 พ.ย. */
export function formatDayMonth(date: DateInput, language: Language): string {
  const value = toDate(date);
  return language === 'th' ? format(value, 'd MMM', { locale: th }) : format(value, 'MMM d', { locale: enUS });
}

/**
 * How long until a moment, in whole hours rounded up, or in minutes (at least 1) when
 * less than an hour is left: what "approved automatically in 31 h" says.
 */
export function timeLeft(until: DateInput, now: Date | number = Date.now()): { unit: 'hours' | 'minutes'; count: number } {
  const ms = toDate(until).getTime() - (typeof now === 'number' ? now : now.getTime());
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes < 60 ? { unit: 'minutes', count: minutes } : { unit: 'hours', count: Math.ceil(ms / 3_600_000) };
}
