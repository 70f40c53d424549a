type Language = 'en' | 'th';

/**
 * The year in Thailand (UTC+7 all year, the platform's clock: supabase/functions/_shared/clock.ts)
 * at a moment, as the language counts it: Thai uses the Buddhist Era (พ.ศ.), 543 years ahead of
 * the Gregorian year (2026 is 2569). No date library: the footer of the landing page uses it.
 */
export const calendarYear = (date: Date, language: Language) => new Date(date.getTime() + 7 * 3_600_000).getUTCFullYear() + (language === 'th' ? 543 : 0);

/**
 * A day (YYYY-MM-DD) or a month (YYYY-MM) as a CSV file writes it, in the language of its
 * header row: English keeps it as stored, in CE ('2026-09-05', '2026-10'); Thai writes it as the
 * Revenue Department's files do, dd/mm/yyyy or mm/yyyy in the Buddhist year ('05/09/2569',
 * '10/2569'). Text, not a Date: a calendar day has no time zone to shift it.
 */
export function csvDate(iso: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(iso);
  if (!match) throw new Error('date_invalid');
  const [, year, month, day] = match;
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  if (Number(month) < 1 || Number(month) > 12 || (day !== undefined && (Number(day) < 1 || Number(day) > daysInMonth))) throw new Error('date_invalid');
  if (language === 'en') return iso;
  const thaiYear = Number(year) + 543;
  return day === undefined ? `${month}/${thaiYear}` : `${day}/${month}/${thaiYear}`;
}
