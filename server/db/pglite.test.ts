import { afterEach, describe, expect, it } from 'vitest';
import { memoryDatabaseSharedBuffers, openPglite, PgliteImage } from './pglite';
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

describe('a PGlite image in memory', () => {
  it('gives its bytes as a Blob does, a new copy each time', async () => {
    const bytes = Buffer.from('a database image');
    const image = new PgliteImage(bytes);
    expect(image.size).toBe(bytes.length);
    const first = new Uint8Array(await image.arrayBuffer());
    expect(Buffer.from(first).toString()).toBe('a database image');
    first.fill(0);
    expect(Buffer.from(await image.arrayBuffer()).toString()).toBe('a database image');
    expect(Buffer.from(await new Response(image.stream()).arrayBuffer()).toString()).toBe('a database image');
  });
});
