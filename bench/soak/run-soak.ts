import { createHash, randomBytes } from 'node:crypto';
import { createKeys } from '../../server/auth/keys';
import { benchJwtSecret, freePort, startBenchServer, type BenchServer } from '../server-process';
import { actAs, routeSpaFetchers } from './acting';
import { createTarget, type Engine, type SoakTarget } from './engines';
import { actionsOf, joinBriefs, newVideoId, publishBriefs, signUpPerson, type Person, type Role } from './people';
import { ActionLog, memoryTrend, type MemorySample, type SoakResult } from './report';

export type SoakOptions = {
  engine: Engine;
  users: number;
  minutes: number;
  /** Each person waits about this long between two actions (half to one and a half times it). */
  thinkMs: number;
  /** Load before the first memory sample counts (default: a quarter of the run, at most a minute). */
  warmupMs?: number;
  /** Due videos waiting for the refresher (default 300 a minute of soak). */
  backlog?: number;
  /** Kilobytes the server keeps per request, on purpose: the leak the soak must catch (default none). */
  leakKb?: number;
  /** Seconds between two looks at the server's memory (default 2). */
  sampleEverySeconds?: number;
  log?: (line: string) => void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small seeded generator, so that a person's choices can be replayed. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How many of each: a tenth admins and three tenths brands, at least one of each; the rest creators. */
export function mix(users: number): Record<Role, number> {
  const admins = Math.max(1, Math.round(users / 10));
  const brands = Math.max(1, Math.round((users * 3) / 10));
  return { admin: admins, brand: brands, creator: Math.max(1, users - admins - brands) };
}

/** Runs `work` on at most `limit` items at a time. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit) results.push(...(await Promise.all(items.slice(i, i + limit).map(work))));
  return results;
}

type Service = { get(path: string): Promise<Response>; post(path: string, body: unknown): Promise<Response> };

function serviceRest(baseUrl: string, serviceKey: string): Service {
  const headers = { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json' };
  return {
    get: (path) => fetch(`${baseUrl}/rest/v1/${path}`, { headers: { ...headers, Prefer: 'count=exact' } }),
    post: (path, body) => fetch(`${baseUrl}/rest/v1/${path}`, { method: 'POST', headers: { ...headers, Prefer: 'return=minimal' }, body: JSON.stringify(body) }),
  };
}

const countOf = (response: Response) => Number(response.headers.get('content-range')?.split('/')[1] ?? NaN);

/** One-time admin invites, written as `npm run admin:create` writes them (the code's SHA-256). */
async function issueInvites(service: Service, count: number): Promise<string[]> {
  const codes = Array.from({ length: count }, () => randomBytes(16).toString('hex'));
  const rows = codes.map((code) => ({ code_hash: `\\x${createHash('sha256').update(code).digest('hex')}`, note: 'soak', expires_at: new Date(Date.now() + 3_600_000).toISOString() }));
  const response = await service.post('admin_invites', rows);
  if (!response.ok) throw new Error(`Writing admin invites answered ${response.status}: ${await response.text()}`);
  return codes;
}

/**
 * Videos a returning creator added days ago, last measured two days ago: due for the refresher
 * (rule 2), so that it re-measures them against the TikTok sandbox throughout the soak.
 */
async function writeBacklog(service: Service, creators: Person[], count: number) {
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
  // 25 a request: each row runs the ledger's triggers, and a request of 100 once passed the role's
  // 8 s statement timeout on a machine running the end-to-end suite beside the soak.
  for (let offset = 0; offset < count; offset += 25) {
    const rows = Array.from({ length: Math.min(25, count - offset) }, (_, i) => {
      // Posted over three weeks, as a person posts: not dozens in the same minute (a posting burst).
      const id = newVideoId(Date.now() - (3 + Math.random() * 20) * 86_400_000);
      return {
        user_id: creators[(offset + i) % creators.length].id,
        video_id: id,
        share_url: `https://www.tiktok.com/@soak.backlog/video/${id}`,
        author_username: 'soak.backlog',
        view_count: 1000,
        like_count: 100,
        comment_count: 10,
        share_count: 1,
        metrics_source: 'sandbox',
        metrics_updated_at: twoDaysAgo,
      };
    });
    const response = await service.post('tiktok_videos', rows);
    if (!response.ok) throw new Error(`Writing the refresher's backlog answered ${response.status}: ${await response.text()}`);
  }
}

/**
 * The soak: `users` simulated people against the server in its own process, for `minutes`,
 * with the refresher, the review clock and the notification e-mails running as in production.
 */
export async function runSoak(options: SoakOptions, cleanup: Set<() => Promise<void>> = new Set()): Promise<SoakResult> {
  const log = options.log ?? (() => undefined);
  const durationMs = options.minutes * 60_000;
  const warmupMs = options.warmupMs ?? Math.min(60_000, durationMs / 4);
  const backlog = options.backlog ?? 300 * options.minutes;
  const counts = mix(options.users);
  const setupStarted = performance.now();

  const target: SoakTarget = await createTarget(options.engine);
  const dropTarget = () => target.drop();
  cleanup.add(dropTarget);
  let server: BenchServer | undefined;
  const stopServer = async () => server?.stop();
  cleanup.add(stopServer);
  let scheduledFailures = 0;
  const serverLines: string[] = [];
  try {
    server = await startBenchServer(
      target,
      await freePort(),
      {
        // The refresher every minute (its shortest), the review clock and the e-mail sender on.
        REFRESH_INTERVAL_MIN: '1',
        // Fifty people sign up from one address within seconds.
        AUTH_SIGNUPS_PER_HOUR: '100000',
        AUTH_SIGNIN_FAILURES_PER_5MIN: '100000',
        AUTH_EMAILS_PER_HOUR: '100000',
        // Sessions last five minutes, so that the soak refreshes them (rotating refresh tokens) as the SPA does.
        JWT_EXPIRY: process.env.SOAK_JWT_EXPIRY || '300',
        // Nothing leaves this machine: the TikTok sandbox, no SMTP, links to ourselves.
        TIKTOK_CLIENT_KEY: '',
        TIKTOK_CLIENT_SECRET: '',
        SMTP_HOST: '',
        PUBLIC_URL: '',
      },
      (text) => {
        if (process.env.SOAK_SERVER_LOG) process.stdout.write(text.replace(/^/gm, '  server| '));
        for (const line of text.split('\n')) {
          // Scheduled work that failed (no person sees it); other failures reach a person and are counted there.
          if (/\] run failed/.test(line)) scheduledFailures += 1;
          if (/run failed|uncaught|unhandled|\berror\b:/i.test(line) && serverLines.length < 10) serverLines.push(line.trim());
        }
      },
      { memoryProbe: true, leakKb: options.leakKb },
    );
    const running = server;
    log(`${options.engine}: server started in ${Math.round(running.startMs / 1000)} s (pid ${running.pid})`);
    const keys = await createKeys(benchJwtSecret);
    const service = serviceRest(running.url, keys.serviceRoleKey);
    routeSpaFetchers(running.url, keys.anonKey);

    const tag = randomBytes(3).toString('hex');
    const invites = await issueInvites(service, counts.admin);
    const roles: [Role, number][] = [];
    for (const role of ['brand', 'creator', 'admin'] as const) for (let n = 1; n <= counts[role]; n += 1) roles.push([role, n]);
    const people = await inBatches(roles, 4, ([role, n]) => signUpPerson(running.url, keys.anonKey, role, n, tag, role === 'admin' ? invites[n - 1] : undefined));
    const brands = people.filter((p) => p.role === 'brand');
    const creators = people.filter((p) => p.role === 'creator');
    await inBatches(brands, 4, (brand) => publishBriefs(brand, 2));
    const briefs = brands.flatMap((brand) => brand.briefs);
    await inBatches(creators, 4, (creator) => joinBriefs(creator, [...new Set([briefs[(creator.n * 2) % briefs.length], briefs[(creator.n * 2 + 3) % briefs.length]])]));
    await writeBacklog(service, creators, backlog);
    const due = countOf(await service.get(`tiktok_videos?select=id&author_username=eq.soak.backlog&checked_at=lte.${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&limit=1`));
    const setupSeconds = Math.round((performance.now() - setupStarted) / 1000);
    log(`${options.engine}: ${people.length} people signed up, ${briefs.length} campaigns, ${due} videos due for the refresher; set up in ${setupSeconds} s`);

    const requestsBefore = people.reduce((sum, p) => sum + p.wire.responses, 0);
    const actionLog = new ActionLog();
    const started = Date.now();
    const until = started + durationMs;
    // The server's memory after a full collection, every few seconds, warm-up included (it is shown, not judged).
    const memorySamples: MemorySample[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const at = (Date.now() - started) / 1000;
        const answer = await running.memory().catch(() => undefined);
        if (answer) memorySamples.push({ at, ...answer });
        await sleep((options.sampleEverySeconds ?? 2) * 1000);
      }
    })();
    const soakStart = new Date(started).toISOString();

    const live = async (person: Person) => {
      const random = seeded(person.n * 7919 + person.role.length);
      const actions = actionsOf[person.role];
      const total = actions.reduce((sum, a) => sum + a.weight, 0);
      await sleep(random() * options.thinkMs);
      while (Date.now() < until) {
        let roll = random() * total;
        const action = actions.find((a) => (roll -= a.weight) < 0) ?? actions[0];
        // auth-js refreshes a session about to expire when asked for it, as in the SPA: timed as an action of its own.
        const asked = person.wire.responses;
        const failedBeforeSession = person.wire.failed;
        const t0Session = performance.now();
        const { data: current, error: sessionError } = await person.client.auth.getSession();
        if (person.wire.responses > asked || sessionError || !current.session) {
          const failure = sessionError?.message ?? (current.session ? (person.wire.failed > failedBeforeSession ? person.wire.samples.at(-1) : undefined) : 'the session was lost');
          actionLog.record('session: refresh token', performance.now() - t0Session, failure);
        }
        const failedBefore = person.wire.failed;
        const t0 = performance.now();
        let failure: string | undefined;
        try {
          await actAs(person.client, () => action.run(person, random));
        } catch (error) {
          failure = (error as Error).message || String(error);
        }
        const ms = performance.now() - t0;
        if (failure === undefined && person.wire.failed > failedBefore) failure = person.wire.samples.at(-1) ?? 'an answer of 4xx or 5xx';
        actionLog.record(action.name, ms, failure);
        await sleep(options.thinkMs * (0.5 + random()));
      }
    };
    log(`${options.engine}: ${people.length} people at work for ${options.minutes} min (memory measured after ${Math.round(warmupMs / 1000)} s of warm-up)`);
    const progress = setInterval(() => log(`${options.engine}: ${Math.round((Date.now() - started) / 1000)} s, ${actionLog.errors} errors, ${memorySamples.at(-1)?.liveMb ?? 0} MB live`), 60_000);
    try {
      await Promise.all(people.map(live));
    } finally {
      clearInterval(progress);
      sampling = false;
      await sampler;
    }
    const seconds = (Date.now() - started) / 1000;
    if (process.env.SOAK_MEMORY_LOG) log(memorySamples.map((sample) => `${Math.round(sample.at)}s ${sample.liveMb}/${sample.rssMb}`).join(', '));
    const requests = people.reduce((sum, p) => sum + p.wire.responses, 0) - requestsBefore;
    const remeasured = countOf(await service.get(`tiktok_videos?select=id&author_username=eq.soak.backlog&checked_at=gte.${encodeURIComponent(soakStart)}&limit=1`));

    const exited = (await running.rssMb()) === 0;
    const errorSamples = [...actionLog.samples, ...serverLines.map((line) => `server said: ${line}`), ...(exited ? ['server: the process is gone'] : [])];
    return {
      engine: options.engine,
      users: { creators: counts.creator, brands: counts.brand, admins: counts.admin },
      minutes: options.minutes,
      seconds: Math.round(seconds),
      setupSeconds,
      requests,
      errors: actionLog.errors + scheduledFailures + (exited ? 1 : 0),
      errorSamples,
      actions: actionLog.figures(),
      memory: memoryTrend(memorySamples, warmupMs / 1000),
      leakKb: options.leakKb ?? 0,
      refresher: { backlog, remeasured },
    };
  } finally {
    await stopServer();
    cleanup.delete(stopServer);
    await dropTarget();
    cleanup.delete(dropTarget);
  }
}
