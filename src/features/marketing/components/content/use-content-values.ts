import { formatBaht } from '@/lib/format';
import { siteConfig } from '@/lib/site-config';
import { useLanguage } from '@/i18n/use-language';

const exampleViews = 100_000;

/**
 * Values the content texts interpolate. Prices and contacts come from siteConfig so the
 * pages can never disagree with the rates the dashboards compute with.
 */
export function useContentValues() {
  const language = useLanguage();
  return {
    brandRate: formatBaht(siteConfig.brandRatePer1000, language),
    creatorRate: formatBaht(siteConfig.creatorRatePer1000, language),
    exampleBrand: formatBaht((exampleViews / 1000) * siteConfig.brandRatePer1000, language),
    exampleCreator: formatBaht((exampleViews / 1000) * siteConfig.creatorRatePer1000, language),
    company: siteConfig.creditLine,
    email: siteConfig.supportEmail,
  };
}
