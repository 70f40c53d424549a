import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BriefListing, BriefStatus } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

export type OpportunityFilter = { status?: BriefStatus | 'all'; limit?: number; brandId?: string };
/** What the Opportunities page filters by: its status tab and the brand of an invitation link. */
export type OpportunityListFilter = Omit<OpportunityFilter, 'limit'>;

/** Briefs per page of /dashboard/opportunities. */
export const opportunityPageSize = 20;

/** One page of the list, and how many briefs the filter matches in all. */
export type OpportunityPage = { briefs: BriefListing[]; totalCount: number };

/** brief_listings filtered as asked, newest first; id breaks ties so that pages neither overlap nor skip. */
function listingsQuery(filter: OpportunityListFilter, counting?: { count: 'exact'; head?: boolean }) {
  let query = supabase()
    .from('brief_listings')
    .select('*', counting)
    .order('created_at', { ascending: false })
    .order('id');
  if (filter.status && filter.status !== 'all') query = query.eq('status', filter.status);
  if (filter.brandId) query = query.eq('brand_id', filter.brandId);
  return query;
}

/**
 * How many briefs the whole market has (of a status), from count_brief_listings(), which keeps a
 * running count: counting brief_listings itself would read every brief.
 */
async function countMarket(filter: OpportunityListFilter): Promise<number> {
  const { data, error } = await supabase().rpc('count_brief_listings', filter.status && filter.status !== 'all' ? { p_status: filter.status } : {});
  if (error) throw toAppError(error, 'opportunities_load_failed');
  return data;
}

/**
 * Briefs with their brand's name and logo (view brief_listings), newest first: the first
 * `limit` of them (the dashboard's card), or without one as many as the API answers at once
 * (at most 1,000). A list a user pages through reads getOpportunityPage instead.
 */
export async function getOpportunities(filter: OpportunityFilter): Promise<BriefListing[]> {
  let query = listingsQuery(filter);
  if (filter.limit) query = query.limit(filter.limit);
  const { data, error } = await query;
  if (error) throw toAppError(error, 'opportunities_load_failed');
  return data;
}

export const opportunitiesQueryOptions = (filter: OpportunityFilter) =>
  queryOptions({ queryKey: opportunityKeys.list(filter), queryFn: () => getOpportunities(filter) });

export const useOpportunities = (filter: OpportunityFilter, enabled = true) => useQuery({ ...opportunitiesQueryOptions(filter), enabled });

/**
 * The briefs from `offset` on, `limit` of them, in the list's order, with the count of all that
 * match: the Opportunities page shows 20 at a time, so a market of thousands of briefs is
 * neither downloaded whole nor cut at the API's 1,000-row cap.
 */
export async function getOpportunityPage(
  filter: OpportunityListFilter,
  { offset = 0, limit = opportunityPageSize }: { offset?: number; limit?: number } = {},
): Promise<OpportunityPage> {
  if (!filter.brandId) {
    // The page and the market's count, in parallel.
    const [page, totalCount] = await Promise.all([listingsQuery(filter).range(offset, offset + limit - 1), countMarket(filter)]);
    if (page.error) throw toAppError(page.error, 'opportunities_load_failed');
    return { briefs: page.data, totalCount };
  }
  // One brand's briefs, counted on its index with the page.
  const { data, error, count } = await listingsQuery(filter, { count: 'exact' }).range(offset, offset + limit - 1);
  // PGRST103: the offset is past the end (briefs left the filter since the last page, e.g. closed
  // under Open). That is an empty page, not a failure; the count comes from a request of its own.
  if (error?.code === 'PGRST103') {
    const counted = await listingsQuery(filter, { count: 'exact', head: true });
    if (counted.error) throw toAppError(counted.error, 'opportunities_load_failed');
    return { briefs: [], totalCount: counted.count ?? 0 };
  }
  if (error) throw toAppError(error, 'opportunities_load_failed');
  return { briefs: data, totalCount: count ?? offset + data.length };
}

/** How many briefs the loaded pages hold, which is where the next page starts. */
const loadedCount = (pages: OpportunityPage[]) => pages.reduce((shown, page) => shown + page.briefs.length, 0);

export const opportunityPagesQueryOptions = (filter: OpportunityListFilter) =>
  infiniteQueryOptions({
    queryKey: opportunityKeys.pages(filter),
    queryFn: ({ pageParam }) => getOpportunityPage(filter, { offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last: OpportunityPage, pages: OpportunityPage[]) => {
      const shown = loadedCount(pages);
      // An empty page ends the list even if the count said more: a brief deleted meanwhile.
      return last.briefs.length > 0 && shown < last.totalCount ? shown : undefined;
    },
  });

/** The pages loaded so far as one list; a brief published meanwhile shifts later pages by one, so one seen twice is shown once. */
export function flattenOpportunityPages(data: InfiniteData<OpportunityPage> | undefined): { briefs: BriefListing[]; totalCount: number } {
  if (!data || data.pages.length === 0) return { briefs: [], totalCount: 0 };
  const seen = new Set<string>();
  const briefs = data.pages.flatMap((page) => page.briefs).filter((brief) => !seen.has(brief.id) && Boolean(seen.add(brief.id)));
  return { briefs, totalCount: Math.max(data.pages.at(-1)!.totalCount, briefs.length) };
}

/**
 * The Opportunities page's list, a page at a time. Leaving a filter (another tab, another brand,
 * another page) keeps only its first page in the cache: coming back starts from the top again
 * rather than reloading every page shown before.
 */
export function useOpportunityPages(filter: OpportunityListFilter, enabled = true) {
  const queryClient = useQueryClient();
  const { status, brandId } = filter;
  useEffect(
    () => () => {
      const queryKey = opportunityKeys.pages({ status, brandId });
      queryClient.setQueryData<InfiniteData<OpportunityPage, number>>(queryKey, (data) =>
        data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
      );
    },
    [queryClient, status, brandId],
  );
  return useInfiniteQuery({ ...opportunityPagesQueryOptions({ status, brandId }), enabled });
}

/** One brief by id (a link to ?brief=…), for when it is not among the pages loaded; null when there is none to see. */
export async function getOpportunity(briefId: string): Promise<BriefListing | null> {
  const { data, error } = await supabase().from('brief_listings').select('*').eq('id', briefId).maybeSingle();
  if (error) throw toAppError(error, 'opportunities_load_failed');
  return data;
}

export const opportunityQueryOptions = (briefId: string | null | undefined) =>
  queryOptions({ queryKey: opportunityKeys.detail(briefId ?? undefined), queryFn: () => getOpportunity(briefId!), enabled: Boolean(briefId) });

export const useOpportunity = (briefId: string | null | undefined, enabled = true) => useQuery({ ...opportunityQueryOptions(briefId), enabled: enabled && Boolean(briefId) });
