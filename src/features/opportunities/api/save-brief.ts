import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

/** The brand's first opportunity: the one the dashboard's Brief card edits (spec §7). */
export async function getFirstOpportunity(brandId: string) {
  const { data, error } = await supabase()
    .from('opportunities')
    .select('id, title, description')
    .eq('brand_id', brandId)
    .order('created_at', { ascending: true })
    .order('id')
    .limit(1)
    .maybeSingle();
  if (error) throw toAppError(error, 'opportunities_load_failed');
  return data;
}

export const useFirstOpportunity = (brandId: string | undefined) =>
  useQuery(queryOptions({ queryKey: opportunityKeys.first(brandId), queryFn: () => getFirstOpportunity(brandId!), enabled: Boolean(brandId) }));

/** The Brief card's shape: some text, no longer than a description may be. */
export const briefFormSchema = z.object({ text: z.string().trim().min(1).max(5000, 'opportunities:messages.tooLong') });

/** Save Brief: update description where id is the brand's first opportunity. */
export async function saveBrief({ opportunityId, text }: { opportunityId: string; text: string }) {
  const { data, error } = await supabase().from('opportunities').update({ description: text.trim() }).eq('id', opportunityId).select('id');
  if (error) throw toAppError(error, 'brief_update_failed');
  // Row-level security hides another brand's brief: nothing matched.
  if (data.length !== 1) throw new AppError('not_allowed');
}

export function useSaveBrief() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveBrief, onSuccess: () => queryClient.invalidateQueries({ queryKey: opportunityKeys.all }) });
}
