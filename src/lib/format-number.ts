type Language = 'en' | 'th';

const localeTag = (language: Language) => (language === 'th' ? 'th-TH' : 'en-US');

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * One formatter per language and style, made once: making one costs far more than using it
 * (at 4x CPU a dashboard spent 165 ms making them, bench/).
 */
function formatter(language: Language, style: 'whole baht' | 'baht' | 'number'): Intl.NumberFormat {
  const key = `${language} ${style}`;
  let made = formatters.get(key);
  if (!made) {
    const baht = { style: 'currency', currency: 'THB', currencyDisplay: 'narrowSymbol', minimumFractionDigits: style === 'baht' ? 2 : 0, maximumFractionDigits: 2 } as const;
    made = new Intl.NumberFormat(localeTag(language), style === 'number' ? undefined : baht);
    formatters.set(key, made);
  }
  return made;
}

/** Thai baht, e.g. ฿1,250 (whole baht) or ฿120.50. */
export function formatBaht(amount: number, language: Language): string {
  return formatter(language, Number.isInteger(amount) ? 'whole baht' : 'baht').format(amount);
}

/**
 * Satang as baht with both decimals always (฿1,250.00, -฿50.00): statements, payouts and
 * invoices are exact amounts, and a column of them reads wrong when whole ones drop the decimals.
 */
export function formatSatang(satang: number, language: Language): string {
  return formatter(language, 'baht').format(satang / 100);
}

/** Counts as the spec abbreviates them: 1,000 or more as K, 1,000,000 or more as M, one decimal. */
export function formatCount(value: number): string {
  if (value >= 1_000_000) return `${(Math.floor(value / 100_000) / 10).toFixed(1)}M`;
  if (value >= 1_000) return `${(Math.floor(value / 100) / 10).toFixed(1)}K`;
  return String(value);
}

export function formatNumber(value: number, language: Language): string {
  return formatter(language, 'number').format(value);
}
