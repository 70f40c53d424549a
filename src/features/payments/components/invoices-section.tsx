import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/i18n/use-language';
import { firstPage, type PageAt } from '@/lib/paging';
import { formatNumber } from '@/lib/format';
import { useAdminInvoices, type AdminInvoice } from '../api/list-admin-invoices';
import { useMarkInvoicePaid } from '../api/mark-invoice-paid';
import { formatSatang } from '@/lib/format';
import { formatDay, formatMonth } from '@/lib/months';
import { MarkPaidDialog } from './mark-paid-dialog';
import { cell, PaymentsSection, PaymentsTable } from './payments-table';
import { useLoadErrorToast } from './use-load-error';

function DueInvoices() {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const [at, setAt] = useState<PageAt>(firstPage);
  const invoices = useAdminInvoices('due', at);
  const markPaid = useMarkInvoicePaid();
  const [marking, setMarking] = useState<AdminInvoice>();
  useLoadErrorToast(invoices, t('admin.invoices.loadFailed'));

  const nameOf = (invoice: AdminInvoice) => invoice.brandName ?? t('admin.invoices.unknownBrand');
  const closeMarking = () => {
    setMarking(undefined);
    markPaid.reset();
  };
  const data = invoices.data;
  return (
    <PaymentsSection id="invoices-due-title" title={t('admin.invoices.dueTitle')} text={t('admin.invoices.dueText')}>
      <PaymentsTable
        caption={t('admin.invoices.dueTitle')}
        loaded={Boolean(data)}
        failed={invoices.isError}
        empty={data?.rows.length === 0}
        loadingText={t('admin.invoices.loading')}
        emptyText={t('admin.invoices.dueEmpty')}
        dimmed={invoices.isPlaceholderData}
        pager={data && <Pager at={at} page={data} onPage={setAt} />}
        columns={[
          { label: t('admin.invoices.columns.brand') },
          { label: t('admin.invoices.columns.number'), className: 'hidden md:table-cell' },
          { label: t('admin.invoices.columns.views'), align: 'right', className: 'hidden lg:table-cell' },
          { label: t('admin.invoices.columns.amount'), align: 'right', className: 'hidden sm:table-cell' },
          { label: t('admin.invoices.columns.actions'), align: 'right' },
        ]}
      >
        {data?.rows.map((invoice) => (
          <tr key={`${invoice.brandId} ${invoice.month}`} className="align-top">
            <th scope="row" className={`${cell} font-normal`}>
              <span className="block font-semibold break-words text-slate-900 dark:text-white">{nameOf(invoice)}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">{formatMonth(invoice.month, language)}</span>
              <span className="block font-mono text-xs break-all text-slate-600 md:hidden dark:text-slate-400">{invoice.number}</span>
              <span className="mt-1 block font-semibold whitespace-nowrap sm:hidden">{formatSatang(invoice.amountSatang, language)}</span>
            </th>
            <td className={`${cell} hidden font-mono text-xs md:table-cell`}>{invoice.number}</td>
            <td className={`${cell} hidden text-right tabular-nums lg:table-cell`}>{formatNumber(invoice.views, language)}</td>
            <td className={`${cell} hidden text-right font-semibold whitespace-nowrap tabular-nums sm:table-cell`}>{formatSatang(invoice.amountSatang, language)}</td>
            <td className={`${cell} text-right`}>
              <Button variant="secondary" size="sm" aria-label={t('admin.invoices.markPaidLabel', { number: invoice.number })} onClick={() => setMarking(invoice)}>
                <CheckCircle2 aria-hidden className="size-4" />
                {t('admin.invoices.markPaid')}
              </Button>
            </td>
          </tr>
        ))}
      </PaymentsTable>
      <MarkPaidDialog
        open={Boolean(marking)}
        title={t('admin.markPaid.invoiceTitle')}
        description={marking ? t('admin.markPaid.invoiceText', { name: nameOf(marking), number: marking.number, amount: formatSatang(marking.amountSatang, language) }) : ''}
        pending={markPaid.isPending}
        error={markPaid.error}
        onClose={closeMarking}
        onSubmit={(record) =>
          marking &&
          markPaid.mutate(
            { brandId: marking.brandId, month: marking.month, ...record },
            {
              onSuccess: () => {
                toast.success(t('admin.invoices.paidToast'));
                closeMarking();
              },
            },
          )
        }
      />
    </PaymentsSection>
  );
}

function PaidInvoices() {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const [at, setAt] = useState<PageAt>(firstPage);
  const invoices = useAdminInvoices('paid', at);
  useLoadErrorToast(invoices, t('admin.invoices.loadFailed'));
  const data = invoices.data;
  return (
    <PaymentsSection id="invoices-paid-title" title={t('admin.invoices.paidTitle')}>
      <PaymentsTable
        caption={t('admin.invoices.paidTitle')}
        loaded={Boolean(data)}
        failed={invoices.isError}
        empty={data?.rows.length === 0}
        loadingText={t('admin.invoices.loading')}
        emptyText={t('admin.invoices.paidEmpty')}
        dimmed={invoices.isPlaceholderData}
        pager={data && <Pager at={at} page={data} onPage={setAt} />}
        columns={[
          { label: t('admin.invoices.columns.brand') },
          { label: t('admin.invoices.columns.amount'), align: 'right' },
          { label: t('admin.invoices.columns.paidOn'), className: 'hidden sm:table-cell' },
          { label: t('admin.invoices.columns.reference'), className: 'hidden md:table-cell' },
        ]}
      >
        {data?.rows.map((invoice) => (
          <tr key={`${invoice.brandId} ${invoice.month}`} className="align-top">
            <th scope="row" className={`${cell} font-normal`}>
              <span className="block font-semibold break-words text-slate-900 dark:text-white">{invoice.brandName ?? t('admin.invoices.unknownBrand')}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {formatMonth(invoice.month, language)} · <span className="font-mono break-all">{invoice.number}</span>
              </span>
              <span className="block text-xs break-all text-slate-600 md:hidden dark:text-slate-400">
                <span className="sm:hidden">{invoice.paidOn && formatDay(invoice.paidOn, language)} · </span>
                {invoice.reference}
              </span>
            </th>
            <td className={`${cell} text-right font-semibold whitespace-nowrap tabular-nums`}>{formatSatang(invoice.amountSatang, language)}</td>
            <td className={`${cell} hidden whitespace-nowrap sm:table-cell`}>{invoice.paidOn && formatDay(invoice.paidOn, language)}</td>
            <td className={`${cell} hidden font-mono text-xs break-all md:table-cell`}>{invoice.reference}</td>
          </tr>
        ))}
      </PaymentsTable>
    </PaymentsSection>
  );
}

/** Brands' invoices: those due (mark paid when the brand's transfer arrives), and those paid. */
export function InvoicesSection() {
  return (
    <div className="space-y-8">
      <DueInvoices />
      <PaidInvoices />
    </div>
  );
}
