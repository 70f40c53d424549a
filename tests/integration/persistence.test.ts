/** Migrations from scratch, the seed once, and rows that survive a restart and a kill. */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { repoRoot } from '../../server/paths';
import { createTestDatabase, engine, startBackend } from './helpers/backend';
import { uniqueEmail } from './helpers/users';

const migrationFiles = async () => (await readdir(join(repoRoot, 'supabase/migrations'))).filter((f) => f.endsWith('.sql')).sort();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A place for data that outlives one server: a PGlite folder, or a PostgreSQL database. */
async function durableTarget(): Promise<{ env: Record<string, string>; databaseUrl?: string }> {
  if (engine === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'viewpact-data-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return { env: { DATA_DIR: dir } };
  }
  const database = await createTestDatabase('persist');
  cleanups.push(() => database.drop());
  const dir = await mkdtemp(join(tmpdir(), 'viewpact-secret-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return { env: { DATA_DIR: dir }, databaseUrl: database.url };
}

describe('migrations', () => {
  it('apply from scratch, record each version, and apply nothing twice', async () => {
    const backend = await startBackend({ fromScratch: true });
    try {
      const files = await migrationFiles();
      expect(backend.server.migration.applied).toEqual(files);
      const { rows } = await backend.server.db.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version');
      expect(rows.map((row) => row.version)).toEqual(files.map((file) => file.split('_')[0]));
      expect(await migrate(backend.server.db, { seed: true })).toEqual({ applied: [], seeded: false });
    } finally {
      await backend.stop();
    }
  });
});

// Each test starts the server two or three times on a durable database: slow on a loaded machine.
const restartTimeout = 120_000;

describe('restarts', () => {
  it('keep every row, and seed only the first time', async () => {
    const target = await durableTarget();
    const email = uniqueEmail('durable');
    const first = await startBackend({ env: { ...target.env, SEED: '1' }, databaseUrl: target.databaseUrl });
    let userId: string;
    try {
      expect(first.server.migration.seeded).toBe(true);
      const signUp = await first.client().auth.signUp({ email, password: 'durable-pw', options: { data: { first_name: 'Kept' } } });
      userId = signUp.data.user!.id;
      expect(signUp.error).toBeNull();
    } finally {
      await first.server.close();
    }

    const second = await startBackend({ env: { ...target.env, SEED: '1' }, databaseUrl: target.databaseUrl });
    try {
      expect(second.server.migration).toEqual({ applied: [], seeded: false });
      const client = second.client();
      expect((await client.auth.signInWithPassword({ email, password: 'durable-pw' })).error).toBeNull();
      expect((await client.from('profiles').select('first_name').eq('id', userId).single()).data).toEqual({ first_name: 'Kept' });
      expect((await second.service().from('brand_briefs').select('*', { count: 'exact', head: true })).count).toBe(3);
    } finally {
      await second.server.close();
    }
  }, restartTimeout);

  it.runIf(engine === 'pglite')('keep an acknowledged sign-up when the server is killed (PGlite only: on PostgreSQL, the server keeps what it acknowledged)', async () => {
    const target = await durableTarget();
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...target.env, PORT: String(port), SEED: '0', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
        if (output.includes('ViewPact is running')) resolve();
      });
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('exit', () => reject(new Error(`server exited: ${output}`)));
    });
    const url = `http://127.0.0.1:${port}`;
    const { supabasePublishableKey } = await (await fetch(`${url}/config.json`)).json();
    const email = uniqueEmail('killed');
    const client = createClient(url, supabasePublishableKey, { auth: { persistSession: false } });
    expect((await client.auth.signUp({ email, password: 'survivor-pw' })).error).toBeNull();
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const again = await startBackend({ env: target.env });
    try {
      expect((await again.client().auth.signInWithPassword({ email, password: 'survivor-pw' })).error).toBeNull();
    } finally {
      await again.server.close();
    }
  }, restartTimeout);
});
