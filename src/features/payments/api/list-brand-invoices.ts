import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { invoiceColumns, toInvoice, type Invoice } from './invoice-row';
import { pageRange, paged, paymentsKeys, type Paged } from './keys';

export const brandInvoicesPageSize = 12;

/** The brand's own invoices (brand_invoices shows a brand its rows only), newest month first. */
export async function listBrandInvoices(brandId: string, page: number): Promise<Paged<Invoice>> {
  const [from, to] = pageRange(page, brandInvoicesPageSize);
  const { data, error, count } = await supabase()
    .from('brand_invoices')
    .select(invoiceColumns, { count: 'exact' })
    .eq('brand_id', brandId)
    .order('month', { ascending: false })
    .range(from, to);
  if (error) throw toAppError(error, 'internal_error');
  return paged(data.map(toInvoice), count, brandInvoicesPageSize);
}

export const brandInvoicesQueryOptions = (brandId: string | undefined, page: number) =>
  queryOptions({
    queryKey: paymentsKeys.brandInvoices(brandId ?? '', page),
    queryFn: () => listBrandInvoices(brandId!, page),
    enabled: Boolean(brandId),
    placeholderData: keepPreviousData,
  });

export const useBrandInvoices = (brandId: string | undefined, page: number) => useQuery(brandInvoicesQueryOptions(brandId, page));
