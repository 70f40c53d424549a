import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/pagination';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/use-auth';
import { useBillingDetailsMissing } from '../api/get-billing-details-missing';
import { useBillingDocuments } from '../api/list-billing-documents';
import { useFirstBillingMonth } from '../api/list-earlier-invoices';
import { BillingDocumentItem } from '../components/billing-document-item';
import { BillingNotice } from '../components/billing-notice';
import { EarlierInvoices } from '../components/earlier-invoices';
import { useLoadErrorToast } from '../components/use-load-error';

/**
 * /dashboard/payments: the brand's billing documents (invoices, receipts/tax invoices, credit
 * notes), newest first, each as PDF and CSV; a notice while months wait for its billing details;
 * and the old monthly invoices of the months billing documents do not cover (billed before they
 * existed, or waiting for the brand's billing details: those are invoiced once it gives them).
 */
export default function BrandPaymentsPage() {
  const { t } = useTranslation('payments');
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const documents = useBillingDocuments(user?.id, page);
  const missing = useBillingDetailsMissing();
  const firstMonth = useFirstBillingMonth(user?.id);
  useLoadErrorToast(documents, t('billing.documents.loadFailed'));
  const waiting = missing.data?.[0];
  const data = documents.data;

  return (
    <div className="space-y-8">
      {waiting && <BillingNotice missing={waiting} />}
      <section aria-labelledby="documents-title" className="space-y-3">
        <div className="space-y-1">
          <h2 id="documents-title" className="text-lg font-semibold">
            {t('billing.documents.title')}
          </h2>
          <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-400">
            {t('brand.explain')} {t('billing.documents.explain')}
          </p>
        </div>
        {!data && !documents.isError ? (
          <p role="status" className="flex items-center justify-center gap-3 py-10 text-slate-600 dark:text-slate-300">
            <Spinner /> {t('billing.documents.loading')}
          </p>
        ) : !data || data.rows.length === 0 ? (
          <EmptyState icon={ReceiptText} title={t('billing.documents.emptyTitle')} description={t('billing.documents.emptyText')} />
        ) : (
          <>
            <ul aria-labelledby="documents-title" className={`space-y-3 ${documents.isPlaceholderData ? 'opacity-60' : ''}`}>
              {data.rows.map((document) => (
                <BillingDocumentItem key={document.id} document={document} />
              ))}
            </ul>
            <Pagination page={Math.min(page, data.totalPages)} totalPages={data.totalPages} onPage={setPage} />
          </>
        )}
      </section>
      <EarlierInvoices brandId={user?.id} before={firstMonth.data ?? null} enabled={firstMonth.isSuccess} />
    </div>
  );
}
