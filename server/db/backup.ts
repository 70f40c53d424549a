import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadKeptSecret } from '../auth/keys';
import { liveHolder, lockDataDir } from './lock';

/**
 * Backup and restore of the embedded database (README, docs/deploy.md). A backup is PGlite's
 * own tarball of the data directory (gzip), taken between two statements after a checkpoint:
 * consistent, and readable by PGlite's loadDataDir. It holds the whole folder, the kept secrets
 * (jwt-secret, token-encryption-key, demo-admin-password) included: keep it as you keep them.
 *
 * While a server holds the folder, the backup is taken by that server (POST /_backup), which
 * only answers a caller on this machine that shows the folder's backup key, a secret kept in the
 * folder: whoever can read it can read the folder anyway. Otherwise the backup opens the folder
 * itself, under its lock.
 */

export const backupPath = '/_backup';
const backupKeyFile = 'backup-key';

/** The key a backup request shows: generated once, kept in the data directory (mode 600). */
export const loadBackupKey = (dataDir: string) => loadKeptSecret(undefined, dataDir, backupKeyFile, () => randomBytes(32).toString('base64url'));

/** Whether `given` is the folder's backup key, compared in constant time. */
export function backupKeyMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/** Writes `data` to `file`, readable by its owner only, whole or not at all. */
async function writePrivate(file: string, data: Uint8Array) {
  const temporary = `${file}.${process.pid}.partial`;
  await writeFile(temporary, data, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}

/** Backs the PGlite folder up into `file`: through the server that holds it, or directly. Answers how. */
export async function backupDataDir(dataDir: string, file: string): Promise<'online' | 'offline'> {
  const holder = await liveHolder(dataDir);
  if (holder) {
    if (!holder.url) throw new Error(`The server (process ${holder.pid}) holding ${dataDir} is still starting. Try again in a moment.`);
    const response = await fetch(`${holder.url}${backupPath}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await loadBackupKey(dataDir)}` },
    });
    if (!response.ok) throw new Error(`The server (process ${holder.pid}) refused the backup: ${response.status} ${await response.text()}`);
    await writePrivate(file, new Uint8Array(await response.arrayBuffer()));
    return 'online';
  }
  const lock = await lockDataDir(dataDir);
  try {
    const { openPglite } = await import('./pglite');
    const db = await openPglite(dataDir);
    try {
      await writePrivate(file, new Uint8Array(await (await db.backup!()).arrayBuffer()));
    } finally {
      await db.close();
    }
  } finally {
    await lock.release();
  }
  return 'offline';
}

/**
 * Restores a backup into the PGlite folder `dataDir`: refused while a server holds it, and when it
 * holds anything unless `force`, which moves what is there aside (to `<dataDir>.before-restore-<time>`),
 * never deletes it. Answers where the old content went, if anywhere.
 */
export async function restoreDataDir(dataDir: string, file: string, options: { force?: boolean } = {}): Promise<{ movedAside?: string }> {
  const image = new Blob([new Uint8Array(await readFile(file))]);
  const holder = await liveHolder(dataDir);
  if (holder) throw new Error(`The data directory ${dataDir} is in use by process ${holder.pid}. Stop the server first.`);
  const present = await readdir(dataDir).catch(() => [] as string[]);
  let movedAside: string | undefined;
  if (present.length > 0) {
    if (!options.force) throw new Error(`The data directory ${dataDir} is not empty. Restore into an empty folder, or add --force to move what is there aside first.`);
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(dataDir, movedAside);
  }
  const lock = await lockDataDir(dataDir);
  try {
    const { openPglite } = await import('./pglite');
    const db = await openPglite(dataDir, image);
    try {
      await db.query('select 1');
    } finally {
      await db.close();
    }
  } finally {
    await lock.release();
    // The backup's own lock and PGlite's pid file are the backed-up server's: not ours to keep.
    for (const name of await readdir(dataDir)) {
      if (name === 'server.lock' || name.startsWith('server.lock.') || name === 'postmaster.pid') await rm(join(dataDir, name), { force: true });
    }
  }
  return { movedAside };
}
