import { usePrices } from '@/features/metrics/api/use-prices';
import { siteConfig } from '@/lib/site-config';

/** Values the content texts interpolate: prices from pay_rates(), and contacts from siteConfig. */
export function useContentValues() {
  return { ...usePrices(), company: siteConfig.creditLine, email: siteConfig.supportEmail };
}
