import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestBackend } from './backend';

export type UserType = 'creator' | 'brand' | 'admin';

export type TestUser = { id: string; email: string; password: string; type: UserType; client: SupabaseClient };

export const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;

/** Issues a one-time admin invite straight in the database, as `npm run admin:create` does. */
export async function issueInvite(backend: TestBackend, options: { expiresInSeconds?: number } = {}): Promise<string> {
  const code = randomBytes(16).toString('hex');
  await backend.server.db.query(
    `insert into public.admin_invites (code_hash, note, expires_at) values (sha256(convert_to($1, 'UTF8')), 'test', now() + make_interval(secs => $2))`,
    [code, options.expiresInSeconds ?? 600],
  );
  return code;
}

/**
 * Marks a creator's TikTok username as proven by the bio code, as tiktok-auth's verify-bio
 * does once it read the code on the account's page (docs/money.md rule 4). A handle another
 * account proved stays unproven, as the database would have it.
 */
export async function proveHandle(backend: TestBackend, userId: string): Promise<boolean> {
  const { rows } = await backend.server.db.query<{ id: string }>(
    `update public.profiles p set tiktok_proof = 'bio', tiktok_verified_at = now(), tiktok_lapsed_at = null
      where p.id = $1 and p.tiktok_username is not null and p.tiktok_proof is null
        and not exists (select 1 from public.profiles o
                         where o.id <> p.id and o.tiktok_proof is not null and lower(o.tiktok_username) = lower(p.tiktok_username))
      returning p.id`,
    [userId],
  );
  return rows.length === 1;
}

/**
 * Signs a new user up through supabase-js, then signs them in on a client of their own. A
 * creator signed up with a TikTok username has proved it (proveHandle) unless `prove` is false.
 */
export async function createUser(
  backend: TestBackend,
  type: UserType,
  metadata: Record<string, unknown> = {},
  options: { prove?: boolean } = {},
): Promise<TestUser> {
  const email = uniqueEmail(type);
  const password = 'password-123';
  const data: Record<string, unknown> = {
    user_type: type,
    first_name: type === 'brand' ? 'Brand ' + email.slice(6, 10) : 'First',
    last_name: 'Last',
    ...metadata,
  };
  if (type === 'admin' && !('admin_invite_code' in metadata)) data.admin_invite_code = await issueInvite(backend);
  const signUp = await backend.client().auth.signUp({ email, password, options: { data } });
  if (signUp.error) throw signUp.error;
  const client = backend.client();
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  if (type === 'creator' && data.tiktok_username && options.prove !== false) await proveHandle(backend, signIn.data.user.id);
  return { id: signIn.data.user.id, email, password, type, client };
}
