import { usePayRates } from '@/features/metrics/api/get-pay-rates';
import { formatBaht } from '@/lib/format';
import { siteConfig } from '@/lib/site-config';
import { useLanguage } from '@/i18n/use-language';

const exampleViews = 100_000;

/** The rates as prices, from pay_rates(): the same rates the dashboards compute with. A dash until they load. */
export function usePrices() {
  const language = useLanguage();
  const { data: rates } = usePayRates();
  const baht = (perThousand: (rates: { brandPer1000: number; creatorPer1000: number }) => number, views = 1000) =>
    rates ? formatBaht((views / 1000) * perThousand(rates), language) : '—';
  return {
    brandRate: baht((r) => r.brandPer1000),
    creatorRate: baht((r) => r.creatorPer1000),
    exampleBrand: baht((r) => r.brandPer1000, exampleViews),
    exampleCreator: baht((r) => r.creatorPer1000, exampleViews),
  };
}

/** Values the content texts interpolate: prices, and contacts from siteConfig. */
export function useContentValues() {
  return { ...usePrices(), company: siteConfig.creditLine, email: siteConfig.supportEmail };
}
