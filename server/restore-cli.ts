import { spawnSync } from 'node:child_process';
import { isAbsolute, resolve } from 'node:path';
import { loadConfig } from './config';
import { restoreDataDir } from './db/backup';
import { pgEnvironment } from './db/pg-env';
import { repoRoot } from './paths';

const usage = 'Usage: npm run restore -- <file> [--force]';

/**
 * npm run restore: brings a backup of npm run backup back. PGlite: into DATA_DIR, which must be
 * empty (--force moves what is there aside) and not in use. PostgreSQL: pg_restore into
 * DATABASE_URL, which must hold no ViewPact schema unless --force (then pg_restore --clean).
 */
async function main() {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0].startsWith('-')) throw new Error(usage);
  const file = resolve(process.cwd(), files[0]);
  const config = loadConfig();
  if (config.databaseUrl) {
    const env = pgEnvironment(config.databaseUrl);
    const check = spawnSync('psql', ['--no-psqlrc', '--tuples-only', '--no-align', '--command', "select count(*) from pg_tables where schemaname = 'public'"], { encoding: 'utf8', env });
    if (check.error) throw new Error(`psql could not run (${check.error.message}): install PostgreSQL's client tools.`);
    if (check.status !== 0) throw new Error(`The database of DATABASE_URL could not be read: ${check.stderr.trim()}`);
    if (Number(check.stdout.trim()) > 0 && !force) throw new Error('The database of DATABASE_URL already has tables. Restore into an empty database, or add --force to replace what the backup holds.');
    // --dbname names the database only (from the environment), never the URL with its password.
    const run = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', ...(force ? ['--clean', '--if-exists'] : []), `--dbname=${env.PGDATABASE ?? 'postgres'}`, file], { stdio: 'inherit', env });
    if (run.status !== 0) throw new Error(`pg_restore failed (exit code ${run.status}).`);
    console.log(`Restored ${file} into the database of DATABASE_URL. Put back the secrets of DATA_DIR (jwt-secret, token-encryption-key) from the same installation.`);
    return;
  }
  if (config.dataDir === 'memory') throw new Error('DATA_DIR=memory keeps nothing: set DATA_DIR to the folder to restore into.');
  const dataDir = isAbsolute(config.dataDir) ? config.dataDir : resolve(repoRoot, config.dataDir);
  const { movedAside } = await restoreDataDir(dataDir, file, { force });
  console.log(`Restored ${file} into ${dataDir}.${movedAside ? ` What was there is now in ${movedAside}.` : ''} Start the server as usual.`);
}

main().catch((error: Error) => {
  console.error(`Restore failed: ${error.message}`);
  process.exit(1);
});
