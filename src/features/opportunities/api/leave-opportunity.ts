import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

/**
 * A creator leaves a brief they joined (deletes their creator_brand_connections row). The
 * database refuses while a video of theirs is linked to it (opportunity_has_videos).
 */
export async function leaveOpportunity({ briefId }: { briefId: string }) {
  const { data: auth } = await supabase().auth.getSession();
  const creatorId = auth.session?.user.id;
  if (!creatorId) throw new AppError('not_signed_in_join');
  const { data, error } = await supabase().from('creator_brand_connections').delete().eq('creator_id', creatorId).eq('brand_brief_id', briefId).select('brand_brief_id');
  if (error) throw toAppError(error, 'leave_failed');
  // Nothing matched: not joined (any more), e.g. left in another tab.
  if (data.length !== 1) throw new AppError('not_joined');
}

export function useLeaveOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveOpportunity,
    // The confirm dialog shows the refusal beside its button.
    meta: { inlineError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: opportunityKeys.all }),
  });
}
