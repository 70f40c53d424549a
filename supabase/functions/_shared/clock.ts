/**
 * The platform's one clock: every date and time a person reads (pages, notifications, e-mails,
 * PDFs, CSV files) is Thailand's, Asia/Bangkok, whatever the zone of the browser or the server
 * that writes it. Months close there, deadlines end there and payments are dated there.
 *
 * Thailand keeps UTC+7 all year (no daylight saving since 1920), so a moment's wall time in
 * Bangkok is its UTC time plus seven hours: no time zone data, no date library, and the same
 * text in Node, Deno and every browser (Intl's output differs between ICU versions, such as the
 * narrow space before "PM"). Plain TypeScript: the SPA and the edge functions share it.
 *
 * A time of day can be misread by a person whose own clock is not Bangkok's: it then carries the
 * zone's name, "5:05 PM (Bangkok time)" / "17:05 น. (เวลาไทย)". A date alone needs no label.
 */

export type ClockLanguage = 'en' | 'th';

/** A Date, milliseconds since the epoch, an ISO timestamp, or a calendar day (YYYY-MM-DD, a day in Thailand). */
export type Moment = Date | number | string;

/**
 * When a time of day carries the zone's name: `reader` when the clock of the machine that shows
 * it (the browser) reads otherwise at that moment, `always` where the reader's clock is unknown
 * (e-mails), `never` where the words around it already say so.
 */
export type ZoneLabel = 'reader' | 'always' | 'never';

export const platformTimeZone = 'Asia/Bangkok';

/** Bangkok is UTC+7, in minutes: what getTimezoneOffset() answers there (the sign is the other way). */
const bangkokOffsetMinutes = 7 * 60;
const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/** The zone's name, as it follows a time of day. */
export const zoneNames: Record<ClockLanguage, string> = { en: 'Bangkok time', th: 'เวลาไทย' };

const months: Record<ClockLanguage, { short: string[]; long: string[] }> = {
  en: {
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    long: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
  th: {
    short: ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'],
    long: ['มกราคม', 'กุมภาพันธ์', 'มีนาคม', 'เมษายน', 'พฤษภาคม', 'มิถุนายน', 'กรกฎาคม', 'สิงหาคม', 'กันยายน', 'ตุลาคม', 'พฤศจิกายน', 'ธันวาคม'],
  },
};

const weekdays: Record<ClockLanguage, string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  th: ['อาทิตย์', 'จันทร์', 'อังคาร', 'พุธ', 'พฤหัสบดี', 'ศุกร์', 'เสาร์'],
};

/** A moment as Bangkok's wall clock shows it; `month` counts from 1, `weekday` from Sunday (0). */
export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; weekday: number };

const calendarDayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A moment as milliseconds since the epoch; a calendar day is its first instant in Bangkok. RangeError when unreadable. */
export function instantOf(moment: Moment): number {
  if (typeof moment === 'string') {
    const day = calendarDayPattern.exec(moment);
    if (day) {
      const [year, month, date] = day.slice(1).map(Number);
      const utc = Date.UTC(year, month - 1, date);
      // Date.UTC rolls 2026-02-30 over to March: a day that does not exist is refused, not moved.
      if (month < 1 || month > 12 || new Date(utc).getUTCDate() !== date) throw new RangeError(`Invalid day: ${moment}`);
      return utc - bangkokOffsetMinutes * minuteMs;
    }
  }
  const ms = moment instanceof Date ? moment.getTime() : typeof moment === 'number' ? moment : Date.parse(moment);
  if (!Number.isFinite(ms)) throw new RangeError(`Invalid time value: ${String(moment)}`);
  return ms;
}

/** Bangkok's wall clock at a moment (a calendar day: its midnight). */
export function bangkokClock(moment: Moment): WallClock {
  const shifted = new Date(instantOf(moment) + bangkokOffsetMinutes * minuteMs);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    weekday: shifted.getUTCDay(),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The day in Bangkok at a moment, YYYY-MM-DD: 2026-11-21T20:00:00Z is 2026-11-22. */
export function bangkokDay(moment: Moment = Date.now()): string {
  const { year, month, day } = bangkokClock(moment);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The first instant of a calendar day (YYYY-MM-DD) in Bangkok: 2026-11-21 begins at 2026-11-20T17:00:00Z. */
export const bangkokMidnight = (day: string) => new Date(instantOf(day));

/** A calendar day `count` days on (or back): 2026-11-30 + 1 is 2026-12-01. */
export const addDays = (day: string, count: number) => bangkokDay(instantOf(day) + count * dayMs);

/** The year as the language counts it: the Buddhist Era in Thai (2026 is 2569). */
const yearIn = (year: number, language: ClockLanguage) => year + (language === 'th' ? 543 : 0);

/**
 * Whether the reader's own clock reads as Bangkok's at a moment (Asia/Bangkok, or a zone at
 * UTC+7 then, such as Asia/Jakarta): the browser's zone, as Date knows it.
 */
export const readerClockIsBangkok = (moment: Moment = Date.now()) => new Date(instantOf(moment)).getTimezoneOffset() === -bangkokOffsetMinutes;

/** Whether a time of day at this moment carries the zone's name. */
export function needsZoneLabel(moment: Moment, label: ZoneLabel = 'reader'): boolean {
  return label === 'always' || (label === 'reader' && !readerClockIsBangkok(moment));
}

/** A time of day, text, with the zone's name after it when the reader may misread it: 5:05 PM (Bangkok time). */
export const withZone = (text: string, moment: Moment, language: ClockLanguage, label: ZoneLabel = 'reader') =>
  needsZoneLabel(moment, label) ? `${text} (${zoneNames[language]})` : text;

/** Nov 21, 2026; 21 พ.ย. 2569 (day first, the Buddhist year). */
export function formatDate(moment: Moment, language: ClockLanguage): string {
  const { year, month, day } = bangkokClock(moment);
  const name = months[language].short[month - 1];
  return language === 'th' ? `${day} ${name} ${yearIn(year, 'th')}` : `${name} ${day}, ${year}`;
}

/** The day and month only, for a chart's axis: Nov 21; 21 พ.ย. */
export function formatDayMonth(moment: Moment, language: ClockLanguage): string {
  const { month, day } = bangkokClock(moment);
  const name = months[language].short[month - 1];
  return language === 'th' ? `${day} ${name}` : `${name} ${day}`;
}

/** A month: November 2026; พฤศจิกายน 2569. */
export function formatMonth(moment: Moment, language: ClockLanguage): string {
  const { year, month } = bangkokClock(moment);
  return `${months[language].long[month - 1]} ${yearIn(year, language)}`;
}

/** A day in full, as a calendar names it: Saturday, November 21, 2026; วันเสาร์ที่ 21 พฤศจิกายน 2569. */
export function formatLongDate(moment: Moment, language: ClockLanguage): string {
  const { year, month, day, weekday } = bangkokClock(moment);
  const monthName = months[language].long[month - 1];
  return language === 'th'
    ? `วัน${weekdays.th[weekday]}ที่ ${day} ${monthName} ${yearIn(year, 'th')}`
    : `${weekdays.en[weekday]}, ${monthName} ${day}, ${year}`;
}

/** The time of day in Bangkok: 5:05 PM (12-hour) in English; 17:05 น. in Thai; the zone's name after it when `label` asks. */
export function formatTime(moment: Moment, language: ClockLanguage, label: ZoneLabel = 'reader'): string {
  const { hour, minute } = bangkokClock(moment);
  const text = language === 'th' ? `${pad(hour)}:${pad(minute)} น.` : `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
  return withZone(text, moment, language, label);
}

/** A date with its time of day in Bangkok: Nov 21, 2026, 5:05 PM; 21 พ.ย. 2569 17:05 น.; the zone's name after it when `label` asks. */
export function formatDateTime(moment: Moment, language: ClockLanguage, label: ZoneLabel = 'reader'): string {
  const time = formatTime(moment, language, label);
  return language === 'th' ? `${formatDate(moment, 'th')} ${time}` : `${formatDate(moment, 'en')}, ${time}`;
}
