import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { checkEmail, checkPassword, hashPassword, insertUser, findUserByEmail } from './auth/users';
import { AuthError } from './auth/errors';
import { loadConfig } from './config';
import { lockDataDir } from './db/lock';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { loadDemoAdminPassword, setDemoAdminPassword } from './demo-admin';

const usage = 'Usage: npm run admin:create -- --email <e-mail> --password <password> [--first-name <name>] [--last-name <name>]';

/**
 * Creates an admin account on the configured database (DATA_DIR or DATABASE_URL):
 * issues a one-time invite and signs up with it, the same path as the Admin tab.
 * With PGlite, stop the server first: one process per data directory.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  if (!values.email || !values.password) throw new Error(usage);
  const email = checkEmail(values.email);
  const password = checkPassword(values.password);
  const config = loadConfig();
  const lock = config.databaseUrl || config.dataDir === 'memory' ? undefined : await lockDataDir(config.dataDir);
  const unlock = async () => lock?.release();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(async (error) => {
    await unlock();
    throw error;
  });
  try {
    // The same first start as the server's: if this loads the demo data, its admin gets the installation's password.
    const demoPassword = config.seed ? await loadDemoAdminPassword(config.demoAdminPassword, config.dataDir) : undefined;
    await migrate(db, { seed: config.seed, afterSeed: demoPassword ? (tx) => setDemoAdminPassword(tx, demoPassword) : undefined });
    const passwordHash = await hashPassword(password);
    const user = await db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw new Error(`An account with the e-mail ${email} already exists.`);
      const code = randomUUID();
      await tx.query(
        `insert into public.admin_invites (code_hash, note, expires_at) values (sha256(convert_to($1, 'UTF8')), 'npm run admin:create', now() + interval '5 minutes')`,
        [code],
      );
      return insertUser(tx, {
        email,
        passwordHash,
        confirmed: true,
        data: {
          user_type: 'admin',
          role: 'admin',
          first_name: values['first-name'] ?? 'Admin',
          last_name: values['last-name'] ?? '',
          admin_invite_code: code,
        },
      });
    });
    console.log(`Admin account created: ${user.email} (${user.id}). Sign in at /login.`);
  } finally {
    await db.close();
    await unlock();
  }
}

main().catch((error: Error) => {
  console.error(error instanceof AuthError ? `Refused: ${error.message}` : error.message);
  process.exit(1);
});
