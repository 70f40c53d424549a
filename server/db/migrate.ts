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

export type MigrateResult = {
  applied: string[];
  seeded: boolean;
  /** Baselines recorded as applied without running: the database had every migration they fold. */
  recorded?: string[];
};

/**
 * The versions a baseline migration replaces, from its header's `-- folds: <version> …` line
 * (scripts/db-baseline.ts writes it); null for an ordinary migration.
 */
export function foldedVersions(sql: string): string[] | null {
  // Only the header: the comment lines before the first statement.
  const lines = sql.split('\n');
  const end = lines.findIndex((line) => line.trim() !== '' && !line.startsWith('--'));
  const line = (end < 0 ? lines : lines.slice(0, end)).find((text) => text.startsWith('-- folds:'));
  if (line === undefined) return null;
  const versions = line.slice('-- folds:'.length).trim().split(/\s+/).filter(Boolean);
  if (versions.length === 0 || versions.some((version) => !/^\d+$/.test(version))) {
    throw new Error(`A baseline's "-- folds:" line lists the versions (digits) of the migrations it replaces, not "${line}"`);
  }
  return versions;
}


const bootstrapFile = new URL('./bootstrap.sql', import.meta.url);

/**
 * Brings a database to the current schema: Supabase's own objects (bootstrap.sql),
 * then each migration not yet recorded, then the seed on a database that was empty.
 * All in one transaction under an advisory lock, so a failure leaves nothing half-done
 * and two processes never migrate at once.
 *
 * A baseline (a migration whose header says `-- folds: …`, written by npm run db:baseline) stands
 * for the migrations it folds: a database that recorded every one of them already has its
 * schema, so the baseline is recorded without running; one that recorded only some of them is
 * at no schema the files know, and is refused. In the order, the baseline takes their place.
 */
export async function migrate(db: Database, options: MigrateOptions): Promise<MigrateResult> {
  const migrationsDir = options.migrationsDir ?? join(repoRoot, 'supabase/migrations');
  const seedFile = options.seedFile ?? join(repoRoot, 'supabase/seed.sql');
  const bootstrap = await readFile(bootstrapFile, 'utf8');
  const files = (await readdir(migrationsDir)).filter((name) => /^\d+_.+\.sql$/.test(name)).sort();
  const versionOf = (file: string) => file.split('_')[0];
  const sources = new Map<string, string>();
  const folds = new Map<string, string[]>();
  for (const file of files) {
    const sql = await readFile(join(migrationsDir, file), 'utf8');
    sources.set(file, sql);
    const folded = foldedVersions(sql);
    if (!folded) continue;
    const leftOver = files.filter((other) => other !== file && folded.includes(versionOf(other)));
    if (leftOver.length > 0) {
      const named = leftOver.length > 3 ? `${leftOver.slice(0, 3).join(', ')} and ${leftOver.length - 3} more` : leftOver.join(', ');
      throw new Error(`Migration ${file} is a baseline that folds ${named}, still in ${migrationsDir}: a fold deletes the files it folds.`);
    }
    folds.set(file, folded);
  }

  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('viewpact:migrate'))");
    await tx.exec(bootstrap);
    const { rows } = await tx.query<{ version: string; name: string | null }>('select version, name from supabase_migrations.schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    const wasEmpty = done.size === 0;
    const applied: string[] = [];
    const recorded: string[] = [];

    // A baseline not yet recorded: its schema is here already when every migration it folds is.
    const toRecord = new Set<string>();
    for (const [file, folded] of folds) {
      if (done.has(versionOf(file))) continue;
      const had = folded.filter((version) => done.has(version));
      if (had.length === folded.length) toRecord.add(file);
      else if (had.length > 0) {
        const missing = folded.filter((version) => !done.has(version));
        throw new Error(
          `Migration ${file} is a baseline of ${folded.length} migrations, and this database recorded only ${had.length} of them ` +
            `(missing: ${missing.join(', ')}): it is at no schema the migrations know, so the baseline can neither run nor be recorded. ` +
            'Bring it up to date with a checkout from before the fold (start the server there once), or start from an empty database ' +
            '(a new DATA_DIR, or a new DATABASE_URL database).',
        );
      }
    }
    refuseOutOfOrder(files, rows, { recording: toRecord, folded: new Set([...folds.values()].flat()) });

    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (done.has(version)) continue;
      if (toRecord.has(file)) {
        // Built already, by the migrations it folds: recorded, not run.
        await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [version, rest.join('_'), []]);
        done.add(version);
        recorded.push(file);
        continue;
      }
      const sql = sources.get(file)!;
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
      done.add(version);
      applied.push(file);
    }

    const seeded = options.seed && wasEmpty;
    if (seeded) await seedDatabase(tx, seedFile, options.afterSeed);
    return recorded.length > 0 ? { applied, seeded, recorded } : { applied, seeded };
  });
}

/** Loads the demo data (seed.sql), finished by `afterSeed`, and records it: in the caller's transaction. */
export async function seedDatabase(tx: Queryable, seedFile = join(repoRoot, 'supabase/seed.sql'), afterSeed?: (tx: Queryable) => Promise<void>): Promise<void> {
  const sql = await readFile(seedFile, 'utf8');
  try {
    await tx.exec(sql);
  } catch (error) {
    throw new Error(`Seed ${seedFile} failed: ${(error as Error).message}`, { cause: error });
  }
  await afterSeed?.(tx);
  await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [relative(repoRoot, seedFile), createHash('sha256').update(sql).digest('hex')]);
}

/**
 * Refuses, before anything runs, a migration that would run out of order: one whose version is
 * older than the newest this database has applied (it was written before a migration that already
 * ran here, or dated wrong), or two files with one version. `supabase db push` refuses the first
 * on hosted Supabase too. The remedy is a new name, not a flag: the file's statements would run
 * after newer ones here but before them on a fresh database.
 *
 * A baseline takes the place of the migrations it folds (`folded`): their versions, which databases
 * migrated before the fold recorded, are history, not a place in the order; and a baseline about to
 * be recorded (`recording`), not run, is in its place whatever its date.
 */
function refuseOutOfOrder(
  files: string[],
  applied: { version: string; name: string | null }[],
  { recording = new Set<string>(), folded = new Set<string>() }: { recording?: Set<string>; folded?: Set<string> } = {},
): void {
  const migrations = files.map(parseMigrationFile).filter((migration) => migration !== null);
  for (let i = 1; i < migrations.length; i += 1) {
    if (migrations[i].version === migrations[i - 1].version) {
      throw new Error(
        `Migrations ${migrations[i - 1].file} and ${migrations[i].file} share version ${migrations[i].version}: ` +
          'rename one with a new timestamp (YYYYMMDDHHMMSS in UTC, as `supabase migration new <name>` names files).',
      );
    }
  }
  const history = applied.filter((row) => !folded.has(row.version));
  const newest = history.reduce<{ version: string; name: string | null } | null>((max, row) => (max && max.version >= row.version ? max : row), null);
  if (!newest) return;
  const done = new Set(applied.map((row) => row.version));
  const late = migrations.find((migration) => !done.has(migration.version) && !recording.has(migration.file) && migration.version < newest.version);
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
