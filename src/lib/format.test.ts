import { describe, expect, it } from 'vitest';
import { formatBaht, formatCount, formatDate, formatDateTime, formatDayMonth, timeLeft } from './format';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0K'],
    [1250, '1.2K'],
    [45_200, '45.2K'],
    [999_999, '999.9K'],
    [1_000_000, '1.0M'],
    [57_340_000, '57.3M'],
  ])('%i → %s', (value, expected) => expect(formatCount(value)).toBe(expected));
});

describe('formatBaht', () => {
  it('writes whole baht without decimals and keeps satang when there are some', () => {
    expect(formatBaht(1250, 'en')).toBe('฿1,250');
    expect(formatBaht(120.5, 'en')).toBe('฿120.50');
    expect(formatBaht(1250, 'th')).toBe('฿1,250');
  });
});

describe('formatDate', () => {
  it('reads MMM d, yyyy in English and day-first with Thai month names and the Buddhist year in Thai', () => {
    expect(formatDate('2026-11-21T10:00:00Z', 'en')).toBe('Nov 21, 2026');
    expect(formatDate('2026-11-21T10:00:00Z', 'th')).toBe('21 พ.ย. 2569');
  });
});

describe('formatDateTime', () => {
  // Local time, as the reader's browser shows it.
  const evening = new Date(2026, 10, 21, 17, 5);

  it('adds the local time: 12-hour in English, 24-hour with น. in Thai, Buddhist year', () => {
    expect(formatDateTime(evening, 'en')).toBe('Nov 21, 2026, 5:05 PM');
    expect(formatDateTime(evening, 'th')).toBe('21 พ.ย. 2569 17:05 น.');
  });

  it('has a day-and-month form for chart axes', () => {
    expect(formatDayMonth(evening, 'en')).toBe('Nov 21');
    expect(formatDayMonth(evening, 'th')).toBe('21 พ.ย.');
  });
});

describe('timeLeft', () => {
  const now = Date.UTC(2026, 10, 21, 8, 0);

  it('rounds up to whole hours, and counts minutes in the last hour', () => {
    expect(timeLeft(new Date(now + 30.5 * 3_600_000), now)).toEqual({ unit: 'hours', count: 31 });
    expect(timeLeft(new Date(now + 3_600_000), now)).toEqual({ unit: 'hours', count: 1 });
    expect(timeLeft(new Date(now + 59 * 60_000 + 1), now)).toEqual({ unit: 'hours', count: 1 });
    expect(timeLeft(new Date(now + 59 * 60_000), now)).toEqual({ unit: 'minutes', count: 59 });
    expect(timeLeft(new Date(now + 10_000), now)).toEqual({ unit: 'minutes', count: 1 });
    expect(timeLeft(new Date(now - 60_000), now)).toEqual({ unit: 'minutes', count: 1 });
  });
});
