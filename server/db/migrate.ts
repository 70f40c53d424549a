import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseMigrationFile } from './migration-order';
import type { Database, Queryable } from './types';
import { repoRoot } from '../paths';

export type MigrateOptions = {
  migrationsDir?: string;
  seedFile?: string;
  /** Run seed.sql when the database was empty before these migrations. */
  seed: boolean;
  /** Finishes the seed in the same transaction (the server sets the demo admin's password). */
  afterSeed?: (tx: Queryable) => Promise<void>;
};

export type MigrateResult = { applied: string[]; seeded: boolean };

const bootstrapFile = new URL('./bootstrap.sql', import.meta.url);

/**
 * Brings a database to the current schema: Supabase's own objects (bootstrap.sql),
 * then each migration not yet recorded, then the seed on a database that was empty.
 * All in one transaction under an advisory lock, so a failure leaves nothing half-done
 * and two processes never migrate at once.
 */
export async function migrate(db: Database, options: MigrateOptions): Promise<MigrateResult> {
  const migrationsDir = options.migrationsDir ?? join(repoRoot, 'supabase/migrations');
  const seedFile = options.seedFile ?? join(repoRoot, 'supabase/seed.sql');
  const bootstrap = await readFile(bootstrapFile, 'utf8');
  const files = (await readdir(migrationsDir)).filter((name) => /^\d+_.+\.sql$/.test(name)).sort();

  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('viewpact:migrate'))");
    await tx.exec(bootstrap);
    const { rows } = await tx.query<{ version: string; name: string | null }>('select version, name from supabase_migrations.schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    const wasEmpty = done.size === 0;
    const applied: string[] = [];
    refuseOutOfOrder(files, rows);

    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (done.has(version)) continue;
      const sql = await readFile(join(migrationsDir, file), 'utf8');
      try {
        await tx.exec(sql);
      } catch (error) {
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        version,
        rest.join('_'),
        [sql],
      ]);
      applied.push(file);
    }

    let seeded = false;
    if (options.seed && wasEmpty) {
      const sql = await readFile(seedFile, 'utf8');
      try {
        await tx.exec(sql);
      } catch (error) {
        throw new Error(`Seed ${seedFile} failed: ${(error as Error).message}`, { cause: error });
      }
      await options.afterSeed?.(tx);
      await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
        relative(repoRoot, seedFile),
        createHash('sha256').update(sql).digest('hex'),
      ]);
      seeded = true;
    }
    return { applied, seeded };
  });
}

/**
 * Refuses, before anything runs, a migration that would run out of order: one whose version is
 * older than the newest this database has applied (it was written before a migration that already
 * ran here, or dated wrong), or two files with one version. `supabase db push` refuses the first
 * on hosted Supabase too. The remedy is a new name, not a flag: the file's statements would run
 * after newer ones here but before them on a fresh database.
 */
function refuseOutOfOrder(files: string[], applied: { version: string; name: string | null }[]): void {
  const migrations = files.map(parseMigrationFile).filter((migration) => migration !== null);
  for (let i = 1; i < migrations.length; i += 1) {
    if (migrations[i].version === migrations[i - 1].version) {
      throw new Error(
        `Migrations ${migrations[i - 1].file} and ${migrations[i].file} share version ${migrations[i].version}: ` +
          'rename one with a new timestamp (YYYYMMDDHHMMSS in UTC, as `supabase migration new <name>` names files).',
      );
    }
  }
  const newest = applied.reduce<{ version: string; name: string | null } | null>((max, row) => (max && max.version >= row.version ? max : row), null);
  if (!newest) return;
  const done = new Set(applied.map((row) => row.version));
  const late = migrations.find((migration) => !done.has(migration.version) && migration.version < newest.version);
  if (late) {
    const newestFile = newest.name ? `${newest.version}_${newest.name}.sql` : `version ${newest.version}`;
    throw new Error(
      `Migration ${late.file} is older than ${newestFile}, the newest migration this database has applied, ` +
        'so it would run after migrations that were written after it. Nothing was applied. ' +
        `Rename it with a timestamp after ${newest.version} — the current UTC time, as \`supabase migration new ${late.name}\` names it — ` +
        'and make sure it still does what it should on top of the newer migrations.',
    );
  }
}
