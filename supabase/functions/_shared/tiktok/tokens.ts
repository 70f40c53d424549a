import type { SupabaseClient } from '@supabase/supabase-js';
import { checkAnswer, type FunctionEnv } from '../handler.ts';
import { decryptSecret, encryptSecret, importSecretKey } from '../secrets.ts';
import { TikTokError, type AppCredentials, type TikTokClient, type TokenSet } from './client.ts';

/**
 * A creator's TikTok tokens (issue 13): stored encrypted (AES-256-GCM, TOKEN_ENCRYPTION_KEY),
 * refreshed shortly before the access token expires by one caller at a time (a lease in the
 * database), the rotated refresh token stored with the new access token in one update. A
 * refresh TikTok refuses (invalid_grant) revokes the connection; the UI then asks to reconnect.
 */

export type TokenVault = { key: CryptoKey; app: AppCredentials };

/** The settings the token code reads, which every function using tokens must allow. */
export const tokenEnv = ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET', 'TOKEN_ENCRYPTION_KEY'] as const;

/** The vault, or null when the function has no key or no TikTok app (tokens are then not used). */
export async function openVault(env: Pick<FunctionEnv, 'get'>): Promise<TokenVault | null> {
  const clientKey = env.get('TIKTOK_CLIENT_KEY');
  const clientSecret = env.get('TIKTOK_CLIENT_SECRET');
  const encoded = env.get('TOKEN_ENCRYPTION_KEY');
  if (!clientKey || !clientSecret || !encoded) return null;
  return { key: await importSecretKey(encoded), app: { clientKey, clientSecret } };
}

/** Refreshed this long before the access token expires. */
const refreshMarginMs = 5 * 60_000;
/** How long a caller that did not get the lease waits for the one that did. */
const waitForRefreshMs = 10_000;

type TokenRow = {
  user_id: string;
  open_id: string;
  access_token_enc: string;
  refresh_token_enc: string;
  expires_at: string;
  refreshing_until: string | null;
};

/** Writes a fresh token set (encrypted) and ends any refresh lease, in one statement. */
export async function storeTokens(service: SupabaseClient, vault: TokenVault, userId: string, tokens: TokenSet): Promise<void> {
  const now = Date.now();
  const stored = await service.from('tiktok_tokens').upsert(
    {
      user_id: userId,
      open_id: tokens.openId,
      scope: tokens.scope,
      access_token_enc: await encryptSecret(vault.key, tokens.accessToken),
      refresh_token_enc: await encryptSecret(vault.key, tokens.refreshToken),
      expires_at: new Date(now + tokens.expiresIn * 1000).toISOString(),
      refresh_expires_at: new Date(now + tokens.refreshExpiresIn * 1000).toISOString(),
      refreshing_until: null,
    },
    { onConflict: 'user_id' },
  );
  checkAnswer(stored, 'Could not store the TikTok tokens');
}

const readRow = async (service: SupabaseClient, userId: string): Promise<TokenRow | null> => {
  const read = await service
    .from('tiktok_tokens')
    .select('user_id, open_id, access_token_enc, refresh_token_enc, expires_at, refreshing_until')
    .eq('user_id', userId)
    .maybeSingle();
  checkAnswer(read, 'Could not read the TikTok tokens');
  return read.data as TokenRow | null;
};

const fresh = (row: TokenRow) => new Date(row.expires_at).getTime() - Date.now() > refreshMarginMs;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * A usable access token for the user, refreshed first when it is about to expire; null when the
 * user has no tokens or TikTok refused the refresh (the connection is then revoked).
 */
export async function accessTokenFor(service: SupabaseClient, tiktok: TikTokClient, vault: TokenVault, userId: string): Promise<string | null> {
  let row = await readRow(service, userId);
  if (!row) return null;
  if (fresh(row)) return decryptSecret(vault.key, row.access_token_enc);

  const lease = await service.rpc('tiktok_claim_refresh', { p_user: userId });
  checkAnswer(lease, 'Could not take the refresh lease');
  if (!lease.data) {
    // Another caller is refreshing: its new tokens will be there shortly.
    const until = Date.now() + waitForRefreshMs;
    while (Date.now() < until) {
      await sleep(200);
      row = await readRow(service, userId);
      if (!row) return null;
      if (fresh(row)) return decryptSecret(vault.key, row.access_token_enc);
      if (!row.refreshing_until) break;
    }
    throw new TikTokError('unavailable', 'The TikTok connection is being renewed; try again');
  }
  // The lease may come free because another caller has just stored new tokens: read the row again,
  // so that the refresh token used is the latest (a used one is dead) and no refresh is repeated.
  row = await readRow(service, userId);
  if (!row) return null;
  if (fresh(row)) {
    await service.from('tiktok_tokens').update({ refreshing_until: null }).eq('user_id', userId);
    return decryptSecret(vault.key, row.access_token_enc);
  }
  try {
    const tokens = await tiktok.refreshTokens(vault.app, await decryptSecret(vault.key, row.refresh_token_enc));
    await storeTokens(service, vault, userId, tokens);
    await service.from('tiktok_connections').update({ expires_at: new Date(Date.now() + tokens.refreshExpiresIn * 1000).toISOString() }).eq('user_id', userId);
    return tokens.accessToken;
  } catch (failure) {
    if (failure instanceof TikTokError && failure.kind === 'invalid_grant') {
      await service.rpc('tiktok_mark_revoked', { p_user: userId });
      return null;
    }
    // Anything else (TikTok slow or down): let the next caller try again.
    await service.from('tiktok_tokens').update({ refreshing_until: null }).eq('user_id', userId);
    throw failure;
  }
}

/**
 * The usable access tokens of many users, by user id (tiktok-refresh): one read for the lot, a
 * refresh only for those about to expire. A user whose tokens fail is left out: their videos
 * are then measured from the public page.
 */
export async function accessTokensFor(service: SupabaseClient, tiktok: TikTokClient, vault: TokenVault, userIds: string[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (let i = 0; i < userIds.length; i += 100) {
    const read = await service
      .from('tiktok_tokens')
      .select('user_id, open_id, access_token_enc, refresh_token_enc, expires_at, refreshing_until')
      .in('user_id', userIds.slice(i, i + 100));
    checkAnswer(read, 'Could not read the TikTok tokens');
    for (const row of read.data as TokenRow[]) {
      try {
        const token = fresh(row) ? await decryptSecret(vault.key, row.access_token_enc) : await accessTokenFor(service, tiktok, vault, row.user_id);
        if (token) tokens.set(row.user_id, token);
      } catch (failure) {
        console.warn('[tiktok] a connection\'s token could not be used:', (failure as Error).message);
      }
    }
  }
  return tokens;
}

/** The refresh token, decrypted, to revoke it; null without tokens. */
export async function storedRefreshToken(service: SupabaseClient, vault: TokenVault, userId: string): Promise<string | null> {
  const row = await readRow(service, userId);
  return row ? decryptSecret(vault.key, row.refresh_token_enc) : null;
}
