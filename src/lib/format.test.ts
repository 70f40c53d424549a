import { describe, expect, it } from 'vitest';
import { formatBaht, formatCount, formatDate } from './format';

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
  it('reads MMM d, yyyy in English and day-first with Thai month names in Thai', () => {
    expect(formatDate('2026-11-21T10:00:00Z', 'en')).toBe('Nov 21, 2026');
    expect(formatDate('2026-11-21T10:00:00Z', 'th')).toBe('21 พ.ย. 2026');
  });
});
