import type { Language } from '@/i18n';
import { csvDate } from '@/lib/year';

/** What the CSV file's header row says, in the reader's language. */
export type StatementsCsvHeaders = Record<'month' | 'views' | 'gross' | 'wht' | 'net' | 'status' | 'paidOn' | 'reference', string>;

export type StatementsCsvRow = {
  /** YYYY-MM-01. */
  month: string;
  views: number;
  grossSatang: number;
  whtSatang: number;
  netSatang: number;
  /** The status as the page names it (Paid, Due, Carried over). */
  status: string;
  /** YYYY-MM-DD. */
  paidOn: string | null;
  reference: string | null;
};

/** Satang as baht with two decimals and no grouping, as spreadsheets read numbers: 123456 → 1234.56, -5 → -0.05. */
export function bahtWithDecimals(satang: number): string {
  if (!Number.isSafeInteger(satang)) throw new Error('amount_invalid');
  const size = Math.abs(satang);
  return `${satang < 0 ? '-' : ''}${Math.floor(size / 100)}.${String(size % 100).padStart(2, '0')}`;
}

/** A text field: quoted when it must be, and never read by a spreadsheet as a formula (a reference is typed by an admin). */
function textField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The statements as CSV, a month a row: UTF-8 with a byte order mark (so Excel reads Thai),
 * CRLF line ends, amounts in baht with two decimals. Months and dates follow the headers'
 * language: YYYY-MM and YYYY-MM-DD in English, mm/yyyy and dd/mm/yyyy in the Buddhist year in Thai.
 */
export function statementsCsv(headers: StatementsCsvHeaders, rows: StatementsCsvRow[], language: Language): string {
  const header = [headers.month, headers.views, headers.gross, headers.wht, headers.net, headers.status, headers.paidOn, headers.reference].map(textField);
  const records = rows.map((row) => [
    csvDate(row.month.slice(0, 7), language),
    String(row.views),
    bahtWithDecimals(row.grossSatang),
    bahtWithDecimals(row.whtSatang),
    bahtWithDecimals(row.netSatang),
    textField(row.status),
    row.paidOn ? csvDate(row.paidOn, language) : '',
    textField(row.reference ?? ''),
  ]);
  return `\uFEFF${[header, ...records].map((fields) => fields.join(',')).join('\r\n')}\r\n`;
}
