import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/keys';
import { metricsKeys } from '@/features/metrics/api/keys';
import { clearCachedMetrics } from '@/features/metrics/api/metrics-cache';
import { videoKeys } from '@/features/videos/api/keys';
import { AppError, functionError, type ErrorCode } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { waitForPopupAnswer, openPopup, type PopupAnswer } from './popup';

/** The columns of tiktok_connections the Integrations panel shows (spec §3 and issue 13). */
const connectionColumns = 'is_connected, verified_status, username, display_name, avatar_url, expires_at, connected_at, revoked_at, revoked_reason, created_at, updated_at';

export type TikTokConnection = {
  is_connected: boolean;
  verified_status: string | null;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  expires_at: string | null;
  connected_at: string | null;
  revoked_at: string | null;
  revoked_reason: 'deauthorized' | 'refresh_failed' | null;
  created_at: string;
  updated_at: string;
};

/** Why a connection that was made no longer works. */
export type LapseReason = 'deauthorized' | 'refresh_failed' | 'expired';

export type ConnectionState =
  | { kind: 'none' }
  | { kind: 'connected'; connection: TikTokConnection }
  | { kind: 'lapsed'; connection: TikTokConnection; reason: LapseReason };

/** Spec §4: connected while is_connected and expires_at is absent or in the future. */
export function connectionState(connection: TikTokConnection | null, now = Date.now()): ConnectionState {
  if (!connection) return { kind: 'none' };
  const unexpired = !connection.expires_at || new Date(connection.expires_at).getTime() > now;
  if (connection.is_connected && unexpired) return { kind: 'connected', connection };
  return { kind: 'lapsed', connection, reason: connection.revoked_reason ?? 'expired' };
}

export const tiktokKeys = {
  all: ['tiktok-connection'] as const,
  connection: (userId: string | undefined) => ['tiktok-connection', userId] as const,
};

/** The caller's connection, or null. Spec §4: a lookup error reads as not connected, and is logged. */
export async function getConnection(userId: string): Promise<TikTokConnection | null> {
  const { data, error } = await supabase().from('tiktok_connections').select(connectionColumns).eq('user_id', userId).maybeSingle();
  if (error) {
    console.error('Looking up the TikTok connection failed:', error.message);
    return null;
  }
  return data as TikTokConnection | null;
}

export function useTikTokConnection(userId: string | undefined) {
  return useQuery({
    queryKey: tiktokKeys.connection(userId),
    queryFn: () => getConnection(userId!),
    enabled: Boolean(userId),
  });
}

/** Calls tiktok-auth with an action; a refusal becomes its code, a crash or anything else the action's own failure. */
export async function callTikTokAuth<T>(body: Record<string, unknown>, fallback: ErrorCode): Promise<T> {
  const { data, error } = await supabase().functions.invoke('tiktok-auth', { body });
  if (!error) return data as T;
  const failure = await functionError(error, fallback);
  throw failure.code === 'internal_error' ? new AppError(fallback, failure.detail) : failure;
}

export async function signedInUserId(): Promise<string> {
  const { data } = await supabase().auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) throw new AppError('tiktok_login_required');
  return userId;
}

/**
 * The popup flow (spec §2 and §4): a 600×700 window on TikTok's consent page, whose /connect
 * page posts the code back; the code (and the one-time state) are then exchanged by
 * tiktok-auth. Null when the person closed the popup first: the flow just ends.
 */
export async function connectTikTok(): Promise<TikTokConnection | null> {
  const userId = await signedInUserId();
  // Opened before the first await on the network, while the click still allows a popup.
  const popup = openPopup();
  let answer: PopupAnswer;
  try {
    const { url } = await callTikTokAuth<{ url: string }>({ action: 'authorize', userId }, 'tiktok_connect_failed');
    popup.location.href = url;
    answer = await waitForPopupAnswer(popup);
  } catch (error) {
    popup.close();
    throw error;
  }
  if (answer.kind === 'closed') return null;
  if (answer.kind === 'error') throw new AppError('tiktok_connect_failed', answer.error);
  const { connection } = await callTikTokAuth<{ connection: TikTokConnection }>(
    { action: 'callback', code: answer.code, state: answer.state, userId },
    'tiktok_connect_failed',
  );
  return connection;
}

export async function syncTikTokVideos(): Promise<{ synced: number; updated: number }> {
  const userId = await signedInUserId();
  return callTikTokAuth({ action: 'sync', userId }, 'tiktok_sync_failed');
}

export async function disconnectTikTok(): Promise<void> {
  const userId = await signedInUserId();
  await callTikTokAuth({ action: 'disconnect', userId }, 'tiktok_disconnect_failed');
}

/** Connecting changes the connection and the profile (its TikTok username and avatar), and so the videos' ownership. */
export function useConnectTikTok(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectTikTok,
    onSuccess: (connection) => {
      if (!connection) return;
      void queryClient.invalidateQueries({ queryKey: tiktokKeys.all });
      if (userId) void queryClient.invalidateQueries({ queryKey: authKeys.profile(userId) });
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      void queryClient.invalidateQueries({ queryKey: metricsKeys.all });
    },
  });
}

/** Syncing adds videos: every list and the creator's figures change. */
export function useSyncTikTokVideos(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncTikTokVideos,
    onSuccess: () => {
      if (userId) clearCachedMetrics(userId);
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      void queryClient.invalidateQueries({ queryKey: metricsKeys.all });
    },
  });
}

/** Disconnecting ends the connection, and with it a proof by TikTok: the profile and the videos' standing change. */
export function useDisconnectTikTok() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectTikTok,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tiktokKeys.all });
      void queryClient.invalidateQueries({ queryKey: authKeys.all });
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      void queryClient.invalidateQueries({ queryKey: metricsKeys.all });
    },
  });
}
