import { spawnSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { loadConfig } from './config';
import { backupDataDir } from './db/backup';
import { pgEnvironment } from './db/pg-env';
import { repoRoot } from './paths';

const usage = 'Usage: npm run backup -- [file]   (default: viewpact-backup-<time>.tar.gz, or .dump with DATABASE_URL)';

/**
 * npm run backup: a consistent copy of the database. PGlite (DATA_DIR): a tarball of the data
 * directory, through the running server or directly. PostgreSQL (DATABASE_URL): pg_dump's custom
 * format. See docs/deploy.md, "Backup and restore".
 */
async function main() {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.length > 1 || args[0]?.startsWith('-')) throw new Error(usage);
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = resolve(process.cwd(), args[0] ?? `viewpact-backup-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`);
  if (config.databaseUrl) {
    const run = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`], { stdio: 'inherit', env: pgEnvironment(config.databaseUrl) });
    if (run.error) throw new Error(`pg_dump could not run (${run.error.message}): install PostgreSQL's client tools.`);
    if (run.status !== 0) throw new Error(`pg_dump failed (exit code ${run.status}).`);
    // Password hashes and personal data: for the owner's eyes only.
    chmodSync(file, 0o600);
    console.log(`Backup written: ${file} (pg_dump). The secrets in ${config.dataDir} (jwt-secret, token-encryption-key) are not in it: keep a copy of them too.`);
    return;
  }
  if (config.dataDir === 'memory') throw new Error('DATA_DIR=memory keeps nothing to back up.');
  const dataDir = isAbsolute(config.dataDir) ? config.dataDir : resolve(repoRoot, config.dataDir);
  const how = await backupDataDir(dataDir, file);
  console.log(`Backup written: ${file} (${how === 'online' ? 'taken by the running server' : 'no server was running'}). It holds the secrets of ${dataDir}: keep it private.`);
}

main().catch((error: Error) => {
  console.error(`Backup failed: ${error.message}`);
  process.exit(1);
});
