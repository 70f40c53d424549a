import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabaseSharedBuffers, openPglite, pgliteImages, PgliteImage } from './pglite';
import type { Database } from './types';

describe('a PGlite database in memory, from an image', () => {
  let images: Blob[];
  let db: Database | undefined;
  // initdb runs once, for the images: seconds on a busy machine.
  beforeAll(async () => {
    images = await pgliteImages(
      async () => undefined,
      (step) => step.exec("create table kept (note text); insert into kept values ('made before the image')"),
    );
  }, 60_000);
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });
  const setting = async (name: string) => (await db!.query<{ setting: string }>(`select current_setting('${name}') as setting`)).rows[0].setting;

  it('starts with what each step made, and nothing of the steps after it', async () => {
    db = await openPglite('memory://', images[1]);
    expect((await db.query('select note from kept')).rows).toEqual([{ note: 'made before the image' }]);
    await db.close();
    db = await openPglite('memory://', images[0]);
    expect((await db.query("select to_regclass('public.kept') as kept")).rows).toEqual([{ kept: null }]);
  });

  it("keeps a small page cache of its own (its pages are in memory already) and PGlite's other start settings", async () => {
    db = await openPglite('memory://', images[0]);
    expect(memoryDatabaseSharedBuffers).toBe('16MB');
    expect(await setting('shared_buffers')).toBe('16MB');
    // PGlite's own defaults still hold: they are its start parameters too.
    expect(await setting('max_worker_processes')).toBe('0');
    expect(await setting('exit_on_error')).toBe('off');
  });

  it('holds no template databases and WAL files of 1 MB, which a start would read and write again', async () => {
    db = await openPglite('memory://', images[0]);
    expect((await db.query('select datname from pg_database')).rows).toEqual([{ datname: 'postgres' }]);
    expect(await setting('wal_segment_size')).toBe('1MB');
    expect(images[0].size).toBeLessThan(16 * 1024 * 1024);
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
