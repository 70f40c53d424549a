/**
 * A baseline migration (npm run db:baseline, issue 30): server/db/migrate.ts runs it on an empty
 * database, records it without running it on a database that recorded every migration it folds,
 * and refuses one that recorded only some of them. And, on PostgreSQL, the tool itself: the
 * baseline of today's supabase/migrations builds exactly what they build.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { foldedVersions, migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import type { Database } from '../../server/db/types';
import { runBaseline } from '../../scripts/db-baseline';
import { createTestDatabase, preparedPglite, engine } from './helpers/backend';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database of this run's engine, closed (and dropped) after the file. */
async function emptyDatabase(): Promise<Database> {
  if (engine === 'pglite') {
    const db = await preparedPglite('pgliteEmptyImageFile');
    cleanups.push(() => db.close());
    return db;
  }
  const database = await createTestDatabase('baseline');
  const db = await openPostgres(database.url);
  cleanups.push(async () => {
    await db.close();
    await database.drop();
  });
  return db;
}

/** A migrations folder holding these files. */
async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'viewpact-migrations-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const [name, sql] of Object.entries(files)) await writeFile(join(dir, name), sql);
  return dir;
}

// Two migrations, the baseline that folds them (dated before them, as today's baseline is before
// the future-dated files it folds), and one written after the fold.
const first = { '20990105000100_first.sql': 'create table public.baseline_first (id int primary key);\n' };
const second = { '20990105000200_second.sql': 'create table public.baseline_second (id int primary key);\ninsert into public.baseline_first values (1);\n' };
const baseline = {
  '20990101000000_baseline.sql': [
    '-- The schema of the two migrations it replaces.',
    '-- folds: 20990105000100 20990105000200',
    '',
    'create table public.baseline_first (id int primary key);',
    'create table public.baseline_second (id int primary key);',
    'insert into public.baseline_first values (1);',
    '',
  ].join('\n'),
};
const after = { '20990106000100_after.sql': 'insert into public.baseline_second values (2);\n' };

async function state(db: Database) {
  const versions = (await db.query<{ version: string; statements: string[] }>('select version, statements from supabase_migrations.schema_migrations order by version')).rows;
  const rows = async (table: string) => (await db.query<{ id: number }>(`select id from public.${table} order by id`)).rows.map((row) => row.id);
  return { versions: versions.map((row) => row.version), statements: Object.fromEntries(versions.map((row) => [row.version, row.statements.length])), first: await rows('baseline_first'), second: await rows('baseline_second') };
}

describe('a baseline migration', () => {
  it('runs on an empty database', async () => {
    const db = await emptyDatabase();
    expect(await migrate(db, { seed: false, migrationsDir: await folder({ ...baseline, ...after }) })).toEqual({ applied: ['20990101000000_baseline.sql', '20990106000100_after.sql'], seeded: false });
    expect(await state(db)).toEqual({ versions: ['20990101000000', '20990106000100'], statements: { '20990101000000': 1, '20990106000100': 1 }, first: [1], second: [2] });
  });

  it('is recorded without running on a database that recorded every migration it folds', async () => {
    const db = await emptyDatabase();
    await migrate(db, { seed: false, migrationsDir: await folder({ ...first, ...second }) });
    expect(await migrate(db, { seed: false, migrationsDir: await folder({ ...baseline, ...after }) })).toEqual({
      applied: ['20990106000100_after.sql'],
      seeded: false,
      recorded: ['20990101000000_baseline.sql'],
    });
    // Run, it would have failed (its tables exist) or inserted its row twice. Recorded with no statements.
    expect(await state(db)).toEqual({
      versions: ['20990101000000', '20990105000100', '20990105000200', '20990106000100'],
      statements: { '20990101000000': 0, '20990105000100': 1, '20990105000200': 1, '20990106000100': 1 },
      first: [1],
      second: [2],
    });
    expect(await migrate(db, { seed: false, migrationsDir: await folder({ ...baseline, ...after }) })).toEqual({ applied: [], seeded: false });
  });

  it('takes the place of what it folds in the order: a migration dated after it applies where the folded ones ran', async () => {
    const db = await emptyDatabase();
    await migrate(db, { seed: false, migrationsDir: await folder({ ...first, ...second }) });
    // Older than the folded versions this database recorded, newer than the baseline: in order.
    const between = { '20990102000100_between.sql': 'insert into public.baseline_second values (3);\n' };
    expect(await migrate(db, { seed: false, migrationsDir: await folder({ ...baseline, ...between }) })).toEqual({
      applied: ['20990102000100_between.sql'],
      seeded: false,
      recorded: ['20990101000000_baseline.sql'],
    });
    // Older than the baseline itself, it is refused as any late migration is.
    const late = { '20981231000000_late.sql': 'select 1;\n' };
    await expect(migrate(db, { seed: false, migrationsDir: await folder({ ...late, ...baseline, ...between }) })).rejects.toThrow(
      /^Migration 20981231000000_late\.sql is older than 20990102000100_between\.sql, the newest migration this database has applied/,
    );
  });

  it('refuses a database that recorded only some of them, and changes nothing', async () => {
    const db = await emptyDatabase();
    await migrate(db, { seed: false, migrationsDir: await folder(first) });
    const refused = migrate(db, { seed: false, migrationsDir: await folder({ ...baseline, ...after }) });
    await expect(refused).rejects.toThrow(
      /^Migration 20990101000000_baseline\.sql is a baseline of 2 migrations, and this database recorded only 1 of them \(missing: 20990105000200\): it is at no schema the migrations know/,
    );
    expect((await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows).toEqual([{ version: '20990105000100' }]);
  });

  it('refuses a folder that still holds a file it folds', async () => {
    const db = await emptyDatabase();
    await expect(migrate(db, { seed: false, migrationsDir: await folder({ ...baseline, ...second }) })).rejects.toThrow(
      /^Migration 20990101000000_baseline\.sql is a baseline that folds 20990105000200_second\.sql, still in /,
    );
  });

  it("reads the versions from the header's folds line only", () => {
    expect(foldedVersions(baseline['20990101000000_baseline.sql'])).toEqual(['20990105000100', '20990105000200']);
    expect(foldedVersions(first['20990105000100_first.sql'])).toBeNull();
    expect(foldedVersions('select 1;\n-- folds: 20990105000100\n')).toBeNull();
    expect(() => foldedVersions('-- folds: 2099 first\nselect 1;\n')).toThrow(/lists the versions \(digits\)/);
  });
});

// The tool needs PostgreSQL (and pg_dump): it runs with the PostgreSQL project only.
describe.runIf(engine === 'postgres')('npm run db:baseline (PostgreSQL only: the tool needs pg_dump)', () => {
  it('writes a baseline of supabase/migrations that builds exactly what they build', { timeout: 240_000 }, async () => {
    const lines: string[] = [];
    // Dated after every migration, so that it runs after a fold too (it then folds the baseline).
    const now = new Date('2099-12-31T12:00:00Z');
    const result = await runBaseline({ databaseUrl: process.env.DATABASE_URL, pglite: false, now, log: (line) => lines.push(line) });
    cleanups.push(() => rm(dirname(result.file), { recursive: true, force: true }));
    expect(result.report.join('\n')).toMatch(/^catalog equal: \d+ objects, \d+ rows$/m);
    expect(result.equal).toBe(true);
    expect(result.file.startsWith(tmpdir())).toBe(true);
    expect(result.file.endsWith('/20991231000000_baseline.sql')).toBe(true);
    const sql = await readFile(result.file, 'utf8');
    expect(foldedVersions(sql)).toEqual(result.folds);
    expect(sql).not.toMatch(/OWNER TO|^SET |\\restrict/m);
    expect(lines.at(-1)).toMatch(/^Not folded \(no --fold\)/);
  });
});
