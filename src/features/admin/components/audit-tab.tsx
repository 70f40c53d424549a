import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Pagination } from '@/components/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/i18n/use-language';
import { formatDateTime } from '@/lib/format';
import { errorText } from '@/lib/notify';
import { useAuditPage } from '../api/audit-log';

/** The Audit tab: every admin action, newest first, as admin_audit_log keeps it (nobody can change a row). */
export function AuditTab() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const audit = useAuditPage(page);

  useEffect(() => {
    if (audit.isError) toast.error(errorText(audit.error, 'audit_load_failed'));
  }, [audit.isError, audit.error]);

  const data = audit.data;
  return (
    <section aria-labelledby="audit-title" className="space-y-4">
      <div>
        <h2 id="audit-title" className="text-lg font-semibold">
          {t('audit.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('audit.text')}</p>
      </div>
      {!data ? (
        <p role="status" className="flex items-center justify-center gap-3 py-10 text-slate-600 dark:text-slate-300">
          {!audit.isError && <Spinner />} {audit.isError ? t('audit.empty') : t('audit.loading')}
        </p>
      ) : data.rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 py-10 text-center font-semibold dark:border-slate-700">{t('audit.empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
              <tr>
                {(['when', 'admin', 'action', 'target', 'reason'] as const).map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-semibold">
                    {t(`audit.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {data.rows.map((row) => (
                <tr key={row.id} className="align-top">
                  <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(row.created_at, language)}</td>
                  <td className="px-4 py-3">{row.admin_name ?? t('audit.unknownAdmin')}</td>
                  <th scope="row" className="px-4 py-3 font-semibold">
                    {t(`audit.actions.${row.action}`)}
                  </th>
                  <td className="px-4 py-3 break-words">{row.target_label ?? row.target_id.slice(0, 8)}</td>
                  <td className="px-4 py-3 break-words text-slate-700 dark:text-slate-300">{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pagination page={Math.min(page, data.totalPages)} totalPages={data.totalPages} onPage={setPage} />}
    </section>
  );
}
