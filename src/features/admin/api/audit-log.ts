import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditRow } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { pageArgs, toKeysetPage, type KeysetPage, type PageAt } from '@/lib/paging';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';

/** Entries an Audit page shows. */
export const auditPageSize = 20;

/** admin_audit_page(): one page of the audit log, newest first (keyset: src/lib/paging.ts; counted up to 10,000). */
export async function getAuditPage(at: PageAt): Promise<KeysetPage<AuditRow> & { rows: AuditRow[] }> {
  const { data, error } = await supabase().rpc('admin_audit_page', { ...pageArgs(at), p_limit: auditPageSize });
  if (error) throw toAppError(error, 'audit_load_failed');
  const page = toKeysetPage(data, auditPageSize, (row) => String(row.id));
  return { ...page, rows: page.data };
}

export const useAuditPage = (at: PageAt) => useQuery({ queryKey: adminKeys.audit(at), queryFn: () => getAuditPage(at), placeholderData: keepPreviousData });
