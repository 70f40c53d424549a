import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Pagination } from '@/components/pagination';
import { useLanguage } from '@/i18n/use-language';
import { formatDateTime } from '@/lib/format';
import { errorText } from '@/lib/notify';
import { useAuditPage } from '../api/audit-log';
import { AdminList } from './admin-list';

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
      <AdminList
        loaded={Boolean(data)}
        failed={audit.isError}
        empty={data?.rows.length === 0}
        loadingText={t('audit.loading')}
        emptyText={t('audit.empty')}
        columns={(['when', 'admin', 'action', 'target', 'reason'] as const).map((column) => ({ label: t(`audit.columns.${column}`) }))}
      >
        {data?.rows.map((row) => (
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
      </AdminList>
      {data && <Pagination page={Math.min(page, data.totalPages)} totalPages={data.totalPages} onPage={setPage} />}
    </section>
  );
}
