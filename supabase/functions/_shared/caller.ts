import { createClient, type User } from '@supabase/supabase-js';
import { commonRefusals, refuse, type FunctionEnv, type Refusal } from './handler.ts';

/**
 * The signed-in person a function writes for, or a refusal: `missing` without a user's token,
 * `account_suspended` (403) while the account is suspended. A token issued before a suspension
 * lives until it expires, and hosted Supabase's auth server answers for it without looking at
 * the ban: the database decides, with the caller's own token, as it does for every write made
 * with that token (public.refuse_if_suspended).
 */
export async function activeCaller(request: Request, env: FunctionEnv, missing: Refusal): Promise<User> {
  const token = (request.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '');
  // An API key is no one's token (supabase-js sends the publishable key when no one is signed in).
  if (!token || token === env.publishableKey || token.startsWith('sb_')) return refuse(missing);
  const caller = createClient(env.supabaseUrl, env.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
  const { data, error } = await caller.auth.getUser(token);
  // The local auth server refuses a banned user's token itself.
  if (error?.code === 'user_banned') return refuse(commonRefusals.suspended);
  const user = data.user ?? refuse(missing);
  const { error: refused } = await caller.rpc('refuse_if_suspended');
  if (refused?.code === 'account_suspended') return refuse(commonRefusals.suspended);
  if (refused) throw new Error(`Checking the account failed: ${refused.message}`);
  return user;
}
