import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { allStatementsQueryOptions } from '../api/list-statements';
import { statementsCsv } from '../lib/statements-csv';
import { saveFile } from '@/lib/save-file';

/** Every statement as a CSV file, its header row and dates in the reader's language (Buddhist years in Thai), made in the browser. */
export function StatementsCsvButton({ userId }: { userId: string }) {
  const { t } = useTranslation('earnings');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [preparing, setPreparing] = useState(false);

  async function download() {
    setPreparing(true);
    try {
      const statements = await queryClient.fetchQuery(allStatementsQueryOptions(userId));
      const csv = statementsCsv(
        {
          month: t('statements.columns.month'),
          views: t('statements.columns.views'),
          gross: t('statements.columns.gross'),
          wht: t('statements.columns.wht'),
          net: t('statements.columns.net'),
          status: t('statements.columns.status'),
          paidOn: t('statements.columns.paidOn'),
          reference: t('statements.columns.reference'),
        },
        statements.map((row) => ({
          month: row.month,
          views: row.views,
          grossSatang: row.gross_satang,
          whtSatang: row.wht_satang,
          netSatang: row.net_satang,
          status: t(`statements.status.${row.status}`),
          paidOn: row.paid_on,
          reference: row.reference,
        })),
        language,
      );
      saveFile(csv, 'viewpact-statements.csv', 'text/csv;charset=utf-8');
    } catch (error) {
      console.error('Preparing the statements file failed:', error);
      toast.error(t('statements.csvFailed'));
    } finally {
      setPreparing(false);
    }
  }

  return (
    <Button variant="secondary" size="sm" disabled={preparing} onClick={() => void download()}>
      <Download aria-hidden className="size-4" />
      {preparing ? t('statements.preparingCsv') : t('statements.downloadCsv')}
    </Button>
  );
}
