import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BriefListing, BriefStatus } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

export type OpportunityFilter = { status?: BriefStatus | 'all'; limit?: number; brandId?: string };

/** Briefs with their brand's name and logo (view brief_listings), newest first. */
export async function getOpportunities(filter: OpportunityFilter): Promise<BriefListing[]> {
  let query = supabase().from('brief_listings').select('*').order('created_at', { ascending: false }).order('id');
  if (filter.status && filter.status !== 'all') query = query.eq('status', filter.status);
  if (filter.brandId) query = query.eq('brand_id', filter.brandId);
  if (filter.limit) query = query.limit(filter.limit);
  const { data, error } = await query;
  if (error) throw toAppError(error, 'opportunities_load_failed');
  return data;
}

export const opportunitiesQueryOptions = (filter: OpportunityFilter) =>
  queryOptions({ queryKey: opportunityKeys.list(filter), queryFn: () => getOpportunities(filter) });

export const useOpportunities = (filter: OpportunityFilter, enabled = true) => useQuery({ ...opportunitiesQueryOptions(filter), enabled });
