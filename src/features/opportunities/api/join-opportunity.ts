import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

/** Joining creates a creator_brand_connections row (spec §4); the database checks who and what. */
export async function joinOpportunity({ briefId, isCreator }: { briefId: string; isCreator: boolean }) {
  const { data: auth } = await supabase().auth.getSession();
  const creatorId = auth.session?.user.id;
  if (!creatorId) throw new AppError('not_signed_in_join');
  // Spared a round trip: the database refuses a non-creator with the same code.
  if (!isCreator) throw new AppError('only_creators_can_join');
  const { error } = await supabase().from('creator_brand_connections').insert({ creator_id: creatorId, brand_brief_id: briefId });
  if (error) throw toAppError(error, 'join_failed');
}

export function useJoinOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinOpportunity,
    onSettled: () => queryClient.invalidateQueries({ queryKey: opportunityKeys.all }),
  });
}
