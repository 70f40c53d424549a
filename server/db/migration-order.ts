/**
 * The order of supabase/migrations. A migration's version is its file name's prefix, a UTC
 * timestamp YYYYMMDDHHMMSS as `supabase migration new` writes it; migrations run in version order,
 * and a database records each version it applied (supabase_migrations.schema_migrations). So a
 * new migration must carry a version after every one already applied anywhere: one dated in the
 * future takes a place that later migrations, dated today, would sort before — and those would
 * then be older than what a database has applied, which the migrator refuses (migrate.ts) as
 * `supabase db push` does.
 */

export type MigrationFile = { file: string; version: string; name: string };

/** `20261128000000_baseline.sql` → its version and name; null for another file. As the migrator reads them. */
export function parseMigrationFile(file: string): MigrationFile | null {
  const match = /^(\d+)_(.+)\.sql$/.exec(file);
  return match ? { file, version: match[1], name: match[2] } : null;
}

/** A moment as a migration version: YYYYMMDDHHMMSS in UTC. */
export function versionAt(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(0, 14);
}

/** The moment a 14-digit version stands for, or null when it is no real date and time. */
export function versionDate(version: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return versionAt(date) === version ? date : null;
}

export type OrderOptions = {
  /** The clock: a version after it is in the future. */
  now: Date;
  /** Files allowed to be dated in the future (the ones that were, before the rule). */
  futureExempt?: Iterable<string>;
};

/**
 * What is wrong with the migration files of a directory (every .sql file in it), one sentence
 * each; empty when nothing is. Each must be named YYYYMMDDHHMMSS_name.sql with a real UTC date
 * and time, not later than now unless exempt, and the versions, in file name order, must
 * strictly increase (so no two files share one).
 */
export function migrationOrderProblems(files: string[], options: OrderOptions): string[] {
  const exempt = new Set(options.futureExempt ?? []);
  const now = versionAt(options.now);
  const problems: string[] = [];
  let previous: MigrationFile | null = null;
  for (const file of files.filter((name) => name.endsWith('.sql')).sort()) {
    const migration = parseMigrationFile(file);
    if (!migration || !/^\d{14}$/.test(migration.version)) {
      problems.push(`${file} is not named YYYYMMDDHHMMSS_name.sql (a UTC timestamp, as \`supabase migration new\` names files)`);
    } else if (!versionDate(migration.version)) {
      problems.push(`${file}: ${migration.version} is not a real date and time`);
    }
    if (!migration) continue;
    if (migration.version > now && !exempt.has(file)) {
      problems.push(`${file} is dated in the future (now is ${now} UTC): name it with the current UTC time, as \`supabase migration new\` does`);
    }
    if (previous && migration.version === previous.version) {
      problems.push(`${previous.file} and ${file} share version ${migration.version}: each migration needs its own`);
    } else if (previous && migration.version < previous.version) {
      problems.push(`${file} sorts after ${previous.file} but its version is smaller: versions must increase in file name order`);
    }
    previous = migration;
  }
  return problems;
}
