import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { pageArgs, toKeysetPage, type KeysetPage, type PageAt } from '@/lib/paging';
import { supabase } from '@/lib/supabase';
import { toInvoice, type Invoice } from './invoice-row';
import { paymentsKeys, paymentsPageSize, type InvoiceStatus } from './keys';
import { getNames, uniqueIds } from './names';

export type AdminInvoice = Invoice & { brandName: string | null };

/** An invoice's place in the admin's lists: its month and brand (admin_invoices_page's cursor). */
export const invoiceKey = (invoice: { month: string | null; brand_id: string | null }) => `${invoice.month}_${invoice.brand_id}`;

/**
 * Every brand's invoices of one status: due ones oldest first (to chase), paid ones newest
 * payment first. admin_invoices_page (keyset, src/lib/paging.ts; counted up to 10,000).
 */
export async function listAdminInvoices(status: InvoiceStatus, at: PageAt): Promise<KeysetPage<AdminInvoice> & { rows: AdminInvoice[] }> {
  const { data, error } = await supabase().rpc('admin_invoices_page', { p_status: status, ...pageArgs(at), p_limit: paymentsPageSize });
  if (error) throw toAppError(error, 'internal_error');
  const page = toKeysetPage(data, paymentsPageSize, invoiceKey);
  const invoices = page.data.map(toInvoice);
  const names = await getNames(uniqueIds(invoices.map((invoice) => invoice.brandId)));
  const rows = invoices.map((invoice) => ({ ...invoice, brandName: names.get(invoice.brandId) ?? null }));
  return { ...page, data: rows, rows };
}

export const adminInvoicesQueryOptions = (status: InvoiceStatus, at: PageAt) =>
  queryOptions({ queryKey: paymentsKeys.adminInvoices(status, at), queryFn: () => listAdminInvoices(status, at), placeholderData: keepPreviousData });

export const useAdminInvoices = (status: InvoiceStatus, at: PageAt) => useQuery(adminInvoicesQueryOptions(status, at));
