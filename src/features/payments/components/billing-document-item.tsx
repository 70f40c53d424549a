import { Download, FileSpreadsheet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/i18n/use-language';
import { formatSatang } from '@/lib/format';
import { bangkokDate, formatDay, formatMonth } from '@/lib/months';
import { saveFile } from '@/lib/save-file';
import { useBillingFile } from '../api/billing-document-file';
import type { BillingDocument } from '../api/billing-document-row';

const tones = { due: 'warning', partly_paid: 'warning', paid: 'success', unused: 'brand', applied: 'success', refunded: 'success' } as const;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 font-semibold whitespace-nowrap tabular-nums">{children}</dd>
    </div>
  );
}

/** One billing document: what it is, its number and dates, its amounts, where it stands, and its PDF and CSV. */
export function BillingDocumentItem({ document }: { document: BillingDocument }) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const file = useBillingFile();
  const kind = t(`billing.documents.kinds.${document.kind}`);
  const money = (satang: number) => formatSatang(satang, language);
  const download = (format: 'pdf' | 'csv') =>
    file.mutate({ document, format, language }, { onSuccess: ({ bytes, fileName, type }) => saveFile(typeof bytes === 'string' ? bytes : bytes.slice().buffer, fileName, type) });
  const busy = file.isPending ? file.variables?.format : undefined;
  const invoice = document.kind === 'invoice';
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,2.6fr)_auto] lg:items-center">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold">
            {kind} <span className="font-mono text-sm break-all">{document.number}</span>
          </h3>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {t('billing.documents.issued', { date: formatDay(bangkokDate(document.issuedAt), language) })} · {t('billing.documents.month', { month: formatMonth(document.month, language) })}
          </p>
          {document.relatedNumber && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {t(document.kind === 'credit_note' ? 'billing.documents.reduces' : 'billing.documents.related', { number: document.relatedNumber })}
            </p>
          )}
          {document.status && (
            <span className="flex flex-wrap items-center gap-2 pt-1">
              <Badge tone={tones[document.status]}>{t(`billing.documents.status.${document.status}`)}</Badge>
              {invoice && document.dueOn && document.status !== 'paid' && <span className="text-xs text-slate-600 dark:text-slate-400">{t('billing.documents.dueOn', { date: formatDay(document.dueOn, language) })}</span>}
            </span>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label={t('billing.documents.beforeVat')}>{money(document.subtotalSatang)}</Figure>
          {document.vatRateBp !== null && <Figure label={`${t('billing.documents.vat')} ${document.vatRateBp / 100}%`}>{money(document.vatSatang)}</Figure>}
          <Figure label={t('billing.documents.total')}>{money(document.totalSatang)}</Figure>
          {invoice && <Figure label={t('billing.documents.netDue')}>{money(document.netDueSatang)}</Figure>}
          {invoice && document.status === 'partly_paid' && <Figure label={t('billing.documents.balance')}>{money(document.balanceSatang)}</Figure>}
        </dl>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => download('pdf')} disabled={file.isPending} aria-label={t('billing.documents.pdfLabel', { kind, number: document.number })} className="flex-1 sm:flex-none">
            {busy === 'pdf' ? <Spinner /> : <Download aria-hidden className="size-4" />}
            {busy === 'pdf' ? t('billing.documents.preparing') : t('billing.documents.pdf')}
          </Button>
          <Button variant="secondary" onClick={() => download('csv')} disabled={file.isPending} aria-label={t('billing.documents.csvLabel', { kind, number: document.number })} className="flex-1 sm:flex-none">
            {busy === 'csv' ? <Spinner /> : <FileSpreadsheet aria-hidden className="size-4" />}
            {busy === 'csv' ? t('billing.documents.preparing') : t('billing.documents.csv')}
          </Button>
        </div>
      </div>
    </li>
  );
}
