import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import type { RefusalFields } from '@/lib/field-errors';
import { supabase } from '@/lib/supabase';
import { textLimits } from '@/lib/text-limits';
import { bahtTextToSatang } from './budget-input';
import { opportunityFieldsSchema, opportunityRefusalFields, requireTitleAndDescription, splitTags } from './create-opportunity';
import { opportunityKeys } from './keys';

/** The Edit dialog's shape: the create form's fields, the longer brief text and the status. */
export const editOpportunitySchema = opportunityFieldsSchema
  .extend({
    brief: z.string().trim().max(textLimits.briefText, 'opportunities:messages.tooLong').default(''),
    status: z.enum(['open', 'matched', 'closed']),
  })
  .superRefine(requireTitleAndDescription);

export type EditOpportunityInput = z.input<typeof editOpportunitySchema>;

/** The database's refusals that belong to one field of the Edit dialog: shown under it rather than as a toast. */
export const editRefusalFields: RefusalFields<'title' | 'description' | 'brief' | 'reward' | 'tags' | 'deadline' | 'budget'> = {
  codes: opportunityRefusalFields.codes,
  constraints: { ...opportunityRefusalFields.constraints, brand_briefs_brief_check: 'brief' },
};

/**
 * A brand edits what it published (brand_briefs: RLS lets only the owner). The database keeps
 * the deadline and budget rules, and notes what changed (edited_at, edited_fields) for the
 * creators who joined.
 */
export async function updateOpportunity({ briefId, ...input }: { briefId: string } & EditOpportunityInput) {
  const { title, description, brief, reward, tags, deadline, budget, status } = parseOrThrow(editOpportunitySchema.safeParse(input));
  const { data, error } = await supabase()
    .from('brand_briefs')
    .update({
      title,
      description,
      brief: brief || null,
      reward: reward || null,
      industry: splitTags(tags),
      deadline: deadline || null,
      status,
      budget_satang: bahtTextToSatang(budget),
    })
    .eq('id', briefId)
    .select('id, edited_at, edited_fields');
  if (error) throw toAppError(error, 'opportunity_update_failed');
  // Row-level security hides another brand's brief: nothing matched.
  if (data.length !== 1) throw new AppError('not_allowed');
  return data[0];
}

export function useUpdateOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOpportunity,
    // The dialog shows a field's refusal under the field, and the others as a toast of its own.
    meta: { inlineError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: opportunityKeys.all }),
  });
}
