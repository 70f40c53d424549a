import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { metricsKeys } from '@/features/metrics/api/keys';
import { reviewKeys } from '@/features/reviews/api/keys';
import { videoKeys } from '@/features/videos/api/keys';
import { bahtTextToSatang, budgetTextSchema } from './budget-input';
import { opportunityKeys } from './keys';

/** The Budget dialog's shape: baht, or empty to remove the limit. */
export const budgetFormSchema = z.object({ budget: budgetTextSchema });

export type UpdateBudgetInput = { briefId: string } & z.input<typeof budgetFormSchema>;

/**
 * A brand sets, raises or removes its brief's budget (brand_briefs.budget_satang). The database
 * refuses under 1 baht (budget_invalid) and under what was spent already (budget_below_spend).
 */
export async function updateOpportunityBudget({ briefId, ...input }: UpdateBudgetInput) {
  const { budget } = parseOrThrow(budgetFormSchema.safeParse(input));
  const { data, error } = await supabase()
    .from('brand_briefs')
    .update({ budget_satang: bahtTextToSatang(budget) })
    .eq('id', briefId)
    .select('id, brand_id, budget_satang');
  if (error) throw toAppError(error, 'brief_update_failed');
  // Row-level security hides another brand's brief: nothing matched.
  if (data.length !== 1) throw new AppError('not_allowed');
  return data[0];
}

export function useUpdateOpportunityBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOpportunityBudget,
    // The form shows a refusal of one of its fields under that field, and toasts the others itself.
    meta: { inlineError: true },
    // A budget decides how many views count: the brand's figures, its videos' standing and its
    // review list (what is held for review) change with it.
    onSuccess: (brief) => {
      void queryClient.invalidateQueries({ queryKey: metricsKeys.brand(brief.brand_id) });
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
    // The listings' remaining and reached, and the dashboard's budget cards, all change; a refusal
    // (budget_below_spend) may mean they were out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: opportunityKeys.all }),
  });
}
