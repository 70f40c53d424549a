import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Pager } from '@/components/pager';
import { useLanguage } from '@/i18n/use-language';
import type { TFunction } from 'i18next';
import type { Language } from '@/i18n';
import type { AuditRow } from '@/lib/database';
import { formatDateTime } from '@/lib/format';
import { firstPage, type PageAt } from '@/lib/paging';
import { formatDay, formatMonth } from '@/lib/months';
import { AppError, isErrorCode } from '@/lib/errors';
import { errorText } from '@/lib/notify';
import { useAuditPage } from '../api/audit-log';
import { AdminList } from './admin-list';

const inviteActions: ReadonlySet<AuditRow['action']> = new Set(['create_invite', 'revoke_invite', 'use_invite']);

/** What an entry acted on, by name: a month, or the target's name with an invoice's number and a payout's or invoice's month. */
function auditTarget(row: AuditRow, t: TFunction<'admin'>, language: Language): string {
  const month = row.target_month ? formatMonth(row.target_month, language) : null;
  if (row.target_type === 'month') return month ?? '';
  const name = row.target_label ?? (row.target_type === 'invite' ? t('audit.noNote') : t('audit.noName'));
  return [row.target_number, name, month].filter(Boolean).join(' · ');
}

/** Why, or on what evidence: the admin's reason, a payment's transfer reference and day, a close's counts. */
function auditReason(row: AuditRow, t: TFunction<'admin'>, language: Language): string | null {
  if (row.action === 'close_month') return t('audit.closeSummary', { entries: row.details.entries ?? 0, payouts: row.details.payouts ?? 0 });
  // A failed close: why, as its code's text (the database's own words stay in details.message).
  if (row.action === 'close_month_failed') return errorText(new AppError(isErrorCode(row.details.code) ? row.details.code : 'internal_error', String(row.details.message ?? '')));
  if (row.reference) return t('audit.payment', { reference: row.reference, date: row.paid_on ? formatDay(row.paid_on, language) : '' });
  // An invite's note is its name, shown as the target.
  if (inviteActions.has(row.action)) return null;
  return row.reason;
}

/** The Audit tab: every admin action, newest first, as admin_audit_log keeps it (nobody can change a row). */
export function AuditTab() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [at, setAt] = useState<PageAt>(firstPage);
  const audit = useAuditPage(at);

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
            <td className="px-4 py-3">{row.admin_id === null ? t('audit.system') : (row.admin_name ?? t('audit.unknownAdmin'))}</td>
            <th scope="row" className="px-4 py-3 font-semibold">
              {t(`audit.actions.${row.action}`)}
            </th>
            <td className="px-4 py-3 break-words">{auditTarget(row, t, language)}</td>
            <td className="px-4 py-3 break-words text-slate-700 dark:text-slate-300">{auditReason(row, t, language)}</td>
          </tr>
        ))}
      </AdminList>
      {data && <Pager at={at} page={data} onPage={setAt} />}
    </section>
  );
}
