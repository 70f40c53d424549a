import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses, textLinkClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/features/auth/api/use-auth';
import { paths } from '@/lib/paths';
import { usePayRules } from '../api/get-pay-rules';
import { usePayoutAccount } from '../api/get-payout-account';
import { useThisMonth } from '../api/get-this-month';
import { payoutSettingsLink } from '../components/certificate-button';
import { StatementsSection } from '../components/statements-section';
import { ThisMonthCard } from '../components/this-month-card';

/**
 * /dashboard/earnings (issue 14): the month so far, accruing; the closed months' statements
 * with their status, campaigns and videos; the CSV file and the withholding tax certificates.
 * Its requests start together: this month, the statements, the pay rules and the payout details.
 */
export default function EarningsPage() {
  const { t } = useTranslation('earnings');
  const { user, profile } = useAuth();
  const userId = user?.id;
  const thisMonth = useThisMonth(userId);
  const rules = usePayRules();
  const account = usePayoutAccount(userId);
  const profileName = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <p className="max-w-2xl text-sm text-slate-600 dark:text-slate-400">{t('page.intro')}</p>
        <Link to={paths.help.getHref('creatorPaid')} className={textLinkClasses()}>
          {t('page.howPaymentWorks')}
        </Link>
      </div>

      <ThisMonthCard month={thisMonth.data} error={thisMonth.error} />

      {account.isSuccess && !account.data && (
        <Card className="flex flex-col gap-3 border-brand-200 bg-brand-50 sm:flex-row sm:items-center sm:justify-between dark:border-brand-800 dark:bg-brand-800/20">
          <div>
            <h2 className="font-semibold">{t('setup.title')}</h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('setup.text')}</p>
          </div>
          <Link to={payoutSettingsLink} className={buttonClasses({ className: 'shrink-0' })}>
            {t('setup.action')}
          </Link>
        </Card>
      )}

      {userId && <StatementsSection userId={userId} profileName={profileName} rules={rules.data} />}
    </div>
  );
}
