import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getMyChanges } from './get-my-changes';
import { watchChanges } from './watch-changes';

/** Keeps the signed-in person's money figures and bell fresh while a dashboard is open (watchChanges). */
export function useFreshFigures(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const watcher = watchChanges({ queryClient, userId, fetchChanges: getMyChanges });
    return () => watcher.stop();
  }, [queryClient, userId]);
}
