import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BriefStatus } from '@/lib/database';
import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

/** A brand moves its own brief between open, matched and closed; RLS lets only the owner. */
export async function updateOpportunityStatus({ briefId, status }: { briefId: string; status: BriefStatus }) {
  const { data, error } = await supabase().from('brand_briefs').update({ status }).eq('id', briefId).select('id, status');
  if (error) throw toAppError(error, 'status_update_failed');
  // Row-level security hides another brand's brief: nothing matched.
  if (data.length !== 1) throw new AppError('not_allowed');
  return data[0];
}

export function useUpdateOpportunityStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOpportunityStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: opportunityKeys.all }),
  });
}
