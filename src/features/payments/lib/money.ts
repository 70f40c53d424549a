type Language = 'en' | 'th';

const formatters = new Map<Language, Intl.NumberFormat>();

/**
 * Satang as baht with both decimals always (฿9,700.00): payment amounts are exact, and
 * formatBaht drops the decimals of whole amounts.
 */
export function formatSatang(satang: number, language: Language): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language === 'th' ? 'th-TH' : 'en-US', { style: 'currency', currency: 'THB', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(language, formatter);
  }
  return formatter.format(satang / 100);
}
