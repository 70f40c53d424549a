// Dates and times are the platform's one clock, Bangkok's (supabase/functions/_shared/clock.ts):
// the same text on a page, in a notification and in an e-mail, whatever the browser's zone.
export { formatDate, formatDateTime, formatDayMonth, formatLongDate, formatTime, zoneNames, type ZoneLabel } from '@shared/clock.ts';

// Numbers and money need no date library: they are apart, for pages that show only those (the landing page).
export { formatBaht, formatBahtShort, formatCount, formatNumber, formatSatang } from './format-number';

/** A Date, an ISO string from the API, or milliseconds since the epoch (a chart's axis). */
type DateInput = Date | string | number;

/**
 * How long until a moment, in whole hours rounded up, or in minutes (at least 1) when
 * less than an hour is left: what "approved automatically in 31 h" says.
 */
export function timeLeft(until: DateInput, now: Date | number = Date.now()): { unit: 'hours' | 'minutes'; count: number } {
  const ms = (until instanceof Date ? until : new Date(until)).getTime() - (typeof now === 'number' ? now : now.getTime());
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes < 60 ? { unit: 'minutes', count: minutes } : { unit: 'hours', count: Math.ceil(ms / 3_600_000) };
}
