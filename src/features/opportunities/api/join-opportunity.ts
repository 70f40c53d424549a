import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

/** Joining creates a creator_brand_connections row (spec §4); the database checks who and what. */
export async function joinOpportunity({ briefId, isCreator }: { briefId: string; isCreator: boolean }) {
  const { data: auth } = await supabase().auth.getSession();
  const creatorId = auth.session?.user.id;
  if (!creatorId) throw new AppError('opportunities:messages.mustBeLoggedInJoin');
  if (!isCreator) throw new AppError('opportunities:messages.onlyCreators');
  const { error } = await supabase().from('creator_brand_connections').insert({ creator_id: creatorId, brand_brief_id: briefId });
  if (!error) return;
  if (error.code === '23505') throw new AppError('opportunities:messages.alreadyJoined', error.message);
  if (error.hint === 'only_creators_can_join') throw new AppError('opportunities:messages.onlyCreators', error.message);
  if (error.hint === 'opportunity_not_open') throw new AppError('opportunities:messages.notOpen', error.message);
  throw new AppError('opportunities:messages.joinFailed', error.message);
}

export function useJoinOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinOpportunity,
    onSettled: () => queryClient.invalidateQueries({ queryKey: opportunityKeys.all }),
  });
}
