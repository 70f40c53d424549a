import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/i18n/use-language';
import type { DuePayout, PayoutAccount } from '../api/list-due-payouts';
import { usePromptPayQr } from '../api/get-promptpay-qr';
import { formatPromptPayId } from '../lib/account';
import { formatSatang } from '@/lib/format';
import { formatMonth } from '@/lib/months';
import { useBankName } from './account-summary';

function Detail({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={mono ? 'font-mono text-base font-semibold break-all select-all' : 'font-semibold break-words sm:text-right'}>{value}</dd>
    </div>
  );
}

/** The QR code of a PromptPay transfer of exactly the net amount. */
function PromptPayQr({ target, amountSatang, amountText }: { target: string; amountSatang: number; amountText: string }) {
  const { t } = useTranslation('payments');
  const qr = usePromptPayQr(target, amountSatang);
  if (qr.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600 dark:text-slate-300">
        <Spinner /> {t('admin.pay.qrLoading')}
      </p>
    );
  }
  if (qr.isError) return <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100">{t('admin.pay.qrFailed')}</p>;
  return (
    <figure className="flex flex-col items-center">
      <img src={qr.data.image} alt={t('admin.pay.qrAlt', { amount: amountText })} width={240} height={240} className="size-60 rounded-lg border border-slate-200 bg-white" />
      <figcaption className="mt-2 text-center text-xs text-slate-600 dark:text-slate-400">{t('admin.pay.qrHint')}</figcaption>
    </figure>
  );
}

function Destination({ account, amountSatang, amountText }: { account: PayoutAccount; amountSatang: number; amountText: string }) {
  const { t } = useTranslation('payments');
  const bankName = useBankName();
  if (account.method === 'promptpay') {
    return (
      <div className="space-y-4">
        <PromptPayQr target={account.promptpayId} amountSatang={amountSatang} amountText={amountText} />
        <dl className="space-y-2">
          <Detail label={t('admin.pay.promptpayId')} value={formatPromptPayId(account.promptpayId)} mono />
        </dl>
      </div>
    );
  }
  return (
    <dl className="space-y-2">
      <Detail label={t('admin.pay.bank')} value={bankName(account.bankCode)} />
      <Detail label={t('admin.pay.accountName')} value={account.accountName} />
      <Detail label={t('admin.pay.accountNumber')} value={account.accountNumber} mono />
    </dl>
  );
}

/**
 * How to pay a creator: the net amount, and a PromptPay QR code for it (any Thai banking app
 * pays it) or the bank account in full. Admins may see the full details; lists show 4 digits.
 */
export function PayDialog({ payout, name, onMarkPaid, onClose }: { payout: DuePayout | undefined; name: string; onMarkPaid: (payout: DuePayout) => void; onClose: () => void }) {
  const { t } = useTranslation(['payments', 'common']);
  const language = useLanguage();
  const account = payout?.account;
  return (
    <Dialog open={Boolean(payout && account)} onOpenChange={(open) => !open && onClose()}>
      {payout && account && (
        <DialogContent closeLabel={t('common:actions.close')}>
          <DialogTitle className="pr-8 text-lg font-semibold break-words">{t('admin.pay.title', { name })}</DialogTitle>
          <DialogDescription className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {payout.wht_satang > 0
              ? t('admin.pay.textWithTax', { month: formatMonth(payout.month, language), rate: payout.wht_rate_bp / 100 })
              : t('admin.pay.textNoTax', { month: formatMonth(payout.month, language) })}
          </DialogDescription>
          <div className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-center dark:bg-brand-800/30">
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('admin.pay.amount')}</p>
            <p className="text-3xl font-bold tracking-tight">{formatSatang(payout.net_satang, language)}</p>
          </div>
          <div className="mt-4">
            <Destination account={account} amountSatang={payout.net_satang} amountText={formatSatang(payout.net_satang, language)} />
          </div>
          <div className="mt-6 flex flex-col sm:flex-row sm:justify-end">
            <Button onClick={() => onMarkPaid(payout)}>{t('admin.pay.markPaid')}</Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
