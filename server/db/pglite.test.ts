import { afterEach, describe, expect, it } from 'vitest';
import { memoryDatabaseSharedBuffers, openPglite } from './pglite';
import type { Database } from './types';

describe('an in-memory PGlite database', () => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  // A new database runs initdb first: seconds on a busy machine.
  it("keeps a small page cache of its own (its pages are in memory already) and PGlite's other start settings", { timeout: 60_000 }, async () => {
    db = await openPglite('memory://');
    const setting = async (name: string) => (await db!.query<{ setting: string }>(`select current_setting('${name}') as setting`)).rows[0].setting;
    expect(memoryDatabaseSharedBuffers).toBe('16MB');
    expect(await setting('shared_buffers')).toBe('16MB');
    // PGlite's own defaults still hold: they are its start parameters too.
    expect(await setting('max_worker_processes')).toBe('0');
    expect(await setting('exit_on_error')).toBe('off');
    expect((await db.query<{ n: number }>('select 1 + 1 as n')).rows[0].n).toBe(2);
  });
});
