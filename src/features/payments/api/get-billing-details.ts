import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TableRow } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { billingKeys } from './billing-keys';

export type BillingDetails = TableRow<'brand_billing_details'>;

/** The brand's billing details (brand_billing_details: the brand and admins read them), or null before it gave any. */
export async function getBillingDetails(brandId: string): Promise<BillingDetails | null> {
  const { data, error } = await supabase()
    .from('brand_billing_details')
    .select('brand_id, legal_name, address, tax_id, branch, billing_email, updated_at')
    .eq('brand_id', brandId)
    .maybeSingle();
  if (error) throw toAppError(error, 'internal_error');
  return data;
}

export const billingDetailsQueryOptions = (brandId: string | undefined) =>
  queryOptions({ queryKey: billingKeys.details(brandId ?? ''), queryFn: () => getBillingDetails(brandId!), enabled: Boolean(brandId) });

export const useBillingDetails = (brandId: string | undefined) => useQuery(billingDetailsQueryOptions(brandId));
