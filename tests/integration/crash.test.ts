/**
 * Crash durability (issue 17, item 2): the server is killed with SIGKILL in the middle of a write
 * load (sign-ups, video adds, reviews, monthly closes), started again on the same data, three
 * times; then every write that got a success answer is there, and no write is there by halves.
 * And one PGlite folder is never served by two processes.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { engine, startBackend, type TestBackend } from './helpers/backend';
import { durableTarget, runCli, spawnServer, type ChildServer } from './helpers/durable';
import { createUser, uniqueEmail, type TestUser } from './helpers/users';
import { hoursAgo, insertVideo, updateReview, videoIdPostedAt } from './helpers/videos';
import { closeMonth } from './helpers/close-month';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const kills = 3;
const password = 'password-123';
// The months the admin closes one after another, each with one counted video of the brief.
const months = Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2025, i, 1)).toISOString().slice(0, 10));

type Acknowledged = {
  signUps: { id: string; email: string }[];
  videos: string[];
  reviews: string[];
  closes: { month: string; entries: number }[];
};

type Setup = { admin: TestUser; brand: TestUser; creator: TestUser; brief: string };

/** The accounts, a brief, and a counted video in each month to close, written before any kill. */
async function prepare(backend: TestBackend): Promise<Setup> {
  const service = backend.service();
  const [admin, brand, creator] = await Promise.all([
    createUser(backend, 'admin'),
    createUser(backend, 'brand'),
    createUser(backend, 'creator', { tiktok_username: 'crash.creator' }),
  ]);
  const { data, error } = await service
    .from('brand_briefs')
    .insert({ brand_id: brand.id, title: 'Crash brief', description: 'x', created_at: '2024-12-01T00:00:00Z' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const brief = data.id as string;
  const joined = await service.from('creator_brand_connections').insert({ creator_id: creator.id, brand_brief_id: brief });
  if (joined.error) throw new Error(joined.error.message);
  for (const [i, month] of months.entries()) {
    const postedAt = new Date(`${month.slice(0, 8)}05T03:00:00Z`);
    const id = await insertVideo(backend, {
      creator,
      n: i + 1,
      brief,
      author: 'crash.creator',
      postedAt,
      views: 1_000 * (i + 1) + 7,
      measuredAt: new Date(postedAt.getTime() + 6 * 3_600_000),
    });
    await updateReview(backend, id, { submitted_at: postedAt.toISOString(), status: 'approved', decided_at: new Date(postedAt.getTime() + 86_400_000).toISOString() });
  }
  return { admin, brand, creator, brief };
}

/** Signs a user in on a server of this round (a session of the last one is still valid, but its client points elsewhere). */
async function signIn(server: ChildServer, user: TestUser): Promise<SupabaseClient> {
  const client = createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: (input, init) => fetch(input, init).catch(() => new Response('{"message":"connection cut"}', { status: 503 })) },
  });
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw error;
  return client;
}

let videoNumber = 1000;

/**
 * Writes until `stop()` says so, from four writers at once, noting each write that was answered
 * with success. Resolves once every writer has stopped (the kill fails what is in flight).
 */
function writeLoad(server: ChildServer, setup: Setup, clients: { admin: SupabaseClient; brand: SupabaseClient }, done: Acknowledged) {
  let running = true;
  const counts = { signUps: 0, videos: 0, reviews: 0, closes: 0 };
  // A request the kill cuts answers 503 here, as a refused one would: supabase-js then reports it without logging a stack.
  const cutFetch: typeof fetch = (input, init) => fetch(input, init).catch(() => new Response('{"message":"connection cut"}', { status: 503 }));
  const make = (key: string) => createClient(server.url, key, { auth: { persistSession: false, autoRefreshToken: false }, global: { fetch: cutFetch } });
  const service = make(server.serviceKey);
  const anon = make(server.anonKey);
  const loop = async (write: () => Promise<boolean>) => {
    while (running) {
      try {
        if (!(await write())) await new Promise((resolve) => setTimeout(resolve, 20));
      } catch {
        // A refused or cut request: not acknowledged, so nothing is expected of it.
      }
    }
  };
  const writers = [
    loop(async () => {
      const email = uniqueEmail('crash');
      const { data, error } = await anon.auth.signUp({ email, password, options: { data: { user_type: 'creator', first_name: 'Crash', last_name: 'Test' } } });
      if (error || !data.user) return false;
      done.signUps.push({ id: data.user.id, email });
      counts.signUps++;
      return true;
    }),
    loop(async () => {
      const n = ++videoNumber;
      const videoId = videoIdPostedAt(hoursAgo(2), n);
      const { data, error } = await service
        .from('tiktok_videos')
        .insert({
          user_id: setup.creator.id,
          video_id: videoId,
          share_url: `https://www.tiktok.com/@crash.creator/video/${videoId}`,
          author_username: 'crash.creator',
          brand_brief_id: setup.brief,
          brand_id: setup.brand.id,
          view_count: n,
          like_count: 1,
          comment_count: 0,
          share_count: 0,
          metrics_source: 'sandbox',
          metrics_updated_at: new Date().toISOString(),
        })
        .select('id')
        .single();
      if (error) return false;
      done.videos.push(data.id as string);
      counts.videos++;
      return true;
    }),
    loop(async () => {
      const next = done.videos.find((id) => !done.reviews.includes(id) && !tried.has(id));
      if (!next) return false;
      tried.add(next);
      const { error } = await clients.brand.rpc('review_video', { p_video: next, p_decision: 'approve' });
      if (error) return false;
      done.reviews.push(next);
      counts.reviews++;
      return true;
    }),
    loop(async () => {
      const month = months[done.closes.length];
      if (!month) return false;
      const { data, error } = await closeMonth(clients.admin, month);
      if (error) return false;
      // already_closed: the close a kill cut off had committed; its answer was lost, not its work.
      done.closes.push({ month, entries: (data as { entries: number }).entries });
      counts.closes++;
      // A close a round at most every tenth of a second, so that the months last three rounds (pacing, not waiting).
      // eslint-disable-next-line no-restricted-syntax
      await new Promise((resolve) => setTimeout(resolve, 100));
      return true;
    }),
  ];
  const tried = new Set<string>();
  return {
    counts,
    async stop() {
      running = false;
      await Promise.all(writers);
    },
  };
}

async function until(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}

/** What the database holds of the acknowledged writes, and what would show a write done by halves. */
async function check(backend: TestBackend, done: Acknowledged, setup: Setup) {
  const db = backend.server.db;
  const users = await db.query<{ id: string; email: string; profile: boolean }>(
    `select u.id, u.email, exists (select 1 from public.profiles p where p.id = u.id) as profile from auth.users u where u.id = any($1::uuid[])`,
    [done.signUps.map((s) => s.id)],
  );
  expect(users.rows.map((row) => [row.id, row.email, row.profile]).sort()).toEqual(done.signUps.map((s) => [s.id, s.email, true]).sort());

  const videos = await db.query<{ id: string }>('select id from public.tiktok_videos where id = any($1::uuid[])', [done.videos]);
  expect(videos.rows.map((row) => row.id).sort()).toEqual([...done.videos].sort());

  const reviews = await db.query<{ id: string; status: string }>(
    `select v.id, r.status from public.tiktok_videos v
       join public.video_reviews r on (r.creator_id, r.video_id, r.brand_id) = (v.user_id, v.video_id, v.brand_id)
      where v.id = any($1::uuid[])`,
    [done.reviews],
  );
  expect(reviews.rows.filter((row) => row.status === 'approved').map((row) => row.id).sort()).toEqual([...done.reviews].sort());

  // Nothing by halves: each account with its profile, each video with its first measurement and its review.
  const halves = await db.query<Record<string, string>>(
    `select
       (select count(*) from auth.users u where not exists (select 1 from public.profiles p where p.id = u.id)) as users_without_profile,
       (select count(*) from public.tiktok_videos v where not exists (select 1 from public.video_snapshots s where s.tiktok_video_id = v.id)) as videos_without_snapshot,
       (select count(*) from public.tiktok_videos v where v.brand_id is not null and not exists (
          select 1 from public.video_reviews r where (r.creator_id, r.video_id, r.brand_id) = (v.user_id, v.video_id, v.brand_id))) as videos_without_review`,
  );
  expect(Object.values(halves.rows[0]).map(Number)).toEqual([0, 0, 0]);

  // Each acknowledged close is whole; a close cut off left all of it or nothing.
  const closes = await db.query<{ month: string; entries: number; payouts: number; lines: string; payout_rows: string }>(
    `select to_char(c.month, 'YYYY-MM-DD') as month, c.entries, c.payouts,
            (select count(*) from public.ledger_entries e where e.month = c.month) as lines,
            (select count(*) from public.payouts p where p.month = c.month) as payout_rows
       from public.month_closes c order by c.month`,
  );
  const closed = closes.rows.map((row) => row.month);
  expect(closed).toEqual(months.slice(0, closed.length));
  for (const close of done.closes) expect(closed).toContain(close.month);
  for (const row of closes.rows) {
    expect(Number(row.lines)).toBe(row.entries);
    expect(Number(row.payout_rows)).toBe(row.payouts);
    const acknowledged = done.closes.find((close) => close.month === row.month);
    if (acknowledged) expect(row.entries).toBe(acknowledged.entries);
  }
  const ledger = await db.query<Record<string, string>>(
    `select
       (select count(*) from public.ledger_entries where brand_charge_satang <> creator_earning_satang + margin_satang) as unbalanced,
       (select count(*) from public.ledger_entries e where not exists (select 1 from public.month_closes c where c.month = e.month)) as without_close,
       (select count(*) from (
          select tiktok_video_id, brand_brief_id, sum(views) as views,
                 (array_agg(counted_to order by id desc))[1] as counted_to
            from public.ledger_entries group by tiktok_video_id, brand_brief_id) v
         where v.views <> v.counted_to) as sums_off,
       (select count(*) from public.ledger_entries where creator_id = $1) as lines`,
    [setup.creator.id],
  );
  expect([ledger.rows[0].unbalanced, ledger.rows[0].without_close, ledger.rows[0].sums_off].map(Number)).toEqual([0, 0, 0]);
  // Each month closed counts its own video.
  expect(Number(ledger.rows[0].lines)).toBe(closed.length);
}

describe(`crash durability (${engine})`, () => {
  it(
    `keeps every acknowledged write and none by halves across ${kills} kills with SIGKILL under load`,
    async () => {
      const target = await durableTarget('crash');
      cleanups.push(() => target.cleanup());
      const jwtSecret = randomBytes(32).toString('hex');
      const first = await startBackend({ env: { ...target.env, JWT_SECRET: jwtSecret }, databaseUrl: target.databaseUrl });
      let setup: Setup;
      try {
        setup = await prepare(first);
      } finally {
        await first.stop();
      }

      const done: Acknowledged = { signUps: [], videos: [], reviews: [], closes: [] };
      for (let round = 0; round < kills; round++) {
        // Each start after the first is a restart on what a kill left.
        const server = await spawnServer(target, jwtSecret);
        try {
          const clients = { admin: await signIn(server, setup.admin), brand: await signIn(server, setup.brand) };
          const load = writeLoad(server, setup, clients, done);
          // Kill once every kind of write has succeeded in this round, at a moment of its own.
          await until(() => Object.values(load.counts).every((count) => count > 0) || done.closes.length === months.length, 20_000);
          // The kill comes at a random moment of the load (the point of the test), not after a condition.
          // eslint-disable-next-line no-restricted-syntax
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 400));
          await server.kill('SIGKILL');
          await load.stop();
          expect(load.counts.signUps + load.counts.videos, server.output()).toBeGreaterThan(0);
        } finally {
          await server.kill('SIGKILL');
        }
      }

      const last = await startBackend({ env: { ...target.env, JWT_SECRET: jwtSecret }, databaseUrl: target.databaseUrl });
      try {
        expect(done.closes.length).toBeGreaterThan(0);
        await check(last, done, setup!);
        // An acknowledged account signs in.
        const account = done.signUps[done.signUps.length - 1];
        expect((await last.client().auth.signInWithPassword({ email: account.email, password })).error).toBeNull();
      } finally {
        await last.stop();
      }
    },
    240_000,
  );
});

describe.runIf(engine === 'pglite')('one PGlite folder, one process (PGlite only: a PostgreSQL server takes many)', () => {
  it('refuses a second server with a message naming the folder and the holder, and starts again after a kill', async () => {
    const target = await durableTarget('lock');
    cleanups.push(() => target.cleanup());
    const jwtSecret = randomBytes(32).toString('hex');
    const holder = await spawnServer(target, jwtSecret);
    try {
      const second = await runCli(target.env).exited;
      expect(second.code).not.toBe(0);
      expect(second.output).toContain(`The data directory ${target.dataDir} is in use by process ${holder.child.pid}`);
      // The holder serves on, untouched.
      expect((await fetch(`${holder.url}/health`)).status).toBe(200);
    } finally {
      await holder.kill('SIGKILL');
    }
    // Killed while PGlite wrote its pid file: an empty one stopped every later start.
    await writeFile(join(target.dataDir, 'postmaster.pid'), '');
    const after = await spawnServer(target, jwtSecret);
    try {
      expect((await fetch(`${after.url}/health`)).status).toBe(200);
    } finally {
      await after.kill('SIGKILL');
    }
  }, 120_000);

  it('lets exactly one of two servers started together take a lock its killed holder left', async () => {
    const target = await durableTarget('race');
    cleanups.push(() => target.cleanup());
    // A lock whose holder is gone: a process that ran and exited.
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.on('exit', resolve));
    await writeFile(join(target.dataDir, 'server.lock'), JSON.stringify({ pid: gone.pid, nonce: 'old' }));
    const jwtSecret = randomBytes(32).toString('hex');
    const starts = [spawnServer(target, jwtSecret), spawnServer(target, jwtSecret)];
    const results = await Promise.allSettled(starts);
    const running = results.filter((result): result is PromiseFulfilledResult<ChildServer> => result.status === 'fulfilled');
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    try {
      expect(running).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(String(refused[0].reason)).toContain(`is in use by process ${running[0].value.child.pid}`);
    } finally {
      for (const server of running) await server.value.kill('SIGKILL');
    }
  }, 120_000);
});
