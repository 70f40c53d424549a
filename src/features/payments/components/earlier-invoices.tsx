import { Download } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/pagination';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/use-auth';
import { useLanguage } from '@/i18n/use-language';
import { formatNumber, formatSatang } from '@/lib/format';
import { formatDay, formatMonth } from '@/lib/months';
import { saveFile } from '@/lib/save-file';
import { useInvoicePdf } from '../api/download-invoice-pdf';
import type { Invoice } from '../api/invoice-row';
import { useEarlierInvoices } from '../api/list-earlier-invoices';
import { useLoadErrorToast } from './use-load-error';

function Status({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  if (invoice.status === 'due') return <Badge tone="warning">{t('brand.due')}</Badge>;
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone="success">{invoice.paidOn ? t('brand.paidOn', { date: formatDay(invoice.paidOn, language) }) : t('brand.paid')}</Badge>
      {invoice.reference && <span className="text-xs break-all text-slate-600 dark:text-slate-400">{t('brand.reference', { reference: invoice.reference })}</span>}
    </span>
  );
}

function Figure({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

/** One month's old invoice: its month and number, counted views, amount, status, and its PDF. */
function InvoiceItem({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const { user, profile } = useAuth();
  const pdf = useInvoicePdf();
  const month = formatMonth(invoice.month, language);
  // A brand's name is its first_name (as lists show brands), else its first and last name.
  const buyerName = profile?.first_name?.trim() || [profile?.first_name, profile?.last_name].filter(Boolean).join(' ').trim() || user?.email || '';
  const download = () =>
    pdf.mutate(
      { invoice, buyer: { name: buyerName, email: user?.email ?? undefined }, language, untitled: t('brand.untitled') },
      { onSuccess: ({ bytes, fileName }) => saveFile(bytes.slice().buffer, fileName, 'application/pdf') },
    );
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,2.7fr)_auto] lg:items-center">
        <div className="min-w-0">
          <h3 className="font-semibold">{month}</h3>
          <p className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">
            <span className="sr-only">{t('brand.number')} </span>
            {invoice.number}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Figure label={t('brand.views')}>{formatNumber(invoice.views, language)}</Figure>
          <Figure label={t('brand.amount')}>{formatSatang(invoice.amountSatang, language)}</Figure>
          <Figure label={t('brand.status')} className="col-span-2 sm:col-span-1">
            <Status invoice={invoice} />
          </Figure>
        </dl>
        <Button variant="secondary" onClick={download} disabled={pdf.isPending} aria-label={t('brand.downloadLabel', { month, number: invoice.number })} className="w-full sm:w-auto">
          {pdf.isPending ? <Spinner /> : <Download aria-hidden className="size-4" />}
          {pdf.isPending ? t('brand.downloading') : t('brand.download')}
        </Button>
      </div>
    </li>
  );
}

/**
 * The brand's old monthly invoices (brand_invoices) of the months billing documents do not cover,
 * each as its PDF: months before `before`, the first month with billing documents (every month
 * when null: a brand without billing details has none yet). Shown only when there are some.
 */
export function EarlierInvoices({ brandId, before, enabled }: { brandId: string | undefined; before: string | null; enabled: boolean }) {
  const { t } = useTranslation('payments');
  const [page, setPage] = useState(1);
  const invoices = useEarlierInvoices(brandId, before, page, enabled);
  useLoadErrorToast(invoices, t('brand.loadFailed'));
  const data = invoices.data;
  if (!enabled || !data || data.rows.length === 0) return null;
  return (
    <section aria-labelledby="earlier-invoices-title" className="space-y-3">
      <div>
        <h2 id="earlier-invoices-title" className="text-lg font-semibold">
          {t('billing.earlier.title')}
        </h2>
        <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-400">{t('billing.earlier.explain')}</p>
      </div>
      <ul aria-labelledby="earlier-invoices-title" className={`space-y-3 ${invoices.isPlaceholderData ? 'opacity-60' : ''}`}>
        {data.rows.map((invoice) => (
          <InvoiceItem key={invoice.month} invoice={invoice} />
        ))}
      </ul>
      <Pagination page={Math.min(page, data.totalPages)} totalPages={data.totalPages} onPage={setPage} />
    </section>
  );
}
