import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

/** mark_notifications_read(): the given ones, or (null) every unread one of the reader; answers how many it marked. */
export async function markNotificationsRead(ids: number[] | null): Promise<number> {
  const { data, error } = await supabase().rpc('mark_notifications_read', { p_ids: ids });
  if (error) throw toAppError(error, 'notifications_mark_failed');
  return data ?? 0;
}

/** Marking changes the lists and the unread count, nothing else. */
export function useMarkNotificationsRead(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(userId) });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unread(userId) });
    },
  });
}
