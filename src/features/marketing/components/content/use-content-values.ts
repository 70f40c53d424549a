import { useTranslation } from 'react-i18next';
import { formatBaht } from '@/lib/format';
import { siteConfig } from '@/lib/site-config';

const exampleViews = 100_000;

/**
 * Values the content texts interpolate. Prices and contacts come from siteConfig so the
 * pages can never disagree with the rates the dashboards compute with.
 */
export function useContentValues() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'th' ? 'th' : 'en';
  return {
    brandRate: formatBaht(siteConfig.brandRatePer1000, language),
    creatorRate: formatBaht(siteConfig.creatorRatePer1000, language),
    exampleBrand: formatBaht((exampleViews / 1000) * siteConfig.brandRatePer1000, language),
    exampleCreator: formatBaht((exampleViews / 1000) * siteConfig.creatorRatePer1000, language),
    company: siteConfig.creditLine,
    email: siteConfig.supportEmail,
  };
}
