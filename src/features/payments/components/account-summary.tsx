import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import type { PayoutAccount } from '../api/list-due-payouts';
import { usePayoutBanks } from '../api/get-payout-banks';
import { lastFour } from '../lib/account';

/** A bank's name in the interface language, else its code. */
export function useBankName() {
  const language = useLanguage();
  const { data: banks } = usePayoutBanks();
  return (code: string) => {
    const bank = banks?.get(code);
    return bank ? (language === 'th' ? bank.name_th : bank.name_en) : code;
  };
}

/** Where a payout goes, as a list shows it: PromptPay or the bank, and only the last 4 digits. */
export function AccountSummary({ account }: { account: PayoutAccount | null }) {
  const { t } = useTranslation('payments');
  const bankName = useBankName();
  if (!account) return <span className="font-medium text-amber-800 dark:text-amber-200">{t('admin.payouts.noDetails')}</span>;
  const digits = lastFour(account.method === 'promptpay' ? account.promptpayId : account.accountNumber);
  return (
    <span>
      {account.method === 'promptpay' ? t('admin.payouts.promptpay') : bankName(account.bankCode)}{' '}
      <span aria-hidden className="font-mono whitespace-nowrap">
        ••••{digits}
      </span>
      <span className="sr-only">{t('admin.payouts.endingIn', { digits })}</span>
    </span>
  );
}
