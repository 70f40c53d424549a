import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { invoiceColumns, toInvoice, type Invoice } from './invoice-row';
import { pageRange, paged, paymentsKeys, type InvoiceStatus, type Paged } from './keys';
import { getNames, uniqueIds } from './names';

export type AdminInvoice = Invoice & { brandName: string | null };

/** Every brand's invoices of one status: due ones oldest first (to chase), paid ones newest payment first. */
export async function listAdminInvoices(status: InvoiceStatus, page: number): Promise<Paged<AdminInvoice>> {
  const [from, to] = pageRange(page);
  let query = supabase().from('brand_invoices').select(invoiceColumns, { count: 'exact' }).eq('status', status);
  query = status === 'due' ? query.order('month').order('brand_id') : query.order('paid_on', { ascending: false }).order('month', { ascending: false }).order('brand_id');
  const { data, error, count } = await query.range(from, to);
  if (error) throw toAppError(error, 'internal_error');
  const invoices = data.map(toInvoice);
  const names = await getNames(uniqueIds(invoices.map((invoice) => invoice.brandId)));
  return paged(
    invoices.map((invoice) => ({ ...invoice, brandName: names.get(invoice.brandId) ?? null })),
    count,
  );
}

export const adminInvoicesQueryOptions = (status: InvoiceStatus, page: number) =>
  queryOptions({ queryKey: paymentsKeys.adminInvoices(status, page), queryFn: () => listAdminInvoices(status, page), placeholderData: keepPreviousData });

export const useAdminInvoices = (status: InvoiceStatus, page: number) => useQuery(adminInvoicesQueryOptions(status, page));
