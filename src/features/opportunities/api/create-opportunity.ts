import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

const today = () => new Date().toISOString().slice(0, 10);

/** Spec §5: title and description required; tags split on commas and trimmed; a deadline not in the past. */
export const createOpportunitySchema = z
  .object({
    title: z.string().trim().max(200, 'opportunities:messages.tooLong'),
    description: z.string().trim().max(5000, 'opportunities:messages.tooLong'),
    reward: z.string().trim().max(200, 'opportunities:messages.tooLong').default(''),
    tags: z.string().default(''),
    deadline: z.string().default(''),
  })
  .superRefine((input, ctx) => {
    if (!input.title || !input.description) ctx.addIssue({ code: 'custom', message: 'opportunities:messages.titleDescriptionRequired', path: ['title'] });
    else if (input.deadline && input.deadline < today()) ctx.addIssue({ code: 'custom', message: 'opportunities:messages.deadlinePast', path: ['deadline'] });
  });

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
  if (!brandId) throw new AppError('opportunities:messages.mustBeLoggedInCreate');
  const parsed = createOpportunitySchema.safeParse(input);
  if (!parsed.success) throw new AppError(parsed.error.issues[0].message);
  const { title, description, reward, tags, deadline } = parsed.data;
  const { data, error } = await supabase()
    .from('brand_briefs')
    .insert({ brand_id: brandId, title, description, reward: reward || null, industry: splitTags(tags), deadline: deadline || null, status: 'open' })
    .select()
    .single();
  if (error) {
    if (error.hint === 'deadline_in_past') throw new AppError('opportunities:messages.deadlinePast', error.message);
    throw new AppError('opportunities:messages.createFailed', error.message);
  }
  return data;
}

export function useCreateOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOpportunity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opportunityKeys.all }),
  });
}
