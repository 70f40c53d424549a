import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/i18n/use-language';
import { formatMonth, recentMonths } from '@/lib/months';
import { saveFile } from '@/lib/save-file';
import { useBillingReport, type BillingReport } from '../api/export-billing-reports';
import { MonthSelect } from './month-select';
import { PaymentsSection } from './payments-table';

/**
 * The month's output VAT report and the withholding tax brands deducted, as CSV in the page's
 * language (Thai headers and Buddhist-year dates in Thai): last month is picked first, as the
 * VAT return is filed in the month after.
 */
export function BillingReportsSection() {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const months = recentMonths(24, 0);
  const [month, setMonth] = useState(months[1]);
  const exporting = useBillingReport();
  const result = exporting.data;
  const download = (report: BillingReport) =>
    exporting.mutate({ report, month, language }, { onSuccess: ({ csv, fileName }) => saveFile(csv, fileName, 'text/csv;charset=utf-8') });
  return (
    <PaymentsSection id="billing-reports-title" title={t('billing.admin.reportsTitle')} text={t('billing.admin.reportsText')}>
      <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <MonthSelect
            label={t('billing.admin.reportMonth')}
            months={months}
            value={month}
            onChange={(next) => {
              setMonth(next);
              exporting.reset();
            }}
            className="sm:w-64"
          />
          {(['output-vat', 'brand-wht'] as const).map((report) => (
            <Button key={report} variant="secondary" disabled={exporting.isPending} onClick={() => download(report)}>
              <Download aria-hidden className="size-4" />
              {exporting.isPending && exporting.variables?.report === report ? t('billing.admin.preparing') : t(report === 'output-vat' ? 'billing.admin.outputVat' : 'billing.admin.brandWht')}
            </Button>
          ))}
        </div>
        {result && (
          <p role="status" className="text-sm font-medium">
            {result.rows > 0 ? t('billing.admin.reportDone', { count: result.rows, file: result.fileName }) : t('billing.admin.reportEmpty', { file: result.fileName, month: formatMonth(month, language) })}
          </p>
        )}
      </div>
    </PaymentsSection>
  );
}
