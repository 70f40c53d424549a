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

/** Signs a new user up through supabase-js, then signs them in on a client of their own. */
export async function createUser(
  backend: TestBackend,
  type: UserType,
  metadata: Record<string, unknown> = {},
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
  return { id: signIn.data.user.id, email, password, type, client };
}
