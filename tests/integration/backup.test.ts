/**
 * Backup and restore (issue 17, item 6): npm run backup while the server runs, npm run restore
 * into a fresh folder, and a server started there finds every row of every table.
 */
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/types';
import { engine, startBackend, type TestBackend } from './helpers/backend';
import { durableTarget, runCli } from './helpers/durable';
import { createUser } from './helpers/users';
import { addSnapshot, daysAgo, insertVideo } from './helpers/videos';
import { closeMonth } from './helpers/close-month';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Every table of the schemas the app writes, with its row count and a checksum of its rows in order. */
/** Removes the folders restore --force moved aside from dataDir (`<dataDir>.before-restore-<time>`): runs left one each. */
async function removeMovedAside(dataDir: string) {
  const prefix = `${basename(dataDir)}.before-restore-`;
  const names = (await readdir(dirname(dataDir))).filter((name) => name.startsWith(prefix));
  await Promise.all(names.map((name) => rm(join(dirname(dataDir), name), { recursive: true, force: true })));
}

async function contents(db: Queryable): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname in ('public', 'private', 'auth', 'supabase_migrations') order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ count: string; md5: string | null }>(
      `select count(*) as count, md5(string_agg(t::text, '|' order by t::text)) as md5 from ${name} t`,
    );
    result[name] = `${rows[0].count} ${rows[0].md5 ?? '-'}`;
  }
  return result;
}

/** Accounts, a brief, videos with measurements, a review, a closed month: a bit of every kind of row. */
async function fill(backend: TestBackend) {
  const [creator, brand, admin] = await Promise.all([
    createUser(backend, 'creator', { tiktok_username: 'backup.creator' }),
    createUser(backend, 'brand'),
    createUser(backend, 'admin'),
  ]);
  const { data: brief, error } = await brand.client.from('brand_briefs').insert({ brand_id: brand.id, title: 'Backup brief', description: 'x' }).select('id').single();
  if (error) throw new Error(error.message);
  // Published before the videos below were posted (rule 4 refuses a link to a brief published later).
  await backend.service().from('brand_briefs').update({ created_at: daysAgo(10).toISOString() }).eq('id', brief.id);
  await creator.client.from('creator_brand_connections').insert({ creator_id: creator.id, brand_brief_id: brief.id });
  for (let n = 1; n <= 3; n++) {
    const id = await insertVideo(backend, { creator, n, brief: brief.id, brand: brand.id, author: 'backup.creator', postedAt: daysAgo(n), views: 1000 * n });
    await addSnapshot(backend, id, { at: new Date(), views: 1500 * n });
    if (n === 1) expect((await brand.client.rpc('review_video', { p_video: id, p_decision: 'approve' })).error).toBeNull();
  }
  expect((await closeMonth(admin.client, '2026-01-01')).error).toBeNull();
  return { creator };
}

describe.runIf(engine === 'pglite')('backup and restore (PGlite project only: a folder)', () => {
  it('backs up a running server, restores into a fresh folder, and a server there finds every row', async () => {
    const original = await durableTarget('backup');
    const restored = await durableTarget('restored');
    const files = await mkdtemp(join(tmpdir(), 'viewpact-backups-'));
    cleanups.push(() => original.cleanup(), () => restored.cleanup(), () => rm(files, { recursive: true, force: true }), () => removeMovedAside(restored.dataDir));
    const file = join(files, 'backup.tar.gz');

    const source = await startBackend({ env: original.env });
    let before: Record<string, string>;
    let anonKey: string;
    let creatorEmail: string;
    try {
      creatorEmail = (await fill(source)).creator.email;
      // While the server runs: it takes the backup itself.
      const backup = await runCli(original.env, 'server/backup-cli.ts', [file]).exited;
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain('taken by the running server');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      before = await contents(source.server.db);
      expect(before['auth.users']).toMatch(/^3 /);
      expect(before['public.tiktok_videos']).toMatch(/^3 /);
      expect(before['public.month_closes']).toMatch(/^1 /);
      anonKey = source.anonKey;
      // A write after the backup is not in it.
      await createUser(source, 'creator');
    } finally {
      await source.stop();
    }

    // Not over a folder with something in it, unless asked.
    await writeFile(join(restored.dataDir, 'note.txt'), 'keep me');
    const refused = await runCli(restored.env, 'server/restore-cli.ts', [file]).exited;
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(`The data directory ${restored.dataDir} is not empty`);
    const forced = await runCli(restored.env, 'server/restore-cli.ts', [file, '--force']).exited;
    expect(forced.code, forced.output).toBe(0);
    expect(forced.output).toMatch(/What was there is now in \S+before-restore/);

    const again = await startBackend({ env: restored.env });
    try {
      expect(await contents(again.server.db)).toEqual(before!);
      // The kept secrets came back: the same keys, and the accounts sign in.
      expect(again.anonKey).toBe(anonKey!);
      expect((await again.client().auth.signInWithPassword({ email: creatorEmail!, password: 'password-123' })).error).toBeNull();
      // Never into a folder a server holds.
      const busy = await runCli(restored.env, 'server/restore-cli.ts', [file, '--force']).exited;
      expect(busy.code).not.toBe(0);
      expect(busy.output).toContain(`The data directory ${restored.dataDir} is in use by process ${process.pid}`);
    } finally {
      await again.stop();
    }

    // With no server running, the backup opens the folder itself.
    const offline = await runCli(restored.env, 'server/backup-cli.ts', [join(files, 'offline.tar.gz')]).exited;
    expect(offline.code, offline.output).toBe(0);
    expect(offline.output).toContain('no server was running');
  }, 240_000);

  it('answers a backup request only with the folder key, from this machine', async () => {
    const target = await durableTarget('backup-key');
    cleanups.push(() => target.cleanup());
    const backend = await startBackend({ env: target.env });
    try {
      for (const authorization of [undefined, `Bearer ${backend.serviceKey}`, 'Bearer wrong']) {
        const response = await fetch(`${backend.url}/_backup`, { method: 'POST', headers: authorization ? { Authorization: authorization } : {} });
        expect(response.status).toBe(401);
      }
    } finally {
      await backend.stop();
    }
  }, 120_000);
});

describe.runIf(engine === 'postgres')('backup and restore (PostgreSQL project only: pg_dump and pg_restore)', () => {
  it('restores a dump into an empty database, where the server finds every row', async () => {
    const original = await durableTarget('backup');
    const restored = await durableTarget('restored');
    const files = await mkdtemp(join(tmpdir(), 'viewpact-backups-'));
    cleanups.push(() => original.cleanup(), () => restored.cleanup(), () => rm(files, { recursive: true, force: true }), () => removeMovedAside(restored.dataDir));
    const file = join(files, 'backup.dump');

    const source = await startBackend({ env: original.env, databaseUrl: original.databaseUrl });
    let before: Record<string, string>;
    try {
      await fill(source);
      const backup = await runCli({ ...original.env, DATABASE_URL: original.databaseUrl! }, 'server/backup-cli.ts', [file]).exited;
      expect(backup.code, backup.output).toBe(0);
      before = await contents(source.server.db);
      expect(before['auth.users']).toMatch(/^3 /);
    } finally {
      await source.stop();
    }

    const restore = await runCli({ ...restored.env, DATABASE_URL: restored.databaseUrl! }, 'server/restore-cli.ts', [file]).exited;
    expect(restore.code, restore.output).toBe(0);
    const twice = await runCli({ ...restored.env, DATABASE_URL: restored.databaseUrl! }, 'server/restore-cli.ts', [file]).exited;
    expect(twice.code).not.toBe(0);
    expect(twice.output).toContain('already has tables');

    // The installation's secrets travel beside the dump (docs/deploy.md): the original DATA_DIR here.
    const again = await startBackend({ env: original.env, databaseUrl: restored.databaseUrl });
    try {
      expect(await contents(again.server.db)).toEqual(before!);
    } finally {
      await again.stop();
    }
  }, 240_000);
});
