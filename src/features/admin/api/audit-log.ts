import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditRow } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';

/** Entries an Audit page shows. */
export const auditPageSize = 20;

/** admin_audit_page(): one page of the audit log, newest first. */
export async function getAuditPage(page: number): Promise<{ rows: AuditRow[]; totalCount: number; totalPages: number }> {
  const { data, error } = await supabase().rpc('admin_audit_page', { p_offset: (page - 1) * auditPageSize, p_limit: auditPageSize });
  if (error) throw toAppError(error, 'audit_load_failed');
  return { rows: data.rows, totalCount: data.total, totalPages: Math.max(1, Math.ceil(data.total / auditPageSize)) };
}

export const useAuditPage = (page: number) =>
  useQuery({ queryKey: adminKeys.audit(page), queryFn: () => getAuditPage(page), placeholderData: keepPreviousData });
