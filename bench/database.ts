import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import type { Database } from '../server/db/types';
import { repoRoot } from '../server/paths';
import { generate, generatedVersion, markGenerated, recountProfiles, versionKey } from './generate';
import type { Shape } from './shape';

/** Where a bench database lives: a PostgreSQL database on DATABASE_URL's server, or a PGlite directory. */
export type Target = { databaseUrl?: string; dataDir?: string; drop(): Promise<void> };

async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function urlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.href;
}

/**
 * A database of this name: created when missing (or always, when fresh), never shared with the
 * tests. BENCH_DB_PREFIX (default viewpact_bench) names it, so that two work trees can bench on
 * one PostgreSQL server at once without sharing (and migrating) each other's data.
 */
export async function benchTarget(name: string, options: { fresh: boolean }): Promise<Target> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const prefix = process.env.BENCH_DB_PREFIX || 'viewpact_bench';
    if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new Error('BENCH_DB_PREFIX: lower-case letters, digits and _ only');
    const database = `${prefix}_${name}`;
    const drop = () => adminQuery(baseUrl, `drop database if exists ${database} with (force)`);
    if (options.fresh) await drop();
    await adminQuery(baseUrl, `create database ${database}`).catch((error: { code?: string }) => {
      if (error.code !== '42P04') throw error; // exists: the cache
    });
    return { databaseUrl: urlFor(baseUrl, database), drop };
  }
  const dataDir = name === 'fresh' ? await mkdtemp(join(tmpdir(), 'viewpact-bench-')) : join(repoRoot, 'bench/.data', name);
  if (options.fresh) await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  return { dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
}

const open = (target: Target): Promise<Database> =>
  openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir ?? '' });

/** Migrates and fills the target unless it already holds this shape's data; answers the seconds spent generating (0 when cached). */
export async function prepare(target: Target, shape: Shape, log: (line: string) => void): Promise<number> {
  let db = await open(target);
  try {
    await migrate(db, { seed: false });
    const version = await generatedVersion(db);
    if (version === versionKey(shape)) {
      // Data cached before the generator kept them (issue 33): the counts are made right, once.
      await db.exec(recountProfiles);
      return 0;
    }
    if (version !== null) {
      log('the cached data is of another version: rebuilding it');
      await db.close();
      await target.drop();
      const again = await benchTarget(shape.name, { fresh: false });
      Object.assign(target, again);
      db = await open(target);
      await migrate(db, { seed: false });
      await generatedVersion(db);
    }
    log(`generating the ${shape.name} data (${shape.videos.toLocaleString('en')} videos)`);
    const started = performance.now();
    await generate(db, shape, log);
    await markGenerated(db, shape);
    return Math.round((performance.now() - started) / 100) / 10;
  } finally {
    await db.close();
  }
}

/** Sequential scans per table since the server started, from PostgreSQL's statistics. */
export async function seqScans(target: Target): Promise<Map<string, number>> {
  const db = await open(target);
  try {
    await db.exec('set stats_fetch_consistency = none').catch(() => undefined);
    const { rows } = await db.query<{ relname: string; seq_scan: string }>(
      `select relname, seq_scan from pg_stat_user_tables where schemaname = 'public'`,
    );
    return new Map(rows.map((row) => [row.relname, Number(row.seq_scan)]));
  } finally {
    await db.close();
  }
}

export async function withDatabase<T>(target: Target, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await open(target);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
