type Language = 'en' | 'th';

const localeTag = (language: Language) => (language === 'th' ? 'th-TH' : 'en-US');

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * One formatter per language and style, made once: making one costs far more than using it
 * (at 4x CPU a dashboard spent 165 ms making them, bench/).
 */
function formatter(language: Language, style: 'baht' | 'number'): Intl.NumberFormat {
  const key = `${language} ${style}`;
  let made = formatters.get(key);
  if (!made) {
    const baht = { style: 'currency', currency: 'THB', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
    made = new Intl.NumberFormat(localeTag(language), style === 'number' ? undefined : baht);
    formatters.set(key, made);
  }
  return made;
}

/**
 * The one rule for money (docs/money.md): baht with both decimals, always (฿1,607.89, ฿727.00,
 * ฿5.00, -฿50.00). A figure that drops its decimals when whole reads as a different kind of
 * number beside one that keeps them.
 */
export function formatBaht(amount: number, language: Language): string {
  return formatter(language, 'baht').format(amount);
}

/** Satang as baht, by the same rule as formatBaht. */
export function formatSatang(satang: number, language: Language): string {
  return formatBaht(satang / 100, language);
}

/** From this amount, a figure in a narrow place (a dashboard's card) is abbreviated. */
const shortFrom = 100_000;

/**
 * Baht where room is short (a stat card on a phone): by the rule of formatBaht below ฿100,000,
 * else abbreviated like counts (฿123.4K, ฿1.2M). Show formatBaht's exact amount as its tooltip.
 */
export function formatBahtShort(amount: number, language: Language): string {
  if (Math.abs(amount) < shortFrom) return formatBaht(amount, language);
  return `${amount < 0 ? '-' : ''}฿${formatCount(Math.abs(amount))}`;
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
