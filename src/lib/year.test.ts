import { describe, expect, it } from 'vitest';
import { calendarYear } from './year';

describe('calendarYear', () => {
  it('counts Buddhist years in Thai and Gregorian years in English', () => {
    expect(calendarYear(new Date(2026, 10, 21), 'th')).toBe(2569);
    expect(calendarYear(new Date(2026, 10, 21), 'en')).toBe(2026);
    expect(calendarYear(new Date(2027, 0, 1), 'th')).toBe(2570);
  });
});
