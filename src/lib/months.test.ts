import { describe, expect, it } from 'vitest';
import { formatSatang } from './format';
import { calendarDate, formatMonth } from './months';

describe('formatMonth', () => {
  it('names a month with its year, the Buddhist year in Thai', () => {
    expect(formatMonth('2026-10-01', 'en')).toBe('October 2026');
    expect(formatMonth('2026-10-01', 'th')).toBe('ตุลาคม 2569');
    expect(formatMonth('2027-01-01', 'th')).toBe('มกราคม 2570');
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
