import { format } from 'date-fns';
import { enUS, th } from 'date-fns/locale';
import { formatDate } from '@/lib/format';
import { calendarYear } from '@/lib/year';

type Language = 'en' | 'th';

const hourMs = 3_600_000;

/** An instant as a date in Thailand (UTC+7 all year): the calendar the database keeps months and payment days in. */
export const bangkokDate = (instant: Date | string | number = new Date()) => new Date(new Date(instant).getTime() + 7 * hourMs).toISOString().slice(0, 10);

/** Today in Thailand, YYYY-MM-DD: the latest day a transfer can be recorded for. */
export const bangkokToday = (now: Date = new Date()) => bangkokDate(now);

/** The first day (YYYY-MM-01) of the month `offset` months from the current month in Thailand: -1 is last month. */
export function monthStart(offset = 0, now: Date = new Date()): string {
  const [year, month] = bangkokToday(now).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + offset, 1)).toISOString().slice(0, 10);
}

/** `count` months, newest first, from the month `newest` months from now. */
export const recentMonths = (count: number, newest: number, now: Date = new Date()) => Array.from({ length: count }, (_, index) => monthStart(newest - index, now));

/** A YYYY-MM-DD date as local midnight: new Date('2026-10-01') would be UTC, the day before west of Greenwich. */
export function calendarDate(iso: string): Date {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** October 2026; ตุลาคม 2569 (the Buddhist year). */
export function formatMonth(iso: string, language: Language): string {
  const date = calendarDate(iso);
  return language === 'th' ? `${format(date, 'LLLL', { locale: th })} ${calendarYear(date, 'th')}` : format(date, 'MMMM yyyy', { locale: enUS });
}

/** A payment day (YYYY-MM-DD) as the app writes dates: Nov 3, 2026; 3 พ.ย. 2569. */
export const formatDay = (iso: string, language: Language) => formatDate(calendarDate(iso), language);

/** '2026-10-01' → '2026-10', for file names. */
export const monthKey = (iso: string) => iso.slice(0, 7);
