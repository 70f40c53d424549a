import { describe, expect, it } from 'vitest';
import { bahtWithDecimals, statementsCsv, type StatementsCsvHeaders } from './statements-csv';

const english: StatementsCsvHeaders = {
  month: 'Month',
  views: 'Views',
  gross: 'Gross',
  wht: 'Withholding tax',
  net: 'Net',
  status: 'Status',
  paidOn: 'Paid on',
  reference: 'Reference',
};

describe('bahtWithDecimals', () => {
  it('writes satang as baht with two decimals, no grouping, keeping the sign of a correction', () => {
    expect(bahtWithDecimals(125_000)).toBe('1250.00');
    expect(bahtWithDecimals(121_250)).toBe('1212.50');
    expect(bahtWithDecimals(5)).toBe('0.05');
    expect(bahtWithDecimals(0)).toBe('0.00');
    expect(bahtWithDecimals(-5_030)).toBe('-50.30');
    expect(bahtWithDecimals(123_456_789_01)).toBe('123456789.01');
  });

  it('refuses what is not a whole number of satang', () => {
    expect(() => bahtWithDecimals(1.5)).toThrow('amount_invalid');
  });
});

describe('statementsCsv', () => {
  it('starts with a byte order mark, heads the columns in the given language and ends every line with CRLF', () => {
    const csv = statementsCsv(english, [], 'en');
    expect(csv).toBe('\uFEFFMonth,Views,Gross,Withholding tax,Net,Status,Paid on,Reference\r\n');
  });

  it('writes a month a row: YYYY-MM, views, baht with two decimals, the status as named, the payment', () => {
    const csv = statementsCsv(english, [
      { month: '2026-10-01', views: 104_000, grossSatang: 52_000, whtSatang: 0, netSatang: 56_000, status: 'Due', paidOn: null, reference: null },
      { month: '2026-09-01', views: 8_000, grossSatang: 4_000, whtSatang: 0, netSatang: 0, status: 'Carried over', paidOn: null, reference: null },
      { month: '2026-08-01', views: 250_000, grossSatang: 125_000, whtSatang: 3_750, netSatang: 121_250, status: 'Paid', paidOn: '2026-09-05', reference: 'KB 0905-77' },
    ], 'en');
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Month,Views,Gross,Withholding tax,Net,Status,Paid on,Reference',
      '2026-10,104000,520.00,0.00,560.00,Due,,',
      '2026-09,8000,40.00,0.00,0.00,Carried over,,',
      '2026-08,250000,1250.00,37.50,1212.50,Paid,2026-09-05,KB 0905-77',
      '',
    ]);
  });

  it('keeps Thai text as it is, and quotes or defuses text a spreadsheet would misread', () => {
    const thai: StatementsCsvHeaders = { ...english, month: 'เดือน', gross: 'ยอดก่อนหักภาษี', wht: 'ภาษีหัก ณ ที่จ่าย', status: 'สถานะ' };
    const csv = statementsCsv(thai, [
      { month: '2026-08-01', views: -1_000, grossSatang: -500, whtSatang: 0, netSatang: 0, status: 'ยกยอด', paidOn: null, reference: null },
      { month: '2026-07-01', views: 10, grossSatang: 5, whtSatang: 0, netSatang: 5, status: 'โอนแล้ว', paidOn: '2026-08-03', reference: '=HYPERLINK("x")' },
      { month: '2026-06-01', views: 10, grossSatang: 5, whtSatang: 0, netSatang: 5, status: 'Paid', paidOn: '2026-07-03', reference: 'A, B' },
    ], 'th');
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('เดือน,Views,ยอดก่อนหักภาษี,ภาษีหัก ณ ที่จ่าย,Net,สถานะ,Paid on,Reference');
    // A correction's negative amounts stay numbers; only text fields are guarded.
    expect(lines[1]).toBe('08/2569,-1000,-5.00,0.00,0.00,ยกยอด,,');
    expect(lines[2]).toBe(`07/2569,10,0.05,0.00,0.05,โอนแล้ว,03/08/2569,"'=HYPERLINK(""x"")"`);
    expect(lines[3]).toBe('06/2569,10,0.05,0.00,0.05,Paid,03/07/2569,"A, B"');
  });

  it('writes months and dates in the Buddhist year under Thai headers and in CE under English ones', () => {
    const rows = [
      { month: '2026-12-01', views: 2_000, grossSatang: 1_000, whtSatang: 0, netSatang: 1_000, status: 'x', paidOn: '2027-01-05', reference: null },
      { month: '2027-01-01', views: 2_000, grossSatang: 1_000, whtSatang: 0, netSatang: 1_000, status: 'x', paidOn: '2027-02-28', reference: null },
    ];
    const thai = statementsCsv(english, rows, 'th').slice(1).split('\r\n');
    expect(thai.slice(1, 3)).toEqual(['12/2569,2000,10.00,0.00,10.00,x,05/01/2570,', '01/2570,2000,10.00,0.00,10.00,x,28/02/2570,']);
    const inEnglish = statementsCsv(english, rows, 'en').slice(1).split('\r\n');
    expect(inEnglish.slice(1, 3)).toEqual(['2026-12,2000,10.00,0.00,10.00,x,2027-01-05,', '2027-01,2000,10.00,0.00,10.00,x,2027-02-28,']);
    // No Western year is left in the Thai file, and no Buddhist year in the English one.
    expect(thai.join('\n')).not.toMatch(/202[67]/);
    expect(inEnglish.join('\n')).not.toMatch(/257\d|256\d/);
  });

  it('refuses a month or a payment day it cannot read, rather than write a wrong date', () => {
    const row = { month: '2026-10-01', views: 1, grossSatang: 1, whtSatang: 0, netSatang: 1, status: 'x', paidOn: null, reference: null };
    expect(() => statementsCsv(english, [{ ...row, paidOn: '2026-02-30' }], 'th')).toThrow('date_invalid');
    expect(() => statementsCsv(english, [{ ...row, paidOn: '2026-11-05T10:00:00Z' }], 'en')).toThrow('date_invalid');
    expect(() => statementsCsv(english, [{ ...row, month: '2026-13-01' }], 'th')).toThrow('date_invalid');
  });
});
