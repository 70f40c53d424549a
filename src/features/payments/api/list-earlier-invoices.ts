import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { billingKeys } from './billing-keys';
import { invoiceColumns, toInvoice, type Invoice } from './invoice-row';
import { pageRange, paged, type Paged } from './keys';
import { brandInvoicesPageSize } from './list-brand-invoices';

/**
 * The first month the brand has billing documents for (an invoice or a credit note), or null
 * when it has none: months before it were billed by the old invoice only (brand_invoices).
 */
export async function getFirstBillingMonth(brandId: string): Promise<string | null> {
  const { data, error } = await supabase().from('billing_documents').select('month').eq('brand_id', brandId).in('kind', ['invoice', 'credit_note']).order('month').limit(1);
  if (error) throw toAppError(error, 'internal_error');
  return data[0]?.month ?? null;
}

export const firstBillingMonthQueryOptions = (brandId: string | undefined) =>
  queryOptions({ queryKey: billingKeys.firstMonth(brandId ?? ''), queryFn: () => getFirstBillingMonth(brandId!), enabled: Boolean(brandId) });

export const useFirstBillingMonth = (brandId: string | undefined) => useQuery(firstBillingMonthQueryOptions(brandId));

/** The brand's old monthly invoices (brand_invoices) of months before `before` (every month when null), newest first. */
export async function listEarlierInvoices(brandId: string, before: string | null, page: number): Promise<Paged<Invoice>> {
  const [from, to] = pageRange(page, brandInvoicesPageSize);
  let query = supabase().from('brand_invoices').select(invoiceColumns, { count: 'exact' }).eq('brand_id', brandId);
  if (before) query = query.lt('month', before);
  const { data, error, count } = await query.order('month', { ascending: false }).range(from, to);
  if (error) throw toAppError(error, 'internal_error');
  return paged(data.map(toInvoice), count, brandInvoicesPageSize);
}

export const earlierInvoicesQueryOptions = (brandId: string | undefined, before: string | null, page: number, enabled: boolean) =>
  queryOptions({
    queryKey: billingKeys.earlier(brandId ?? '', before, page),
    queryFn: () => listEarlierInvoices(brandId!, before, page),
    enabled: Boolean(brandId) && enabled,
    placeholderData: keepPreviousData,
  });

export const useEarlierInvoices = (brandId: string | undefined, before: string | null, page: number, enabled: boolean) =>
  useQuery(earlierInvoicesQueryOptions(brandId, before, page, enabled));
