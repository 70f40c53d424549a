import { FileWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '@/i18n/use-language';
import { formatSatang } from '@/lib/format';
import { paths } from '@/lib/paths';
import type { MissingDetails } from '../api/get-billing-details-missing';

/** Settings → Billing details. */
export const billingSettingsLink = { pathname: paths.dashboard.settings.getHref(), search: '?tab=billing' };

/** On a brand's Payments page: its closed months with charges wait for its billing details, and where to give them. */
export function BillingNotice({ missing }: { missing: MissingDetails }) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  return (
    <section aria-labelledby="billing-missing-title" className="flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
      <FileWarning aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-2">
        <h2 id="billing-missing-title" className="font-semibold">
          {t('billing.missing.title')}
        </h2>
        <p className="text-sm">{t('billing.missing.text', { count: missing.months, amount: formatSatang(missing.amountSatang, language) })}</p>
        <Link to={billingSettingsLink} className="inline-block text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-100">
          {t('billing.missing.link')}
        </Link>
      </div>
    </section>
  );
}
