import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/keys';
import { metricsKeys } from '@/features/metrics/api/keys';
import { clearCachedMetrics } from '@/features/metrics/api/metrics-cache';
import { videoKeys } from '@/features/videos/api/keys';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { callTikTokAuth, signedInUserId } from './tiktok-connection';

/** public.tiktok_bio_code(): the one-time code for the bio of the profile's TikTok username. */
export type BioCode = { code: string; username: string; proof: 'tiktok' | 'bio' | null };

export async function getBioCode(): Promise<BioCode> {
  const { data, error } = await supabase().rpc('tiktok_bio_code');
  if (error) throw toAppError(error, 'tiktok_connect_failed');
  return data as BioCode;
}

/** tiktok-auth's verify-bio: TikTok's public profile page is read, and the code in its bio proves the account. */
export async function verifyBio(): Promise<{ proof: 'tiktok' | 'bio'; verified: true }> {
  const userId = await signedInUserId();
  return callTikTokAuth({ action: 'verify-bio', userId }, 'tiktok_connect_failed');
}

export function useBioCode() {
  return useMutation({ mutationFn: getBioCode });
}

/** A proof changes the profile (the verified mark) and what every video counts. */
export function useVerifyBio(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyBio,
    onSuccess: () => {
      if (userId) clearCachedMetrics(userId);
      void queryClient.invalidateQueries({ queryKey: authKeys.all });
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      void queryClient.invalidateQueries({ queryKey: metricsKeys.all });
    },
  });
}
