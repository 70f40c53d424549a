import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

/** The budget cards the brand dashboard shows at most: each asks for its own history. */
export const budgetCardLimit = 4;

export type BudgetedBrief = { id: string; title: string; budgetSatang: number };

/** The brand's newest briefs that have a budget (only those), at most budgetCardLimit of them. */
export async function getBudgetedBriefs(brandId: string): Promise<BudgetedBrief[]> {
  const { data, error } = await supabase()
    .from('brief_listings')
    .select('id, title, budget_satang')
    .eq('brand_id', brandId)
    .not('budget_satang', 'is', null)
    .order('created_at', { ascending: false })
    .order('id')
    .limit(budgetCardLimit);
  if (error) throw toAppError(error, 'opportunities_load_failed');
  return data.flatMap(({ id, title, budget_satang }) => (budget_satang === null ? [] : [{ id, title, budgetSatang: budget_satang }]));
}

export const budgetedBriefsQueryOptions = (brandId: string | undefined) =>
  queryOptions({ queryKey: opportunityKeys.budgeted(brandId), queryFn: () => getBudgetedBriefs(brandId!), enabled: Boolean(brandId) });

export const useBudgetedBriefs = (brandId: string | undefined) => useQuery(budgetedBriefsQueryOptions(brandId));
