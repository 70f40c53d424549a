import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate';
import { pgliteImage } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite image with every migration applied, which test databases start from. */
    pgliteImageFile: string;
    /** A PostgreSQL database with every migration applied, which test databases are copied from. */
    postgresTemplate: string;
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
  const base = new URL(process.env.DATABASE_URL!);
  const name = `viewpact_template_${suffix}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  await migrate(db, { seed: false });
  await db.close();
  project.provide('postgresTemplate', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
