import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate';
import { pgliteImage } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { createScratchDatabase, sweepScratchDatabases } from '../scratch-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite image with every migration applied, which test databases start from. */
    pgliteImageFile: string;
    /** A PostgreSQL database with every migration applied, which test databases are copied from. */
    postgresTemplate: string;
    /** The run's process, which owns every scratch database of the run (tests/scratch-databases.ts). */
    scratchOwner: number;
  }
}

/**
 * Migrates one database per run, which every test database without demo data starts from:
 * applying the migrations took seconds per test file on PGlite. A test that checks the
 * migrations themselves starts from scratch (startBackend's `fromScratch`).
 */
export default async function setup(project: TestProject) {
  const suffix = randomBytes(6).toString('hex');
  if (!project.name.endsWith('postgres')) {
    const image = await pgliteImage((db) => migrate(db, { seed: false }));
    const file = join(tmpdir(), `viewpact-test-${suffix}.tar`);
    await writeFile(file, Buffer.from(await image.arrayBuffer()));
    project.provide('pgliteImageFile', file);
    return () => rm(file, { force: true });
  }
  const base = process.env.DATABASE_URL!;
  // What an interrupted run left behind (its process is gone), then this run's template.
  const swept = await sweepScratchDatabases(base);
  if (swept.length) console.log(`Dropped ${swept.length} database(s) an interrupted run left: ${swept.join(', ')}`);
  const template = await createScratchDatabase(base, 'template');
  const db = await openPostgres(template.url);
  await migrate(db, { seed: false });
  await db.close();
  project.provide('postgresTemplate', template.name);
  project.provide('scratchOwner', process.pid);
  // The template, and any database a test of this run did not drop (a failed stop, a timeout).
  return async () => {
    await template.drop();
    const left = await sweepScratchDatabases(base, process.pid);
    if (left.length) console.log(`Dropped ${left.length} database(s) tests of this run left: ${left.join(', ')}`);
  };
}
