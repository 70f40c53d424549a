import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { bahtTextToSatang, budgetTextSchema } from './budget-input';
import { opportunityKeys } from './keys';

/** The fields a brand writes when it publishes a brief, and again when it edits one. */
export const opportunityFieldsSchema = z.object({
  title: z.string().trim().max(200, 'opportunities:messages.tooLong'),
  description: z.string().trim().max(5000, 'opportunities:messages.tooLong'),
  reward: z.string().trim().max(200, 'opportunities:messages.tooLong').default(''),
  tags: z.string().default(''),
  deadline: z.string().default(''),
  /** Baht; empty for no limit (rule 11). */
  budget: budgetTextSchema,
});

/** Spec §5: title and description required, on publishing and on every edit. */
export const requireTitleAndDescription = (input: { title: string; description: string }, ctx: z.RefinementCtx) => {
  if (!input.title || !input.description) ctx.addIssue({ code: 'custom', message: 'errors:title_description_required', path: ['title'] });
};

/** Spec §5: title and description required (the form's shape); the database keeps the deadline and budget rules. */
export const createOpportunitySchema = opportunityFieldsSchema.superRefine(requireTitleAndDescription);

export type CreateOpportunityInput = z.input<typeof createOpportunitySchema>;

export const splitTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
    .slice(0, 20);

export async function createOpportunity(input: CreateOpportunityInput) {
  const { data: auth } = await supabase().auth.getSession();
  const brandId = auth.session?.user.id;
  if (!brandId) throw new AppError('not_signed_in_create');
  const { title, description, reward, tags, deadline, budget } = parseOrThrow(createOpportunitySchema.safeParse(input));
  const budgetSatang = bahtTextToSatang(budget);
  const { data, error } = await supabase()
    .from('brand_briefs')
    .insert({
      brand_id: brandId,
      title,
      description,
      reward: reward || null,
      industry: splitTags(tags),
      deadline: deadline || null,
      status: 'open',
      // Left out when empty: the column's null is no limit.
      ...(budgetSatang === null ? {} : { budget_satang: budgetSatang }),
    })
    .select()
    .single();
  if (error) throw toAppError(error, 'opportunity_create_failed');
  return data;
}

export function useCreateOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOpportunity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opportunityKeys.all }),
  });
}
