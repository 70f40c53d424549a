/** The migrator applies migrations in version order only: one older than what a database has applied is refused. */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { repoRoot } from '../../server/paths';
import { startBackend, type TestBackend } from './helpers/backend';

describe('the migrator', () => {
  let backend: TestBackend;
  let dir: string;
  let newest: string;
  const tables = async () =>
    (await backend.server.db.query<{ name: string }>("select relname as name from pg_class where relname in ('late_table', 'next_table') order by 1")).rows.map((row) => row.name);
  const versions = async () =>
    (await backend.server.db.query<{ version: string }>("select version from supabase_migrations.schema_migrations where version in ('20200101000000', '29990101000000', '29990102000000') order by 1")).rows.map(
      (row) => row.version,
    );

  // The run's migrated database: every file of supabase/migrations applied.
  beforeAll(async () => {
    newest = (await readdir(join(repoRoot, 'supabase/migrations'))).filter((file) => file.endsWith('.sql')).sort().at(-1)!;
    backend = await startBackend();
  }, 60_000);
  afterAll(async () => {
    await backend?.stop();
  });
  // Each test's migrations in a directory of their own.
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'viewpact-migrations-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a migration older than the newest one applied, naming both files, and applies nothing', async () => {
    await writeFile(join(dir, '20200101000000_late.sql'), 'create table public.late_table (id int);');
    await writeFile(join(dir, '29990102000000_next.sql'), 'create table public.next_table (id int);');
    const refusal = migrate(backend.server.db, { seed: false, migrationsDir: dir });
    await expect(refusal).rejects.toThrow(
      `Migration 20200101000000_late.sql is older than ${newest}, the newest migration this database has applied, ` +
        'so it would run after migrations that were written after it. Nothing was applied. ' +
        `Rename it with a timestamp after ${newest.slice(0, 14)} — the current UTC time, as \`supabase migration new late\` names it — ` +
        'and make sure it still does what it should on top of the newer migrations.',
    );
    expect(await tables()).toEqual([]);
    expect(await versions()).toEqual([]);

    // Renamed after the newest, it applies, in order.
    await rm(join(dir, '20200101000000_late.sql'));
    await writeFile(join(dir, '29990101000000_late.sql'), 'create table public.late_table (id int);');
    expect(await migrate(backend.server.db, { seed: false, migrationsDir: dir })).toEqual({ applied: ['29990101000000_late.sql', '29990102000000_next.sql'], seeded: false });
    expect(await tables()).toEqual(['late_table', 'next_table']);
    expect(await versions()).toEqual(['29990101000000', '29990102000000']);
  });

  it('refuses two files with one version', async () => {
    await writeFile(join(dir, '29990103000000_a.sql'), 'create table public.a_table (id int);');
    await writeFile(join(dir, '29990103000000_b.sql'), 'select 2;');
    await expect(migrate(backend.server.db, { seed: false, migrationsDir: dir })).rejects.toThrow(
      'Migrations 29990103000000_a.sql and 29990103000000_b.sql share version 29990103000000: rename one with a new timestamp',
    );
    expect((await backend.server.db.query("select 1 from pg_class where relname = 'a_table'")).rows).toEqual([]);
  });
});
