import { Banknote, CheckCircle2, FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/i18n/use-language';
import { firstPage, type PageAt } from '@/lib/paging';
import { useDuePayouts, type DuePayout } from '../api/list-due-payouts';
import { useCertificatePdf } from '../api/download-certificate';
import { usePaidPayouts, type PaidPayout } from '../api/list-paid-payouts';
import { useMarkPayoutPaid } from '../api/mark-payout-paid';
import { formatSatang } from '@/lib/format';
import { formatDay, formatMonth } from '@/lib/months';
import { saveFile } from '@/lib/save-file';
import { AccountSummary } from './account-summary';
import { MarkPaidDialog } from './mark-paid-dialog';
import { PayDialog } from './pay-dialog';
import { cell, PaymentsSection, PaymentsTable } from './payments-table';
import { useLoadErrorToast } from './use-load-error';

function DuePayouts() {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const [at, setAt] = useState<PageAt>(firstPage);
  const payouts = useDuePayouts(at);
  const markPaid = useMarkPayoutPaid();
  const [paying, setPaying] = useState<DuePayout>();
  const [marking, setMarking] = useState<DuePayout>();
  useLoadErrorToast(payouts, t('admin.payouts.loadFailed'));

  const nameOf = (payout: DuePayout) => payout.creatorName ?? t('admin.payouts.unknownCreator');
  const money = (satang: number) => formatSatang(satang, language);
  const closeMarking = () => {
    setMarking(undefined);
    markPaid.reset();
  };
  const data = payouts.data;
  return (
    <PaymentsSection id="payouts-due-title" title={t('admin.payouts.dueTitle')} text={t('admin.payouts.dueText')}>
      <PaymentsTable
        caption={t('admin.payouts.dueTitle')}
        loaded={Boolean(data)}
        failed={payouts.isError}
        empty={data?.rows.length === 0}
        loadingText={t('admin.payouts.loading')}
        emptyText={t('admin.payouts.dueEmpty')}
        dimmed={payouts.isPlaceholderData}
        pager={data && <Pager at={at} page={data} onPage={setAt} />}
        columns={[
          { label: t('admin.payouts.columns.creator') },
          { label: t('admin.payouts.columns.gross'), align: 'right', className: 'hidden lg:table-cell' },
          { label: t('admin.payouts.columns.wht'), align: 'right', className: 'hidden lg:table-cell' },
          { label: t('admin.payouts.columns.net'), align: 'right', className: 'hidden sm:table-cell' },
          { label: t('admin.payouts.columns.method'), className: 'hidden md:table-cell' },
          { label: t('admin.payouts.columns.actions'), align: 'right' },
        ]}
      >
        {data?.rows.map((payout) => {
          const name = nameOf(payout);
          return (
            <tr key={payout.id} className="align-top">
              <th scope="row" className={`${cell} font-normal`}>
                <span className="block font-semibold break-words text-slate-900 dark:text-white">{name}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">{formatMonth(payout.month, language)}</span>
                {/* What the hidden columns say, under the name on smaller screens. */}
                <span className="mt-1 block font-semibold whitespace-nowrap sm:hidden">{money(payout.net_satang)}</span>
                <span className="block text-xs text-slate-600 lg:hidden dark:text-slate-400">
                  {t('admin.payouts.grossWht', { gross: money(payout.gross_satang), wht: money(payout.wht_satang) })}
                </span>
                <span className="mt-1 block text-xs md:hidden">
                  <AccountSummary account={payout.account} />
                </span>
              </th>
              <td className={`${cell} hidden text-right whitespace-nowrap tabular-nums lg:table-cell`}>{money(payout.gross_satang)}</td>
              <td className={`${cell} hidden text-right whitespace-nowrap tabular-nums lg:table-cell`}>{money(payout.wht_satang)}</td>
              <td className={`${cell} hidden text-right font-semibold whitespace-nowrap tabular-nums sm:table-cell`}>{money(payout.net_satang)}</td>
              <td className={`${cell} hidden md:table-cell`}>
                <AccountSummary account={payout.account} />
              </td>
              <td className={cell}>
                {payout.account && (
                  <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:justify-end">
                    <Button size="sm" aria-label={t('admin.payouts.payLabel', { name })} onClick={() => setPaying(payout)}>
                      <Banknote aria-hidden className="size-4" />
                      {t('admin.payouts.pay')}
                    </Button>
                    <Button variant="secondary" size="sm" aria-label={t('admin.payouts.markPaidLabel', { name })} onClick={() => setMarking(payout)}>
                      <CheckCircle2 aria-hidden className="size-4" />
                      {t('admin.payouts.markPaid')}
                    </Button>
                  </div>
                )}
              </td>
            </tr>
          );
        })}
      </PaymentsTable>
      <PayDialog
        payout={paying}
        name={paying ? nameOf(paying) : ''}
        onClose={() => setPaying(undefined)}
        onMarkPaid={(payout) => {
          setPaying(undefined);
          setMarking(payout);
        }}
      />
      <MarkPaidDialog
        open={Boolean(marking)}
        title={t('admin.markPaid.payoutTitle')}
        description={marking ? t('admin.markPaid.payoutText', { name: nameOf(marking), month: formatMonth(marking.month, language), amount: money(marking.net_satang) }) : ''}
        pending={markPaid.isPending}
        error={markPaid.error}
        onClose={closeMarking}
        onSubmit={(record) =>
          marking &&
          markPaid.mutate(
            { payoutId: marking.id, ...record },
            {
              onSuccess: () => {
                toast.success(t('admin.payouts.paidToast'));
                closeMarking();
              },
            },
          )
        }
      />
    </PaymentsSection>
  );
}

/** The withholding tax certificate (50 ทวิ) of a paid payout with tax, as the creator downloads it too. */
function CertificateButton({ payout }: { payout: PaidPayout }) {
  const { t } = useTranslation('payments');
  const pdf = useCertificatePdf();
  const name = payout.creatorName ?? t('admin.payouts.unknownCreator');
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={pdf.isPending}
      aria-label={t('admin.payouts.certificateLabel', { name })}
      onClick={() => pdf.mutate(payout, { onSuccess: ({ bytes, fileName }) => saveFile(bytes, fileName, 'application/pdf') })}
    >
      <FileDown aria-hidden className="size-4" />
      {t('admin.payouts.certificate')}
    </Button>
  );
}

function PaidPayouts() {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const [at, setAt] = useState<PageAt>(firstPage);
  const payouts = usePaidPayouts(at);
  useLoadErrorToast(payouts, t('admin.payouts.loadFailed'));
  const data = payouts.data;
  return (
    <PaymentsSection id="payouts-paid-title" title={t('admin.payouts.paidTitle')}>
      <PaymentsTable
        caption={t('admin.payouts.paidTitle')}
        loaded={Boolean(data)}
        failed={payouts.isError}
        empty={data?.rows.length === 0}
        loadingText={t('admin.payouts.loading')}
        emptyText={t('admin.payouts.paidEmpty')}
        dimmed={payouts.isPlaceholderData}
        pager={data && <Pager at={at} page={data} onPage={setAt} />}
        columns={[
          { label: t('admin.payouts.columns.creator') },
          { label: t('admin.payouts.columns.net'), align: 'right' },
          { label: t('admin.payouts.columns.paidOn'), className: 'hidden sm:table-cell' },
          { label: t('admin.payouts.columns.reference'), className: 'hidden md:table-cell' },
          { label: t('admin.payouts.columns.documents'), align: 'right' },
        ]}
      >
        {data?.rows.map((payout) => (
          <tr key={payout.id} className="align-top">
            <th scope="row" className={`${cell} font-normal`}>
              <span className="block font-semibold break-words text-slate-900 dark:text-white">{payout.creatorName ?? t('admin.payouts.unknownCreator')}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">{formatMonth(payout.month, language)}</span>
              <span className="block text-xs break-all text-slate-600 md:hidden dark:text-slate-400">
                <span className="sm:hidden">{formatDay(payout.paid_on, language)} · </span>
                {payout.reference}
              </span>
            </th>
            <td className={`${cell} text-right font-semibold whitespace-nowrap tabular-nums`}>{formatSatang(payout.net_satang, language)}</td>
            <td className={`${cell} hidden whitespace-nowrap sm:table-cell`}>{formatDay(payout.paid_on, language)}</td>
            <td className={`${cell} hidden font-mono text-xs break-all md:table-cell`}>{payout.reference}</td>
            <td className={`${cell} text-right`}>{payout.wht_satang > 0 ? <CertificateButton payout={payout} /> : null}</td>
          </tr>
        ))}
      </PaymentsTable>
    </PaymentsSection>
  );
}

/** Payouts: what closed months owe creators (pay, then mark paid), and what was paid. */
export function PayoutsSection() {
  return (
    <div className="space-y-8">
      <DuePayouts />
      <PaidPayouts />
    </div>
  );
}
