import { bangkokDay, formatDate, formatMonth as formatMonthOf } from '@shared/clock.ts';

type Language = 'en' | 'th';

/** An instant as a date in Thailand (UTC+7 all year): the calendar the database keeps months and payment days in. */
export const bangkokDate = (instant: Date | string | number = new Date()) => bangkokDay(instant);

/** Today in Thailand, YYYY-MM-DD: the latest day a transfer can be recorded for. */
export const bangkokToday = (now: Date = new Date()) => bangkokDate(now);

/** The first day (YYYY-MM-01) of the month `offset` months from the current month in Thailand: -1 is last month. */
export function monthStart(offset = 0, now: Date = new Date()): string {
  const [year, month] = bangkokToday(now).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + offset, 1)).toISOString().slice(0, 10);
}

/** The first day of the month after a month's (YYYY-MM-DD): 2026-12-15 → 2027-01-01. */
export function nextMonthStart(iso: string): string {
  const [year, month] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/** `count` months, newest first, from the month `newest` months from now. */
export const recentMonths = (count: number, newest: number, now: Date = new Date()) => Array.from({ length: count }, (_, index) => monthStart(newest - index, now));

/**
 * A YYYY-MM-DD date as midnight on the browser's clock, for calendar arithmetic with date-fns
 * (tests page a calendar with it). Never to show: formatDate and formatDay take the ISO day itself,
 * which is a day in Thailand on every clock.
 */
export function calendarDate(iso: string): Date {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** October 2026; ตุลาคม 2569 (the Buddhist year). A month (YYYY-MM-01) is Thailand's. */
export const formatMonth = (iso: string, language: Language) => formatMonthOf(iso.slice(0, 10), language);

/** A payment day (YYYY-MM-DD) as the app writes dates: Nov 3, 2026; 3 พ.ย. 2569. */
export const formatDay = (iso: string, language: Language) => formatDate(iso.slice(0, 10), language);

/** '2026-10-01' → '2026-10', for file names. */
export const monthKey = (iso: string) => iso.slice(0, 7);
