import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  bangkokDay,
  bangkokMidnight,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatLongDate,
  formatMonth,
  formatTime,
  needsZoneLabel,
  readerClockIsBangkok,
} from './clock.ts';

// 10:05 UTC is 17:05 in Bangkok; 20:00 UTC is already the next day there.
const afternoon = '2026-11-21T10:05:00Z';
const lateUtcEvening = '2026-11-21T20:00:00Z';

afterEach(() => vi.restoreAllMocks());

/** The browser's (here: the process's) clock, as Date reports it: minutes behind UTC (New York in winter: 300). */
const readerOffset = (minutes: number) => vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(minutes);

describe('Bangkok wall time, whatever the machine', () => {
  it('writes a fixed instant as Bangkok reads it: date, time, both, in each language', () => {
    expect(formatDate(afternoon, 'en')).toBe('Nov 21, 2026');
    expect(formatDate(afternoon, 'th')).toBe('21 พ.ย. 2569');
    expect(formatTime(afternoon, 'en', 'never')).toBe('5:05 PM');
    expect(formatTime(afternoon, 'th', 'never')).toBe('17:05 น.');
    expect(formatDateTime(afternoon, 'en', 'never')).toBe('Nov 21, 2026, 5:05 PM');
    expect(formatDateTime(afternoon, 'th', 'never')).toBe('21 พ.ย. 2569 17:05 น.');
    // A Date and milliseconds are the same moment.
    expect(formatDateTime(new Date(afternoon), 'en', 'never')).toBe('Nov 21, 2026, 5:05 PM');
    expect(formatDateTime(Date.parse(afternoon), 'th', 'never')).toBe('21 พ.ย. 2569 17:05 น.');
  });

  it('turns the day, the month and the year where Bangkok does, not where UTC does', () => {
    expect(formatDate(lateUtcEvening, 'en')).toBe('Nov 22, 2026');
    expect(bangkokDay(lateUtcEvening)).toBe('2026-11-22');
    expect(formatDateTime('2026-11-30T17:00:00Z', 'en', 'never')).toBe('Dec 1, 2026, 12:00 AM');
    expect(formatMonth('2026-11-30T17:00:00Z', 'th')).toBe('ธันวาคม 2569');
    expect(formatDateTime('2026-12-31T17:30:00Z', 'th', 'never')).toBe('1 ม.ค. 2570 00:30 น.');
    // A second before: still the old year.
    expect(formatDate('2026-12-31T16:59:59Z', 'th')).toBe('31 ธ.ค. 2569');
  });

  it('writes noon and midnight as a 12-hour clock does in English, 24-hour in Thai', () => {
    expect(formatTime('2026-11-21T05:00:00Z', 'en', 'never')).toBe('12:00 PM');
    expect(formatTime('2026-11-21T17:05:00Z', 'en', 'never')).toBe('12:05 AM');
    expect(formatTime('2026-11-21T17:05:00Z', 'th', 'never')).toBe('00:05 น.');
    expect(formatTime('2026-11-21T02:09:00Z', 'th', 'never')).toBe('09:09 น.');
  });

  it('reads a calendar day (YYYY-MM-DD) as that day in Thailand, never the UTC day before or after', () => {
    expect(formatDate('2026-11-25', 'en')).toBe('Nov 25, 2026');
    expect(formatDate('2026-11-25', 'th')).toBe('25 พ.ย. 2569');
    expect(formatDayMonth('2026-11-25', 'th')).toBe('25 พ.ย.');
    expect(formatDayMonth('2026-11-25', 'en')).toBe('Nov 25');
    expect(formatMonth('2027-01-01', 'en')).toBe('January 2027');
    expect(formatLongDate('2026-11-21', 'en')).toBe('Saturday, November 21, 2026');
    expect(formatLongDate('2026-11-21', 'th')).toBe('วันเสาร์ที่ 21 พฤศจิกายน 2569');
    expect(bangkokMidnight('2026-11-21').toISOString()).toBe('2026-11-20T17:00:00.000Z');
    expect(bangkokDay(bangkokMidnight('2026-11-21'))).toBe('2026-11-21');
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('refuses what is not a moment or a day, rather than showing Invalid Date or moving it', () => {
    for (const bad of ['', 'soon', '2026-02-30', '2026-13-01', '2026-00-10', Number.NaN, new Date('x')]) {
      expect(() => formatDate(bad, 'en'), String(bad)).toThrow(RangeError);
      expect(() => formatDateTime(bad, 'th'), String(bad)).toThrow(RangeError);
    }
  });
});

describe('the zone label on a time of day', () => {
  it('is added when the reader’s clock reads otherwise (New York), in the reader’s language', () => {
    readerOffset(300);
    expect(readerClockIsBangkok(afternoon)).toBe(false);
    expect(formatDateTime(afternoon, 'en')).toBe('Nov 21, 2026, 5:05 PM (Bangkok time)');
    expect(formatDateTime(afternoon, 'th')).toBe('21 พ.ย. 2569 17:05 น. (เวลาไทย)');
    expect(formatTime(afternoon, 'en')).toBe('5:05 PM (Bangkok time)');
  });

  it('is left out for a reader in Bangkok, or in a zone whose clock reads the same then (UTC+7, Jakarta)', () => {
    readerOffset(-420);
    expect(readerClockIsBangkok(afternoon)).toBe(true);
    expect(formatDateTime(afternoon, 'en')).toBe('Nov 21, 2026, 5:05 PM');
    expect(formatDateTime(afternoon, 'th')).toBe('21 พ.ย. 2569 17:05 น.');
  });

  it('is a near neighbour’s too: an hour apart (Tokyo, UTC+9; Yangon, UTC+6:30) still misreads', () => {
    readerOffset(-540);
    expect(needsZoneLabel(afternoon)).toBe(true);
    readerOffset(-390);
    expect(needsZoneLabel(afternoon)).toBe(true);
  });

  it('is always there when asked (an e-mail: the reader’s clock is unknown) and never when not, wherever the reader is', () => {
    readerOffset(-420);
    expect(formatDateTime(afternoon, 'en', 'always')).toBe('Nov 21, 2026, 5:05 PM (Bangkok time)');
    readerOffset(300);
    expect(formatDateTime(afternoon, 'th', 'never')).toBe('21 พ.ย. 2569 17:05 น.');
  });

  it('never goes on a date alone', () => {
    readerOffset(300);
    expect(formatDate(afternoon, 'en')).toBe('Nov 21, 2026');
    expect(formatDayMonth(afternoon, 'th')).toBe('21 พ.ย.');
    expect(formatMonth('2026-11-01', 'en')).toBe('November 2026');
  });
});

describe('in a process whose own zone is not Bangkok', () => {
  // process.env.TZ is read when a process starts: each zone is a process of its own, run side by side.
  const clock = fileURLToPath(new URL('./clock.ts', import.meta.url));
  const script = `
    const c = await import(${JSON.stringify(clock)});
    const at = '2026-03-08T07:30:00Z'; // 14:30 in Bangkok; 03:30 in New York, an hour after its clocks went forward
    console.log(JSON.stringify([c.formatDateTime(at, 'en'), c.formatDateTime(at, 'th'), c.formatDate('2026-11-25', 'en'), c.bangkokDay('2026-11-21T20:00:00Z'), c.formatLongDate(c.bangkokMidnight('2026-11-21'), 'en')]));
  `;
  const run = async (zone: string) => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, TZ: zone }, encoding: 'utf8' });
    return JSON.parse(stdout) as string[];
  };

  it('shows Bangkok’s wall time and days in New York, Kiritimati (UTC+14), Tokyo, Bangkok and Jakarta, labelled unless the clock is Bangkok’s', async () => {
    const zones = ['America/New_York', 'Pacific/Kiritimati', 'Asia/Tokyo', 'Asia/Bangkok', 'Asia/Jakarta'];
    const results = await Promise.all(zones.map(run));
    const expected = (labelled: boolean) => [
      `Mar 8, 2026, 2:30 PM${labelled ? ' (Bangkok time)' : ''}`,
      `8 มี.ค. 2569 14:30 น.${labelled ? ' (เวลาไทย)' : ''}`,
      'Nov 25, 2026',
      '2026-11-22',
      'Saturday, November 21, 2026',
    ];
    expect(Object.fromEntries(zones.map((zone, index) => [zone, results[index]]))).toEqual({
      'America/New_York': expected(true),
      'Pacific/Kiritimati': expected(true),
      'Asia/Tokyo': expected(true),
      'Asia/Bangkok': expected(false),
      'Asia/Jakarta': expected(false),
    });
  }, 60_000);
});
