import { describe, expect, it } from 'vitest';
import { formatSatang } from './format';
import { bangkokDate, calendarDate, formatDay, formatMonth, nextMonthStart } from './months';

describe('formatMonth', () => {
  it('names a month with its year, the Buddhist year in Thai', () => {
    expect(formatMonth('2026-10-01', 'en')).toBe('October 2026');
    expect(formatMonth('2026-10-01', 'th')).toBe('ตุลาคม 2569');
    expect(formatMonth('2027-01-01', 'th')).toBe('มกราคม 2570');
  });
});

describe('formatDay', () => {
  it('names a payment day as that day in Thailand, whatever the browser’s clock', () => {
    expect(formatDay('2026-12-03', 'en')).toBe('Dec 3, 2026');
    expect(formatDay('2027-01-01', 'th')).toBe('1 ม.ค. 2570');
  });
});

describe('bangkokDate and nextMonthStart', () => {
  it('count days and months in Thailand', () => {
    expect(bangkokDate('2026-11-30T17:00:00Z')).toBe('2026-12-01');
    expect(bangkokDate('2026-11-30T16:59:59Z')).toBe('2026-11-30');
    expect(nextMonthStart('2026-11-01')).toBe('2026-12-01');
    expect(nextMonthStart('2026-12-01')).toBe('2027-01-01');
  });
});

describe('calendarDate', () => {
  it('reads YYYY-MM-DD as that day, not as UTC midnight', () => {
    const date = calendarDate('2026-09-05');
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2026, 8, 5]);
  });
});

describe('formatSatang', () => {
  it('shows baht with two decimals, whole amounts too', () => {
    expect(formatSatang(125_000, 'en')).toBe('฿1,250.00');
    expect(formatSatang(121_250, 'th')).toBe('฿1,212.50');
    expect(formatSatang(-5_000, 'en')).toBe('-฿50.00');
  });
});
