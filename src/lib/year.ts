type Language = 'en' | 'th';

/**
 * The year as the language counts it: Thai uses the Buddhist Era (พ.ศ.), 543 years ahead of
 * the Gregorian year (2026 is 2569). No date library: the footer of the landing page uses it.
 */
export const calendarYear = (date: Date, language: Language) => date.getFullYear() + (language === 'th' ? 543 : 0);
