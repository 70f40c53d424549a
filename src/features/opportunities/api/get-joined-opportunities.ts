import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BriefListing } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

/** The briefs a creator joined (spec §7: connections filtered by creator_id), with brand names. */
export async function getJoinedOpportunities(creatorId: string): Promise<BriefListing[]> {
  const { data: connections, error } = await supabase().from('creator_brand_connections').select('brand_brief_id').eq('creator_id', creatorId);
  if (error) throw toAppError(error, 'opportunities_load_failed');
  const ids = connections.map((connection) => connection.brand_brief_id);
  if (ids.length === 0) return [];
  const { data, error: listError } = await supabase().from('brief_listings').select('*').in('id', ids).order('created_at', { ascending: false });
  if (listError) throw toAppError(listError, 'opportunities_load_failed');
  return data;
}

export const joinedOpportunitiesQueryOptions = (creatorId: string | undefined) =>
  queryOptions({
    queryKey: opportunityKeys.joined(creatorId),
    queryFn: () => getJoinedOpportunities(creatorId!),
    enabled: Boolean(creatorId),
  });

export const useJoinedOpportunities = (creatorId: string | undefined) => useQuery(joinedOpportunitiesQueryOptions(creatorId));
