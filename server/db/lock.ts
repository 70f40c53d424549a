import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

async function lockHolder(lockFile: string): Promise<number | undefined> {
  try {
    return Number((await readFile(lockFile, 'utf8')).trim()) || undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** One process per PGlite data directory: a second one would corrupt it. Returns the unlock. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'server.lock');
  const holder = await lockHolder(lockFile);
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new Error(`The data directory ${dataDir} is in use by process ${holder}. Stop it first, or set DATA_DIR to another folder.`);
  }
  await writeFile(lockFile, String(process.pid));
  return () => rm(lockFile, { force: true });
}
