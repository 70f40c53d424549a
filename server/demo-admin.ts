import { randomBytes } from 'node:crypto';
import { loadKeptSecret } from './auth/keys';
import { findUserById, hashPassword, passwordMatches } from './auth/users';
import type { Queryable } from './db/types';

/** The demo admin of supabase/seed.sql, which the seed leaves without a password. */
export const demoAdmin = { id: 'a1000000-0000-4000-8000-000000000003', email: 'admin@demo.viewpact.test' };

/**
 * The demo admin's password: DEMO_ADMIN_PASSWORD (tests pin it), else random per
 * installation and kept in DATA_DIR/demo-admin-password, next to the generated JWT secret.
 */
export const loadDemoAdminPassword = (configured: string | undefined, dataDir: string) =>
  loadKeptSecret(configured, dataDir, 'demo-admin-password', () => randomBytes(12).toString('base64url'));

/** Gives the freshly seeded demo admin its password, in the seed's transaction. */
export async function setDemoAdminPassword(tx: Queryable, password: string): Promise<void> {
  await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [demoAdmin.id, await hashPassword(password)]);
}

/** Whether the demo admin still signs in with this password: it may have been changed since, or never seeded here. */
export async function demoAdminPasswordHolds(db: Queryable, password: string): Promise<boolean> {
  const user = await findUserById(db, demoAdmin.id);
  return user !== undefined && (await passwordMatches(user, password));
}
