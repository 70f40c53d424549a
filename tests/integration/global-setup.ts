import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, seedDatabase } from '../../server/db/migrate';
import { pgliteImages } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { createScratchDatabase, sweepScratchDatabases } from '../scratch-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite image of a database just made (initdb), which tests of the migrations start from. */
    pgliteEmptyImageFile: string;
    /** A PGlite image with every migration applied, which test databases start from. */
    pgliteImageFile: string;
    /** The same with the demo data loaded (its admin has no password yet), which seeded test databases start from. */
    pgliteSeededImageFile: string;
    /** A PostgreSQL database with every migration applied, which test databases are copied from. */
    postgresTemplate: string;
    /** The same with the demo data loaded (its admin has no password yet), which seeded test databases are copied from. */
    postgresSeededTemplate: string;
    /** The run's process, which owns every scratch database of the run (tests/scratch-databases.ts). */
    scratchOwner: number;
  }
}

/**
 * Migrates one database per run, which every test database without demo data starts from, and
 * loads the demo data into a copy, which every test database with demo data starts from: applying
 * the migrations took seconds per test file on PGlite, and the seed seconds more (issue 32). A test
 * that checks the migrations or the seed themselves starts from scratch (startBackend's `fromScratch`).
 */
export default async function setup(project: TestProject) {
  const suffix = randomBytes(6).toString('hex');
  if (!project.name.endsWith('postgres')) {
    const images = await pgliteImages(
      async () => undefined,
      (db) => migrate(db, { seed: false }),
      (db) => db.transaction((tx) => seedDatabase(tx)),
    );
    const files = await Promise.all(
      images.map(async (image, i) => {
        const file = join(tmpdir(), `viewpact-test-${suffix}-${i}.tar`);
        await writeFile(file, Buffer.from(await image.arrayBuffer()));
        return file;
      }),
    );
    const [empty, migrated, seeded] = files;
    project.provide('pgliteEmptyImageFile', empty);
    project.provide('pgliteImageFile', migrated);
    project.provide('pgliteSeededImageFile', seeded);
    return () => Promise.all(files.map((file) => rm(file, { force: true })));
  }
  const base = process.env.DATABASE_URL!;
  // What an interrupted run left behind (its process is gone), then this run's template.
  const swept = await sweepScratchDatabases(base);
  if (swept.length) console.log(`Dropped ${swept.length} database(s) an interrupted run left: ${swept.join(', ')}`);
  const template = await createScratchDatabase(base, 'template');
  const db = await openPostgres(template.url);
  await migrate(db, { seed: false });
  await db.close();
  const seededTemplate = await createScratchDatabase(base, 'template', { template: template.name });
  const seededDb = await openPostgres(seededTemplate.url);
  await seededDb.transaction((tx) => seedDatabase(tx));
  await seededDb.close();
  project.provide('postgresTemplate', template.name);
  project.provide('postgresSeededTemplate', seededTemplate.name);
  project.provide('scratchOwner', process.pid);
  // The template, and any database a test of this run did not drop (a failed stop, a timeout).
  return async () => {
    await seededTemplate.drop();
    await template.drop();
    const left = await sweepScratchDatabases(base, process.pid);
    if (left.length) console.log(`Dropped ${left.length} database(s) tests of this run left: ${left.join(', ')}`);
  };
}
