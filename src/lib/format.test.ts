import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('is the day in Bangkok, not the browser’s: 20:00 UTC on the 21st is already the 22nd', () => {
    expect(formatDate('2026-11-21T20:00:00Z', 'en')).toBe('Nov 22, 2026');
    // A calendar day from the API (a deadline) stays that day on every clock.
    expect(formatDate('2026-11-21', 'th')).toBe('21 พ.ย. 2569');
  });
});

describe('formatDateTime', () => {
  // 10:05 UTC: 17:05 in Bangkok, wherever the browser is (these tests run in UTC).
  const evening = new Date('2026-11-21T10:05:00Z');
  afterEach(() => vi.restoreAllMocks());

  it('shows Bangkok’s time: 12-hour in English, 24-hour with น. in Thai, Buddhist year', () => {
    expect(formatDateTime(evening, 'en', 'never')).toBe('Nov 21, 2026, 5:05 PM');
    expect(formatDateTime(evening, 'th', 'never')).toBe('21 พ.ย. 2569 17:05 น.');
  });

  it('says it is Bangkok time to a browser whose clock reads otherwise (New York), and not to one in Bangkok', () => {
    const clock = vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(300);
    expect(formatDateTime(evening, 'en')).toBe('Nov 21, 2026, 5:05 PM (Bangkok time)');
    expect(formatDateTime(evening, 'th')).toBe('21 พ.ย. 2569 17:05 น. (เวลาไทย)');
    clock.mockReturnValue(-420);
    expect(formatDateTime(evening, 'en')).toBe('Nov 21, 2026, 5:05 PM');
    expect(formatDateTime(evening, 'th')).toBe('21 พ.ย. 2569 17:05 น.');
  });

  it('has a day-and-month form for chart axes, a Bangkok day too', () => {
    expect(formatDayMonth(evening, 'en')).toBe('Nov 21');
    expect(formatDayMonth(evening, 'th')).toBe('21 พ.ย.');
    expect(formatDayMonth(Date.parse('2026-11-21T18:00:00Z'), 'en')).toBe('Nov 22');
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
