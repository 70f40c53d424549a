import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

/** A brand as a picker shows it: its display name (first_name, else first and last name, else 'Brand'). */
export type BrandOption = { id: string; name: string };

export type BrandPage = { brands: BrandOption[]; hasMore: boolean };

/** Brands per page of the brand picker. */
export const brandPageSize = 20;

/** What a search is cached by: the server matches trimmed and case-insensitively, so "Glow " and "glow" are one search. */
export const brandSearchText = (typed: string) => typed.trim().toLowerCase();

/**
 * One page of the brands whose name contains `search` (every brand when it is empty), by name
 * (search_brands, on an index). Spec §7 reads every brand profile at once; past 1,000 brands the
 * API's row cap hid the rest, so the list is searched and paged on the server instead. The text
 * is sent as a JSON argument and matched literally: % _ , ( and the like are plain characters.
 * One row more than a page is asked for, to know whether another page exists.
 */
export async function searchBrands({ search, offset = 0, limit = brandPageSize }: { search: string; offset?: number; limit?: number }): Promise<BrandPage> {
  const { data, error } = await supabase().rpc('search_brands', { p_query: search, p_limit: limit + 1, p_offset: offset });
  if (error) throw toAppError(error, 'brands_load_failed');
  return { brands: data.slice(0, limit).map(({ id, name }) => ({ id, name })), hasMore: data.length > limit };
}

export const brandSearchQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: opportunityKeys.brands(search),
    queryFn: ({ pageParam }) => searchBrands({ search, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last: BrandPage, pages: BrandPage[]) => (last.hasMore ? pages.reduce((shown, page) => shown + page.brands.length, 0) : undefined),
    staleTime: 5 * 60_000,
  });

/** The brand picker's results for a (debounced, normalised) search; the last results stay on screen while the next load. */
export const useBrandSearch = (search: string, enabled: boolean) => useInfiniteQuery({ ...brandSearchQueryOptions(search), enabled, placeholderData: keepPreviousData });
