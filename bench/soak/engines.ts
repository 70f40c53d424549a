import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createScratchDatabase } from '../../tests/scratch-databases';

export type Engine = 'pglite' | 'postgres';

/** A database of the soak's own, thrown away by drop(). */
export type SoakTarget = { engine: Engine; databaseUrl?: string; dataDir?: string; drop(): Promise<void> };

/** The PostgreSQL server to use: DATABASE_URL, else the local one on 5432. Never another host. */
export function postgresBase(): URL {
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error(`The soak talks only to this machine: DATABASE_URL names ${url.hostname}`);
  return url;
}

async function adminQuery(base: URL, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base.href, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL server answers at DATABASE_URL (or on 127.0.0.1:5432). */
export async function postgresAvailable(): Promise<boolean> {
  try {
    await adminQuery(postgresBase(), 'select 1');
    return true;
  } catch {
    return false;
  }
}

export async function createTarget(engine: Engine): Promise<SoakTarget> {
  if (engine === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'viewpact-soak-'));
    return { engine, dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const database = await createScratchDatabase(postgresBase().href, 'soak');
  return { engine, databaseUrl: database.url, drop: database.drop };
}
