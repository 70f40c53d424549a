type Language = 'en' | 'th';

const localeTag = (language: Language) => (language === 'th' ? 'th-TH' : 'en-US');

/** Thai baht, e.g. ฿1,250 (whole baht) or ฿120.50. */
export function formatBaht(amount: number, language: Language): string {
  return new Intl.NumberFormat(localeTag(language), {
    style: 'currency',
    currency: 'THB',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** Counts as the spec abbreviates them: 1,000 or more as K, 1,000,000 or more as M, one decimal. */
export function formatCount(value: number): string {
  if (value >= 1_000_000) return `${(Math.floor(value / 100_000) / 10).toFixed(1)}M`;
  if (value >= 1_000) return `${(Math.floor(value / 100) / 10).toFixed(1)}K`;
  return String(value);
}

export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(localeTag(language)).format(value);
}
