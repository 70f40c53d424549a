import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { billingDocumentColumns, toBillingDocument, type BillingDocument } from './billing-document-row';
import { billingKeys } from './billing-keys';
import { pageRange, paged, paymentsPageSize, type Paged } from './keys';

/** Every brand's documents of a kind in these states, oldest first. Admins read all. */
async function listOpen(kind: 'invoice' | 'credit_note', statuses: string[], page: number): Promise<Paged<BillingDocument>> {
  const [from, to] = pageRange(page);
  const { data, error, count } = await supabase()
    .from('billing_documents')
    .select(billingDocumentColumns, { count: 'exact' })
    .eq('kind', kind)
    .in('status', statuses)
    .order('issued_at', { ascending: true })
    .order('number', { ascending: true })
    .range(from, to);
  if (error) throw toAppError(error, 'internal_error');
  return paged(data.map(toBillingDocument), count, paymentsPageSize);
}

/** Every brand's invoices still owed something (due or partly paid): the ones to chase. */
export const listOpenInvoices = (page: number) => listOpen('invoice', ['due', 'partly_paid'], page);

/** Credit notes with credit left (unused): what the next invoice would net, or the admin refunds. */
export const listCreditsToRefund = (page: number) => listOpen('credit_note', ['unused'], page);

export const openInvoicesQueryOptions = (page: number) =>
  queryOptions({ queryKey: billingKeys.openInvoices(page), queryFn: () => listOpenInvoices(page), placeholderData: keepPreviousData });

export const useOpenInvoices = (page: number) => useQuery(openInvoicesQueryOptions(page));

export const useCreditsToRefund = (page: number) =>
  useQuery(queryOptions({ queryKey: billingKeys.credits(page), queryFn: () => listCreditsToRefund(page), placeholderData: keepPreviousData }));
