import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import type { RefusalFields } from '@/lib/field-errors';
import { supabase } from '@/lib/supabase';
import { textLimits } from '@/lib/text-limits';
import { bahtTextToSatang, budgetTextSchema } from './budget-input';
import { opportunityKeys } from './keys';

export const splitTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
    .slice(0, textLimits.industryTagCount);

/** The fields a brand writes when it publishes a brief, and again when it edits one: each as long as the database keeps it. */
export const opportunityFieldsSchema = z.object({
  title: z.string().trim().max(textLimits.briefTitle, 'opportunities:messages.tooLong'),
  description: z.string().trim().max(textLimits.briefDescription, 'opportunities:messages.tooLong'),
  reward: z.string().trim().max(textLimits.reward, 'opportunities:messages.tooLong').default(''),
  tags: z
    .string()
    .refine((text) => splitTags(text).every((tag) => tag.length <= textLimits.industryTag), 'errors:industry_tag_too_long')
    .default(''),
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

/** The database's refusals of a brief, under the field of the create form they concern (issue 33); the edit form adds the brief text. */
export const opportunityRefusalFields: RefusalFields<'title' | 'description' | 'reward' | 'tags' | 'deadline' | 'budget'> = {
  codes: {
    title_description_required: 'title',
    deadline_in_past: 'deadline',
    deadline_locked: 'deadline',
    budget_invalid: 'budget',
    budget_below_spend: 'budget',
    industry_tag_too_long: 'tags',
  },
  constraints: {
    brand_briefs_title_check: 'title',
    brand_briefs_description_check: 'description',
    brand_briefs_reward_check: 'reward',
    brand_briefs_industry_check: 'tags',
    brand_briefs_budget_satang_check: 'budget',
  },
};

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
    // The form shows a refusal of one of its fields under that field, and toasts the others itself.
    meta: { inlineError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opportunityKeys.all }),
  });
}
