import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { billingDocumentColumns, toBillingDocument, type BillingDocument } from './billing-document-row';
import { billingKeys } from './billing-keys';
import { pageRange, paged, paymentsPageSize, type Paged } from './keys';

/** Every brand's invoices still owed something (due or partly paid), oldest first: the ones to chase. Admins read all. */
export async function listOpenInvoices(page: number): Promise<Paged<BillingDocument>> {
  const [from, to] = pageRange(page);
  const { data, error, count } = await supabase()
    .from('billing_documents')
    .select(billingDocumentColumns, { count: 'exact' })
    .eq('kind', 'invoice')
    .in('status', ['due', 'partly_paid'])
    .order('issued_at', { ascending: true })
    .order('number', { ascending: true })
    .range(from, to);
  if (error) throw toAppError(error, 'internal_error');
  return paged(data.map(toBillingDocument), count, paymentsPageSize);
}

export const openInvoicesQueryOptions = (page: number) =>
  queryOptions({ queryKey: billingKeys.openInvoices(page), queryFn: () => listOpenInvoices(page), placeholderData: keepPreviousData });

export const useOpenInvoices = (page: number) => useQuery(openInvoicesQueryOptions(page));
