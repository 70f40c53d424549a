import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { PGliteOptions, SerializerOptions } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult, Row, TransactionOptions } from './types';
import { Mutex } from './mutex';

/**
 * PGlite, the embedded PostgreSQL. dataDir is a folder (files survive restarts and
 * kills: PGlite writes the WAL at each commit) or 'memory://' for a throw-away database;
 * `image`, a database saved by pgliteImages(), is where a new one starts from.
 */
export async function openPglite(dataDir: string, image?: Blob): Promise<Database> {
  if (!dataDir.startsWith('memory://')) {
    // The caller holds the folder's lock (server/db/lock.ts), so a postmaster.pid is a killed
    // PGlite's. PGlite ignores its usual content, but one left empty (killed while PGlite wrote
    // it) fails every later start ("PGlite failed to initialize properly"): it goes.
    await rm(join(dataDir, 'postmaster.pid'), { force: true });
  }
  return (await start(dataDir, image)).db;
}

/**
 * A database prepared once as images that openPglite starts from, one after each step (migrated,
 * then seeded, say): the test suite starts dozens of throw-away databases, and applying every
 * migration to each took seconds.
 *
 * An image holds what a start reads and writes again, so it holds only what a database of our
 * own needs (issue 32: 46 MB -> 22 MB, a start 0.75 -> 0.45 s): WAL files of 1 MB instead of
 * 16 MB (initdb's --wal-segsize), and no template databases, which only CREATE DATABASE reads and
 * PGlite cannot run.
 */
export async function pgliteImages(...steps: ((db: Database) => Promise<unknown>)[]): Promise<Blob[]> {
  const { db, pg } = await start('memory://', undefined, { initDbStartParams: ['--wal-segsize=1'] });
  await db.exec("update pg_database set datistemplate = false where datname in ('template0', 'template1')");
  // One statement each: DROP DATABASE runs outside a transaction block.
  await db.exec('drop database template1');
  await db.exec('drop database template0');
  const images: Blob[] = [];
  for (const step of steps) {
    await step(db);
    images.push(await pg.dumpDataDir('none'));
  }
  await db.close();
  return images;
}

/**
 * An image whose bytes are in memory, as PGlite reads it. PGlite asks for an image's bytes with
 * `arrayBuffer()`, which Node 20's Blob assembles again chunk by chunk at every call (a fifth of a
 * second for a test image): this one hands over a copy of its bytes, so that tests start dozens of
 * databases from one image cheaply.
 */
export class PgliteImage extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;

  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([bytes]);
    this.#bytes = bytes;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy each time (new Uint8Array copies; a Buffer's slice() would not): PGlite may keep what it gets.
    return Promise.resolve(new Uint8Array(this.#bytes).buffer);
  }
}

async function start(dataDir: string, image?: Blob, options: Pick<PGliteOptions, 'initDbStartParams'> = {}): Promise<{ db: Database; pg: PGlite }> {
  // The extensions the migrations create that Supabase offers (PGlite loads them on demand).
  const pg = new PGlite(dataDir, { extensions: { pg_trgm, pgcrypto }, loadDataDir: image, startParams: startParams(dataDir), ...options });
  await pg.waitReady;
  const mutex = new Mutex();
  const serializers = textParameters(pg);

  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T = Row>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, params, { serializers });
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  });

  const direct = wrap(pg);

  const db: Database = {
    engine: 'pglite',
    query: (sql, params) => mutex.run(() => direct.query(sql, params)),
    exec: (sql) => mutex.run(() => direct.exec(sql)),
    transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      return mutex.run(() =>
        pg.transaction(async (tx) => {
          if (options.readOnly) await tx.exec('set transaction read only');
          if (options.prelude) await tx.exec(options.prelude);
          return fn(wrap(tx));
        }),
      );
    },
    close: () => mutex.run(() => pg.close()),
    backup: () =>
      mutex.run(async () => {
        // Between two statements, so the copy is consistent; the checkpoint spares the restore a recovery.
        await pg.exec('checkpoint');
        return pg.dumpDataDir('gzip');
      }),
  };
  return { db, pg };
}

/**
 * A database in memory keeps its pages in memory already, so PostgreSQL's own cache of them
 * (shared_buffers, 128 MB by default) is a second copy, and making it took half of a start
 * (issue 32: 1.4 s -> 0.8 s from a test image; the test suite starts about a hundred). One in a
 * folder keeps the default, which spares it reading its files again.
 */
export const memoryDatabaseSharedBuffers = '16MB';

function startParams(dataDir: string): string[] | undefined {
  if (!dataDir.startsWith('memory://')) return undefined;
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${memoryDatabaseSharedBuffers}`];
}

type Serializer = (value: unknown) => string;

/**
 * Parameters as node-postgres sends them, so that PostgreSQL reads every value on both engines.
 * PGlite turns each parameter into text with a JavaScript serializer chosen by the parameter's
 * type, and its boolean one reads text its own way: it accepts `t`, `yes`, `1`… but throws a
 * plain Error (no SQLSTATE, so the REST layer answered 500) for `maybe`, and for `tru` or `of`,
 * which PostgreSQL reads. A string is sent as it is (it is already text) and PostgreSQL answers
 * 22P02 like any other malformed value; other values keep PGlite's serializer, and one it cannot
 * serialize is sent as its String() for PostgreSQL to judge.
 */
function textParameters(pg: PGlite): SerializerOptions {
  const byType = new Map<string, Serializer>();
  const serializerFor = (type: string): Serializer => (value) => {
    if (typeof value === 'string') return value;
    // Looked up on each use: PGlite adds the serializers of array types it learns about later.
    const pglite = pg.serializers[type] as Serializer | undefined;
    if (pglite) {
      try {
        return pglite(value);
      } catch {
        // Let PostgreSQL say what is wrong with it.
      }
    }
    return String(value);
  };
  // PGlite looks a serializer up by the parameter's type oid (serializers[oid]) for each query.
  return new Proxy({} as SerializerOptions, {
    get(_target, type) {
      if (typeof type !== 'string') return undefined;
      let serializer = byType.get(type);
      if (!serializer) byType.set(type, (serializer = serializerFor(type)));
      return serializer;
    },
  });
}
