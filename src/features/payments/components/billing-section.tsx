import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/i18n/use-language';
import { formatSatang } from '@/lib/format';
import { formatDay, formatMonth } from '@/lib/months';
import type { BillingDocument } from '../api/billing-document-row';
import { useBillingDetailsMissing } from '../api/get-billing-details-missing';
import { useCreditsToRefund, useOpenInvoices } from '../api/list-open-invoices';
import { cell, PaymentsSection, PaymentsTable } from './payments-table';
import { RecordPaymentDialog } from './record-payment-dialog';
import { RecordRefundDialog } from './record-refund-dialog';
import { useLoadErrorToast } from './use-load-error';

/** The brands whose months with charges wait for billing details (billing_details_missing): chase them. */
function MissingDetails() {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const missing = useBillingDetailsMissing();
  useLoadErrorToast(missing, t('billing.admin.loadFailed'));
  return (
    <PaymentsSection id="billing-missing-title" title={t('billing.admin.missingTitle')} text={t('billing.admin.missingText')}>
      <PaymentsTable
        caption={t('billing.admin.missingTitle')}
        loaded={missing.isSuccess}
        failed={missing.isError}
        empty={missing.data?.length === 0}
        loadingText={t('billing.admin.loading')}
        emptyText={t('billing.admin.missingEmpty')}
        columns={[{ label: t('billing.admin.columns.brand') }, { label: t('billing.admin.columns.months'), align: 'right' }, { label: t('billing.admin.columns.amount'), align: 'right' }]}
      >
        {missing.data?.map((row) => (
          <tr key={row.brandId}>
            <th scope="row" className={`${cell} font-semibold break-words`}>
              {row.brandName ?? t('billing.admin.unknownBrand')}
            </th>
            <td className={`${cell} text-right tabular-nums`}>{row.months}</td>
            <td className={`${cell} text-right font-semibold whitespace-nowrap tabular-nums`}>{formatSatang(row.amountSatang, language)}</td>
          </tr>
        ))}
      </PaymentsTable>
    </PaymentsSection>
  );
}

/** Invoices with a balance, oldest first, each with Record payment. */
function OpenInvoices() {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const invoices = useOpenInvoices(page);
  const [recording, setRecording] = useState<BillingDocument>();
  useLoadErrorToast(invoices, t('billing.admin.loadFailed'));
  const data = invoices.data;
  const nameOf = (invoice: BillingDocument) => invoice.buyer.name || t('billing.admin.unknownBrand');
  return (
    <PaymentsSection id="billing-open-title" title={t('billing.admin.openTitle')} text={t('billing.admin.openText')}>
      <PaymentsTable
        caption={t('billing.admin.openTitle')}
        loaded={Boolean(data)}
        failed={invoices.isError}
        empty={data?.rows.length === 0}
        loadingText={t('billing.admin.loading')}
        emptyText={t('billing.admin.openEmpty')}
        dimmed={invoices.isPlaceholderData}
        page={page}
        totalPages={data?.totalPages}
        onPage={setPage}
        columns={[
          { label: t('billing.admin.columns.brand') },
          { label: t('billing.admin.columns.invoice'), className: 'hidden md:table-cell' },
          { label: t('billing.admin.columns.total'), align: 'right', className: 'hidden lg:table-cell' },
          { label: t('billing.admin.columns.balance'), align: 'right', className: 'hidden sm:table-cell' },
          { label: t('billing.admin.columns.actions'), align: 'right' },
        ]}
      >
        {data?.rows.map((invoice) => (
          <tr key={invoice.id} className="align-top">
            <th scope="row" className={`${cell} font-normal`}>
              <span className="block font-semibold break-words text-slate-900 dark:text-white">{nameOf(invoice)}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {formatMonth(invoice.month, language)}
                {invoice.dueOn && ` · ${t('billing.documents.dueOn', { date: formatDay(invoice.dueOn, language) })}`}
              </span>
              <span className="block font-mono text-xs break-all text-slate-600 md:hidden dark:text-slate-400">{invoice.number}</span>
              <span className="mt-1 block font-semibold whitespace-nowrap sm:hidden">{formatSatang(invoice.balanceSatang, language)}</span>
            </th>
            <td className={`${cell} hidden md:table-cell`}>
              <span className="block font-mono text-xs">{invoice.number}</span>
              {invoice.status && <Badge tone="warning">{t(`billing.documents.status.${invoice.status}`)}</Badge>}
            </td>
            <td className={`${cell} hidden text-right whitespace-nowrap tabular-nums lg:table-cell`}>{formatSatang(invoice.totalSatang, language)}</td>
            <td className={`${cell} hidden text-right font-semibold whitespace-nowrap tabular-nums sm:table-cell`}>{formatSatang(invoice.balanceSatang, language)}</td>
            <td className={`${cell} text-right`}>
              <Button variant="secondary" size="sm" aria-label={t('billing.admin.recordLabel', { number: invoice.number })} onClick={() => setRecording(invoice)}>
                {t('billing.admin.record')}
              </Button>
            </td>
          </tr>
        ))}
      </PaymentsTable>
      <RecordPaymentDialog key={recording?.id} invoice={recording} brandName={recording ? nameOf(recording) : ''} onClose={() => setRecording(undefined)} />
    </PaymentsSection>
  );
}

/**
 * Credit notes with credit left, oldest first, each with Record refund: a credit is netted
 * against the brand's next invoices by itself; a brand with none to come is paid it back. Shown
 * only when there is one (a failure to load toasts).
 */
function CreditsToRefund() {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const credits = useCreditsToRefund(page);
  const [refunding, setRefunding] = useState<BillingDocument>();
  useLoadErrorToast(credits, t('billing.admin.loadFailed'));
  const data = credits.data;
  if (!data?.rows.length) return null;
  const nameOf = (note: BillingDocument) => note.buyer.name || t('billing.admin.unknownBrand');
  return (
    <PaymentsSection id="billing-credits-title" title={t('billing.admin.creditsTitle')} text={t('billing.admin.creditsText')}>
      <PaymentsTable
        caption={t('billing.admin.creditsTitle')}
        loaded
        failed={false}
        empty={false}
        loadingText={t('billing.admin.loading')}
        emptyText=""
        dimmed={credits.isPlaceholderData}
        page={page}
        totalPages={data.totalPages}
        onPage={setPage}
        columns={[
          { label: t('billing.admin.columns.brand') },
          { label: t('billing.admin.columns.creditNote'), className: 'hidden md:table-cell' },
          { label: t('billing.admin.columns.creditLeft'), align: 'right' },
          { label: t('billing.admin.columns.actions'), align: 'right' },
        ]}
      >
        {data.rows.map((note) => (
          <tr key={note.id} className="align-top">
            <th scope="row" className={`${cell} font-normal`}>
              <span className="block font-semibold break-words text-slate-900 dark:text-white">{nameOf(note)}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">{formatMonth(note.month, language)}</span>
              <span className="block font-mono text-xs break-all text-slate-600 md:hidden dark:text-slate-400">{note.number}</span>
            </th>
            <td className={`${cell} hidden font-mono text-xs md:table-cell`}>{note.number}</td>
            <td className={`${cell} text-right font-semibold whitespace-nowrap tabular-nums`}>{formatSatang(note.balanceSatang, language)}</td>
            <td className={`${cell} text-right`}>
              <Button variant="secondary" size="sm" aria-label={t('billing.admin.refundLabel', { number: note.number })} onClick={() => setRefunding(note)}>
                {t('billing.admin.refund')}
              </Button>
            </td>
          </tr>
        ))}
      </PaymentsTable>
      <RecordRefundDialog key={refunding?.id} creditNote={refunding} brandName={refunding ? nameOf(refunding) : ''} onClose={() => setRefunding(undefined)} />
    </PaymentsSection>
  );
}

/** Billing (issue 34), for admins: brands missing billing details, the invoices to record payments on, the credit to refund. */
export function BillingSection() {
  return (
    <div className="space-y-8">
      <MissingDetails />
      <OpenInvoices />
      <CreditsToRefund />
    </div>
  );
}
