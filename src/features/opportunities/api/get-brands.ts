import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

export type BrandOption = { id: string; first_name: string | null };

/** Spec §7: select id and first_name where user_type is brand. */
export async function getBrands(): Promise<BrandOption[]> {
  const { data, error } = await supabase().from('profiles').select('id, first_name').eq('user_type', 'brand').order('first_name');
  if (error) throw toAppError(error, 'brands_load_failed');
  return data;
}

export const brandsQueryOptions = () => queryOptions({ queryKey: opportunityKeys.brands(), queryFn: getBrands, staleTime: 5 * 60_000 });

export const useBrands = () => useQuery(brandsQueryOptions());
