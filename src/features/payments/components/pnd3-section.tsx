import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/i18n/use-language';
import { useExportPnd3 } from '../api/export-pnd3';
import { formatMonth, monthKey, recentMonths } from '@/lib/months';
import { saveFile } from '@/lib/save-file';
import { MonthSelect } from './month-select';
import { PaymentsSection } from './payments-table';

/**
 * The month's withholdings as the PND.3 attachment's CSV (filed by the 7th of the next month,
 * so last month is picked first). Payees without a tax ID are left out, by name.
 */
export function Pnd3Section() {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const months = recentMonths(24, 0);
  const [month, setMonth] = useState(months[1]);
  const exporting = useExportPnd3();
  const result = exporting.data;
  const fileName = `pnd3-${monthKey(month)}.csv`;
  return (
    <PaymentsSection id="pnd3-title" title={t('admin.pnd3.title')} text={t('admin.pnd3.text')}>
      <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <MonthSelect
            label={t('admin.pnd3.month')}
            months={months}
            value={month}
            onChange={(next) => {
              setMonth(next);
              exporting.reset();
            }}
            className="sm:w-64"
          />
          <Button
            variant="secondary"
            disabled={exporting.isPending}
            onClick={() => exporting.mutate({ month }, { onSuccess: ({ csv }) => csv && saveFile(csv, fileName, 'text/csv;charset=utf-8') })}
          >
            <Download aria-hidden className="size-4" />
            {exporting.isPending ? t('admin.pnd3.preparing') : t('admin.pnd3.submit')}
          </Button>
        </div>
        {result && (
          <div role="status" className="space-y-2 text-sm">
            <p className="font-medium">
              {result.csv ? t('admin.pnd3.done', { count: result.included, file: fileName }) : t('admin.pnd3.none', { month: formatMonth(month, language) })}
            </p>
            {result.missingTaxId.length > 0 && (
              <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
                {t('admin.pnd3.missing', { count: result.missingTaxId.length, names: result.missingTaxId.join(', ') })}
              </p>
            )}
          </div>
        )}
      </div>
    </PaymentsSection>
  );
}
