import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { AppError } from '@/lib/errors';
import { errorText } from '@/lib/notify';

/**
 * A list that failed to load says why in a toast: the refusal's own text when the server
 * gave a code (admin_only, network_error...), else the list's "Failed to load ..." text.
 */
export function useLoadErrorToast(query: { isError: boolean; error: unknown }, failedText: string) {
  const { isError, error } = query;
  useEffect(() => {
    if (!isError) return;
    toast.error(error instanceof AppError && error.code !== 'internal_error' ? errorText(error) : failedText);
  }, [isError, error, failedText]);
}
