import { apiUrl } from './msw';

export type TestUser = { id: string; email: string; userType: 'creator' | 'brand' | 'admin' };

/** supabase-js keeps the session under sb-<first label of the API host>-auth-token. */
const storageKey = `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`;

/**
 * A signed-in browser: the session supabase-js would have stored after a sign-in, valid
 * for an hour, so no request is made to restore it (with `expiresIn` <= 0, an expired one,
 * which supabase-js refreshes first). The token is opaque to the SPA.
 */
export function storeSession(user: TestUser, { expiresIn = 3600 }: { expiresIn?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  localStorage.setItem(
    storageKey,
    JSON.stringify({
      access_token: `test-token-${user.id}`,
      refresh_token: `test-refresh-${user.id}`,
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: now + expiresIn,
      user: {
        id: user.id,
        aud: 'authenticated',
        role: 'authenticated',
        email: user.email,
        app_metadata: { provider: 'email' },
        user_metadata: { user_type: user.userType },
        created_at: '2026-01-05T08:00:00Z',
      },
    }),
  );
}
