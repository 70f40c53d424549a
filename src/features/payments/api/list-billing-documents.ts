import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { billingDocumentColumns, toBillingDocument, type BillingDocument } from './billing-document-row';
import { billingKeys } from './billing-keys';
import { pageRange, paged, type Paged } from './keys';

export const billingDocumentsPageSize = 12;

/** The brand's own billing documents (billing_documents shows a brand its rows only), newest first. */
export async function listBillingDocuments(brandId: string, page: number): Promise<Paged<BillingDocument>> {
  const [from, to] = pageRange(page, billingDocumentsPageSize);
  const { data, error, count } = await supabase()
    .from('billing_documents')
    .select(billingDocumentColumns, { count: 'exact' })
    .eq('brand_id', brandId)
    .order('issued_at', { ascending: false })
    .order('number', { ascending: false })
    .range(from, to);
  if (error) throw toAppError(error, 'internal_error');
  return paged(data.map(toBillingDocument), count, billingDocumentsPageSize);
}

export const billingDocumentsQueryOptions = (brandId: string | undefined, page: number) =>
  queryOptions({
    queryKey: billingKeys.documents(brandId ?? '', page),
    queryFn: () => listBillingDocuments(brandId!, page),
    enabled: Boolean(brandId),
    placeholderData: keepPreviousData,
  });

export const useBillingDocuments = (brandId: string | undefined, page: number) => useQuery(billingDocumentsQueryOptions(brandId, page));
