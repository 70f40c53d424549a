/**
 * Issue 32, clean runs: the sweep at the start of a run drops what a dead run left, never a live
 * run's database; a run's own sweep at its end drops only its own.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, sweepScratchDatabases, type ScratchDatabase } from '../scratch-databases';
import { engine } from './helpers/backend';

const made: ScratchDatabase[] = [];
afterAll(async () => {
  for (const database of made) await database.drop();
});

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** A process that runs until killed, and one that has ended: owners alive and dead. */
async function processes() {
  const live = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const ended = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(ended, 'exit');
  return { live, ended };
}

describe.runIf(engine === 'postgres')('scratch databases (PostgreSQL project only: they live on the server)', () => {
  it('are swept when their run is gone, kept while it runs, and a run drops only its own', async () => {
    const { live, ended } = await processes();
    try {
      const base = process.env.DATABASE_URL!;
      const ofLiveRun = await createScratchDatabase(base, 'sweep', { ownerPid: live.pid });
      const ofDeadRun = await createScratchDatabase(base, 'sweep', { ownerPid: ended.pid });
      const ofThisRun = await createScratchDatabase(base, 'sweep');
      made.push(ofLiveRun, ofDeadRun, ofThisRun);

      // A run's start: the dead run's database goes; the live one's and ours stay.
      expect(await sweepScratchDatabases(base)).toContain(ofDeadRun.name);
      expect(await databaseExists(ofDeadRun.name)).toBe(false);
      expect(await databaseExists(ofLiveRun.name)).toBe(true);
      expect(await databaseExists(ofThisRun.name)).toBe(true);

      // A run's end: its own only.
      expect(await sweepScratchDatabases(base, live.pid)).toEqual([ofLiveRun.name]);
      expect(await databaseExists(ofThisRun.name)).toBe(true);
    } finally {
      live.kill();
    }
  });

  it('refuses a label that would not make a name the sweep reads', async () => {
    await expect(createScratchDatabase(process.env.DATABASE_URL!, 'Bad-Label')).rejects.toThrow(/lower-case letters, digits and _/);
  });
});
