import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * One process per PGlite data directory: a second one would corrupt it, and PGlite's own
 * postmaster.pid does not stop it (every PGlite writes the same pid, -42, and ignores it).
 *
 * The lock is DATA_DIR/server.lock, created with its whole content at once (a temporary file
 * hard-linked into place, which fails when the lock exists). A lock is stale, and taken over,
 * only when its holder is gone: the process is dead or a zombie, or its pid now belongs to
 * another process (its start time differs, or the machine has rebooted since). `kill(pid, 0)`
 * alone says yes to both a zombie and a reused pid, and refused restarts after a kill.
 */

export type LockHolder = {
  pid: number;
  /** Linux: /proc/sys/kernel/random/boot_id when the lock was taken. */
  bootId?: string;
  /** Linux: the holder's start time in clock ticks since boot (/proc/<pid>/stat, field 22). */
  startedAt?: string;
  /** Where the holder serves, once it listens (npm run backup asks it for an online backup). */
  url?: string;
  /** Tells two locks of the same pid apart. */
  nonce: string;
};

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(`The data directory ${dataDir} is in use by process ${holder.pid}. Stop it first, or set DATA_DIR to another folder.`);
  }
}

export type DataDirLock = {
  /** Records where the holder serves, for npm run backup. */
  setUrl(url: string): Promise<void>;
  release(): Promise<void>;
};

export const lockFileName = 'server.lock';

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** /proc/<pid>/stat: the state (R, S, Z...) and the start time, or undefined off Linux or when gone. */
async function procStat(pid: number | 'self'): Promise<{ state: string; startedAt: string } | undefined> {
  const text = await readText(`/proc/${pid}/stat`);
  if (!text) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], startedAt: fields[19] };
}

const bootId = async () => (await readText('/proc/sys/kernel/random/boot_id'))?.trim();

/** The holder's record in a lock file's text; the first versions wrote only the pid. */
export function parseHolder(text: string | undefined): LockHolder | undefined {
  if (!text?.trim()) return undefined;
  const pid = Number(text.trim());
  if (Number.isSafeInteger(pid) && pid > 0) return { pid, nonce: '' };
  try {
    const value = JSON.parse(text) as Partial<LockHolder> | null;
    if (typeof value === 'object' && value !== null && Number.isSafeInteger(value.pid) && value.pid! > 0) return { nonce: '', ...value } as LockHolder;
  } catch {
    // not a lock of ours: stale
  }
  return undefined;
}

/** Whether the process that wrote `holder` still runs. */
export async function holderAlive(holder: LockHolder): Promise<boolean> {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = await procStat(holder.pid);
  if (!stat) return true; // not Linux: the signal's answer is all there is
  if (stat.state === 'Z' || stat.state === 'X') return false; // killed, not yet reaped by its parent
  if (holder.bootId && holder.bootId !== (await bootId())) return false; // a pid from before a reboot
  if (holder.startedAt && holder.startedAt !== stat.startedAt) return false; // the pid was reused
  return true;
}

/** Reads the lock of a data directory: its holder when a live process holds it. */
export async function liveHolder(dataDir: string): Promise<LockHolder | undefined> {
  const holder = parseHolder(await readText(join(dataDir, lockFileName)));
  return holder && (await holderAlive(holder)) ? holder : undefined;
}

/** Writes `content` as a new file and links it to `target`: all of it or nothing, and never over an existing one. */
async function createWhole(dataDir: string, target: string, content: string): Promise<boolean> {
  const temporary = join(dataDir, `${lockFileName}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  await writeFile(temporary, content, { mode: 0o644 });
  try {
    await link(temporary, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * Takes the lock of dataDir for this process, or throws DataDirInUseError naming the holder.
 * Two processes starting together: exactly one gets it, whether the lock was absent or stale.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = join(dataDir, lockFileName);
  const self = await procStat('self');
  const me: LockHolder = { pid: process.pid, bootId: self ? await bootId() : undefined, startedAt: self?.startedAt, nonce: randomBytes(8).toString('hex') };

  for (let attempt = 0; attempt < 20; attempt++) {
    if (await createWhole(dataDir, lockFile, JSON.stringify(me))) return heldLock(dataDir, lockFile, me);
    const text = await readText(lockFile);
    if (text === undefined) continue; // released meanwhile: try again
    const holder = parseHolder(text);
    if (holder && holder.pid !== process.pid && (await holderAlive(holder))) throw new DataDirInUseError(dataDir, holder);
    // Stale. Move exactly what was read aside; if a racer replaced it first, put theirs back.
    const aside = join(dataDir, `${lockFileName}.stale.${process.pid}.${randomBytes(4).toString('hex')}`);
    try {
      await rename(lockFile, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = await readText(aside);
    if (moved !== text) {
      await link(aside, lockFile).catch(() => undefined);
    }
    await rm(aside, { force: true });
  }
  throw new Error(`Could not take the lock of the data directory ${dataDir}: it kept changing. Is another process starting on it?`);
}

function heldLock(dataDir: string, lockFile: string, me: LockHolder): DataDirLock {
  let released = false;
  return {
    async setUrl(url) {
      // Replaced whole (rename), so that a reader never sees half a file.
      const temporary = join(dataDir, `${lockFileName}.${process.pid}.url.tmp`);
      await writeFile(temporary, JSON.stringify({ ...me, url }));
      await rename(temporary, lockFile);
    },
    async release() {
      if (released) return;
      released = true;
      // Only our own lock: never one a later holder took over.
      if (parseHolder(await readText(lockFile))?.nonce === me.nonce) await rm(lockFile, { force: true });
    },
  };
}
