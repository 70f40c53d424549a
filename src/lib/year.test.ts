import { describe, expect, it } from 'vitest';
import { calendarYear, csvDate } from './year';

describe('calendarYear', () => {
  it('counts Buddhist years in Thai and Gregorian years in English', () => {
    expect(calendarYear(new Date(2026, 10, 21), 'th')).toBe(2569);
    expect(calendarYear(new Date(2026, 10, 21), 'en')).toBe(2026);
    expect(calendarYear(new Date(2027, 0, 1), 'th')).toBe(2570);
  });
});

describe('csvDate', () => {
  it('writes a Thai CSV’s days as dd/mm/yyyy and months as mm/yyyy in the Buddhist year', () => {
    expect(csvDate('2026-09-05', 'th')).toBe('05/09/2569');
    expect(csvDate('2026-12-31', 'th')).toBe('31/12/2569');
    expect(csvDate('2027-01-01', 'th')).toBe('01/01/2570');
    expect(csvDate('2028-02-29', 'th')).toBe('29/02/2571');
    expect(csvDate('2026-10', 'th')).toBe('10/2569');
  });

  it('keeps an English CSV’s days and months as stored, in CE', () => {
    expect(csvDate('2026-09-05', 'en')).toBe('2026-09-05');
    expect(csvDate('2026-10', 'en')).toBe('2026-10');
  });

  it('refuses what is not a calendar day or month, in either language', () => {
    for (const language of ['th', 'en'] as const) {
      for (const bad of ['', '2026', '2026-9-5', '2026-00', '2026-13', '2026-02-29', '2026-04-31', '2026-09-00', '2026-09-05T00:00:00Z', '05/09/2569', ' 2026-09-05']) {
        expect(() => csvDate(bad, language), `${language}: ${bad}`).toThrow('date_invalid');
      }
    }
  });
});
