import { format } from 'date-fns';
import { enUS, th } from 'date-fns/locale';

type Language = 'en' | 'th';

const formatters = new Map<Language, Intl.NumberFormat>();

/**
 * Satang as baht with two decimals, as statements show money (฿1,234.50, ฿0.00, -฿12.30).
 * formatBaht drops the decimals of whole amounts, which reads wrong in a column of them.
 */
export function formatSatang(satang: number, language: Language): string {
  let made = formatters.get(language);
  if (!made) {
    made = new Intl.NumberFormat(language === 'th' ? 'th-TH' : 'en-US', { style: 'currency', currency: 'THB', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(language, made);
  }
  return made.format(satang / 100);
}

/** A date the API gives as YYYY-MM-DD, as that calendar day wherever the browser is (new Date() would read it as UTC midnight). */
export function calendarDate(iso: string): Date {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** A month (its first day, YYYY-MM-01) by name: October 2026; ตุลาคม 2569 in Thai (the Buddhist year). */
export function formatMonth(month: string, language: Language): string {
  const date = calendarDate(month);
  return language === 'th' ? `${format(date, 'LLLL', { locale: th })} ${date.getFullYear() + 543}` : format(date, 'LLLL yyyy', { locale: enUS });
}
