import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { textLimits } from '@/lib/text-limits';
import { opportunityKeys } from './keys';

/** How many of its briefs the Brief card offers to pick from, newest first. */
export const ownBriefsLimit = 100;

/** The brand's briefs, newest first, with the brief text the cards show (brand_briefs.brief): the Brief card picks one. */
export async function getOwnBriefs(brandId: string) {
  const { data, error } = await supabase()
    .from('opportunities')
    .select('id, title, brief')
    .eq('brand_id', brandId)
    .order('created_at', { ascending: false })
    .order('id')
    .limit(ownBriefsLimit);
  if (error) throw toAppError(error, 'opportunities_load_failed');
  return data;
}

export const ownBriefsQueryOptions = (brandId: string | undefined) =>
  queryOptions({ queryKey: opportunityKeys.own(brandId), queryFn: () => getOwnBriefs(brandId!), enabled: Boolean(brandId) });

export const useOwnBriefs = (brandId: string | undefined) => useQuery(ownBriefsQueryOptions(brandId));

/** The Brief card's shape since issue 15: the longer brief text creators read on the card and in the dialog. */
export const briefTextSchema = z.object({ text: z.string().trim().min(1).max(textLimits.briefText, 'opportunities:messages.tooLong') });

/**
 * Save Brief: writes brand_briefs.brief, the text the cards and the brief dialog show, of the
 * brief the brand picked (issue 15 replaces spec §7's update of the first opportunity's description).
 */
export async function saveBriefText({ briefId, text }: { briefId: string; text: string }) {
  const { text: brief } = parseOrThrow(briefTextSchema.safeParse({ text }));
  const { data, error } = await supabase().from('brand_briefs').update({ brief }).eq('id', briefId).select('id, brief');
  if (error) throw toAppError(error, 'brief_update_failed');
  // Row-level security hides another brand's brief: nothing matched.
  if (data.length !== 1) throw new AppError('not_allowed');
  return data[0];
}

export function useSaveBriefText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBriefText,
    // The form shows a refusal of one of its fields under that field, and toasts the others itself.
    meta: { inlineError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opportunityKeys.all }),
  });
}
