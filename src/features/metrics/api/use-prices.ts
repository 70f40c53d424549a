import { formatBaht } from '@/lib/format-number';
import { useLanguage } from '@/i18n/use-language';
import { usePayRates, type PayRates } from './get-pay-rates';

const exampleViews = 100_000;

/** The rates of pay_rates() as prices in the reader's language (a dash until they load), for texts that quote them. */
export function usePrices() {
  const language = useLanguage();
  const { data: rates } = usePayRates();
  const baht = (perThousand: (rates: PayRates) => number, views = 1000) => (rates ? formatBaht((views / 1000) * perThousand(rates), language) : '—');
  return {
    brandRate: baht((r) => r.brandPer1000),
    creatorRate: baht((r) => r.creatorPer1000),
    exampleBrand: baht((r) => r.brandPer1000, exampleViews),
    exampleCreator: baht((r) => r.creatorPer1000, exampleViews),
  };
}
