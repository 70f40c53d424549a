import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { billingKeys } from './billing-keys';

/** A brand whose closed months with charges wait for its billing details before they are invoiced. */
export type MissingDetails = { brandId: string; brandName: string | null; months: number; amountSatang: number };

/** billing_details_missing(): every such brand for an admin; the brand's own row (or none) for a brand. */
export async function getBillingDetailsMissing(): Promise<MissingDetails[]> {
  const { data, error } = await supabase().rpc('billing_details_missing');
  if (error) throw toAppError(error, 'internal_error');
  return data.map((row) => ({ brandId: row.brand_id, brandName: row.brand_name, months: row.months, amountSatang: row.amount_satang }));
}

export const billingDetailsMissingQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: billingKeys.missing(), queryFn: getBillingDetailsMissing, enabled });

export const useBillingDetailsMissing = (enabled = true) => useQuery(billingDetailsMissingQueryOptions(enabled));
