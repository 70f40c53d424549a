import { describe, expect, it } from 'vitest';
import { formatBaht, formatBahtShort, formatCount, formatSatang, formatDate, formatDateTime, formatDayMonth, timeLeft } from './format';

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
  it('writes every amount with both decimals, whole or not, in both languages', () => {
    expect(formatBaht(1607.89, 'en')).toBe('฿1,607.89');
    expect(formatBaht(727, 'en')).toBe('฿727.00');
    expect(formatBaht(5, 'th')).toBe('฿5.00');
    expect(formatBaht(-50, 'en')).toBe('-฿50.00');
  });

  it('is the rule formatSatang follows', () => {
    expect(formatSatang(72_700, 'en')).toBe(formatBaht(727, 'en'));
    expect(formatSatang(160_789, 'th')).toBe('฿1,607.89');
  });
});

describe('formatBahtShort', () => {
  it('keeps the exact amount below ฿100,000 and abbreviates from there, like counts', () => {
    expect(formatBahtShort(99_999.99, 'en')).toBe('฿99,999.99');
    expect(formatBahtShort(123_456.78, 'en')).toBe('฿123.4K');
    expect(formatBahtShort(2_500_000, 'th')).toBe('฿2.5M');
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
