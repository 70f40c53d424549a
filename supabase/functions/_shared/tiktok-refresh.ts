import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { calledWithServiceKey } from './api-keys.ts';
import { checkAnswer, commonRefusals, jsonResponse, refuse, Refused, type FunctionEnv, type FunctionHandler, type Refusal } from './handler.ts';
import { createTikTokClient, maxQueryIds, TikTokError, type TikTokClient, type VideoCounts } from './tiktok/client.ts';
import { accessTokensFor, openVault, tokenEnv } from './tiktok/tokens.ts';
import { canonicalVideoUrl } from './tiktok/url.ts';

/**
 * tiktok-refresh (ledger rule 2): measures videos again and appends what it found to
 * video_snapshots; a trigger brings each video's counts, availability and counted views up to
 * date. The scheduler (pg_cron on hosted Supabase, a timer in the local server) calls it with
 * the service role for the videos that are due; an admin may re-measure one video at a time.
 * Answers { refreshed, unavailable, failed, skipped }.
 */

/** The only settings this function reads through env.get; the Deno wrapper and the local backend allow just these. */
export const tiktokRefreshEnv = [
  ...tokenEnv,
  'TIKTOK_SANDBOX_URL',
  'TIKTOK_TIMEOUT_MS',
  'REFRESH_BATCH_SIZE',
  'REFRESH_CONCURRENCY',
  'REFRESH_REQUESTS_PER_MIN',
] as const;

export type RefreshSummary = {
  /** Snapshots written with counts. */
  refreshed: number;
  /** Snapshots written because TikTok says the video is gone or private. */
  unavailable: number;
  /** Videos not measured this time (TikTok slow, failing or limiting); they stay due. */
  failed: number;
  /** Ids asked for that are not re-measured: demo rows (their counts are illustrative) and unknown ids. */
  skipped: number;
};

export const refreshRefusals = {
  ...commonRefusals,
  forbidden: { status: 403, code: 'refresh_forbidden', error: 'Only the scheduler or an admin can refresh counts' },
  body: { status: 400, code: 'bad_request', error: 'Send a JSON body with up to 1,000 video ids in "ids", or none for the videos that are due' },
} satisfies Record<string, Refusal>;

const payloadSchema = z.object({ ids: z.array(z.uuid()).min(1).max(1000).optional() });

/** TikTok's documented limit is per endpoint, so each one gets its own budget. */
type Endpoint = 'video_query' | 'video_page' | 'oembed';

type Video = { id: string; user_id: string; video_id: string; author_username: string | null };

type Outcome =
  | { kind: 'measured'; counts: VideoCounts; via: 'display_api' | 'page'; at: string }
  // Only the page (or oEmbed after it) can say a video is gone: the API omits what it does not return.
  | { kind: 'gone'; via: 'page'; at: string }
  | { kind: 'failed' };

export type TikTokRefreshOptions = {
  /** The first wait after a 429; doubled for each further retry (tests make it small). */
  retryBaseMs?: number;
  /** Retries after a 429 before a video counts as failed. */
  maxRetries?: number;
  /**
   * No new measurement starts after this long; what was measured is saved and the rest stays
   * due. Hosted Supabase answers 504 when a function has not answered within 150 s, and the
   * snapshots are written only at the end.
   */
  timeBudgetMs?: number;
};

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A whole number from the environment within [min, max], or the fallback when unset or not a number. */
function setting(env: FunctionEnv, name: (typeof tiktokRefreshEnv)[number], fallback: number, min: number, max: number): number {
  const raw = env.get(name)?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  return Number.isInteger(value) ? Math.min(Math.max(value, min), max) : fallback;
}

/** Waiting past the run's deadline would lose what was measured: such a wait is given up instead. */
const outOfTime = () => new TikTokError('timeout', 'The run is out of time');

/** Sleeps, unless waking would be past the deadline. */
async function sleepBefore(deadline: number, ms: number): Promise<void> {
  if (Date.now() + ms >= deadline) throw outOfTime();
  await sleep(ms);
}

/**
 * The sliding window TikTok applies (600 requests a minute per endpoint), kept on our side so we
 * rarely meet a 429. `earlier` are the measurements other runs made in the last minute: each
 * endpoint's window starts with them all (more careful than needed, as they used one endpoint or another).
 */
function createRateLimiter(perMinute: number, deadline: number, earlier: number[]) {
  const sent = new Map<Endpoint, number[]>();
  return async function take(endpoint: Endpoint): Promise<void> {
    for (;;) {
      const now = Date.now();
      const recent = (sent.get(endpoint) ?? earlier).filter((time) => time > now - 60_000);
      if (recent.length < perMinute) {
        recent.push(now);
        sent.set(endpoint, recent);
        return;
      }
      sent.set(endpoint, recent);
      await sleepBefore(deadline, recent[0] + 60_000 - now);
    }
  };
}

/** Runs work over items with at most `concurrency` at a time, starting none once `deadline` has passed; work must not throw. */
async function eachLimited<T>(items: readonly T[], concurrency: number, deadline: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && Date.now() < deadline) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** The Display API requests to make: each creator's videos, up to 20 a request, with the creator's token. */
function videoQueries(videos: Video[], tokens: Map<string, string>): { token: string; batch: Video[] }[] {
  const byCreator = new Map<string, Video[]>();
  for (const video of videos) {
    if (!tokens.has(video.user_id)) continue;
    const own = byCreator.get(video.user_id) ?? [];
    own.push(video);
    byCreator.set(video.user_id, own);
  }
  return [...byCreator].flatMap(([userId, own]) => chunks(own, maxQueryIds).map((batch) => ({ token: tokens.get(userId)!, batch })));
}

/**
 * Who is asking: the scheduler (a secret key, or the legacy service_role key), an admin, or someone
 * who may not. The function is deployed with verify_jwt = false, since a secret key is not a JWT:
 * a user's token is checked here, by the auth server.
 */
async function callerKind(request: Request, env: FunctionEnv, service: SupabaseClient): Promise<'service' | 'admin'> {
  if (calledWithServiceKey(request, env)) return 'service';
  const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  // An API key is no one's token (supabase-js sends the publishable key when no one is signed in).
  if (!token || token === env.publishableKey || token.startsWith('sb_')) return refuse(refreshRefusals.auth);
  const caller = createClient(env.supabaseUrl, env.publishableKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data } = await caller.auth.getUser(token);
  if (!data.user) return refuse(refreshRefusals.auth);
  // The role is read with the service client: a caller cannot vouch for itself.
  const profile = await service.from('profiles').select('user_type').eq('id', data.user.id).maybeSingle();
  checkAnswer(profile, "Reading the caller's profile failed");
  return profile.data?.user_type === 'admin' ? 'admin' : refuse(refreshRefusals.forbidden);
}

async function readPayload(request: Request): Promise<z.infer<typeof payloadSchema>> {
  const text = await request.text().catch(() => null);
  if (text === null) return refuse(refreshRefusals.body);
  let json: unknown = {};
  try {
    if (text.trim()) json = JSON.parse(text);
  } catch {
    return refuse(refreshRefusals.body);
  }
  const parsed = payloadSchema.safeParse(json);
  return parsed.success ? parsed.data : refuse(refreshRefusals.body);
}

/** The videos to measure, and how many of the asked-for ids are not measured by design. */
async function videosToMeasure(service: SupabaseClient, ids: string[] | undefined, batchSize: number): Promise<{ videos: Video[]; skipped: number }> {
  if (!ids) {
    const due = await service.rpc('videos_due_for_refresh', { p_limit: batchSize });
    checkAnswer(due, 'Listing the due videos failed');
    return { videos: (due.data ?? []) as Video[], skipped: 0 };
  }
  const unique = [...new Set(ids)];
  const videos: Video[] = [];
  // In slices: a thousand uuids in one query string is longer than some proxies accept.
  for (const slice of chunks(unique, 100)) {
    const read = await service.from('tiktok_videos').select('id, user_id, video_id, author_username, is_demo').in('id', slice);
    checkAnswer(read, 'Reading the videos failed');
    for (const row of (read.data ?? []) as (Video & { is_demo: boolean })[]) {
      // Demo counts are illustrative: measuring them would mix real numbers into demo data.
      if (!row.is_demo) videos.push({ id: row.id, user_id: row.user_id, video_id: row.video_id, author_username: row.author_username });
    }
  }
  return { videos, skipped: unique.length - videos.length };
}

/** The connected creators' access tokens; a failure to read them leaves every video to its page. */
async function connectedTokens(...args: Parameters<typeof accessTokensFor>): Promise<Map<string, string>> {
  try {
    return await accessTokensFor(...args);
  } catch (error) {
    console.warn('[tiktok-refresh] reading tokens failed:', (error as Error).message);
    return new Map();
  }
}

function createMeasurer(tiktok: TikTokClient, take: (endpoint: Endpoint) => Promise<void>, options: Required<TikTokRefreshOptions>, deadline: number) {
  /** One request within the rate budget; a 429 is retried after 1×, 2×, 4× the base delay, then given up. */
  async function call<T>(endpoint: Endpoint, send: () => Promise<T>): Promise<T> {
    for (let retry = 0; ; retry++) {
      await take(endpoint);
      try {
        return await send();
      } catch (error) {
        const limited = error instanceof TikTokError && error.kind === 'rate_limited';
        if (!limited || retry >= options.maxRetries) throw error;
        await sleepBefore(deadline, options.retryBaseMs * 2 ** retry);
      }
    }
  }

  const kindOf = (error: unknown) => (error instanceof TikTokError ? error.kind : 'unavailable');

  /** The Display API for one creator's videos (≤ 20): what it returned; the rest go to the page. */
  async function fromDisplayApi(token: string, videos: Video[]): Promise<Map<string, Outcome>> {
    try {
      const found = await call('video_query', () => tiktok.queryVideos(token, videos.map((video) => video.video_id)));
      const at = new Date().toISOString();
      const outcomes = new Map<string, Outcome>();
      for (const video of videos) {
        const queried = found.get(video.video_id);
        if (queried) outcomes.set(video.id, { kind: 'measured', counts: queried.counts, via: 'display_api', at });
      }
      return outcomes;
    } catch (error) {
      // A revoked token or a failing API: the public page may still answer.
      console.warn('[tiktok-refresh] video query failed:', kindOf(error));
      return new Map();
    }
  }

  /**
   * The public page. Neither a page that fails without saying why (a challenge, no counts)
   * nor one that says "gone" (a wrong handle in the address gives a 404 too) is proof
   * enough, so oEmbed is asked whether the post still exists.
   */
  async function fromPage(video: Video): Promise<Outcome> {
    const url = canonicalVideoUrl(video.video_id, video.author_username);
    try {
      const counts = await call('video_page', () => tiktok.pageCounts(url, video.video_id));
      return { kind: 'measured', counts, via: 'page', at: new Date().toISOString() };
    } catch (error) {
      const kind = kindOf(error);
      if (kind !== 'unavailable' && kind !== 'not_found') return { kind: 'failed' };
    }
    try {
      await call('oembed', () => tiktok.oembed(url));
      return { kind: 'failed' };
    } catch (error) {
      return kindOf(error) === 'not_found' ? { kind: 'gone', via: 'page', at: new Date().toISOString() } : { kind: 'failed' };
    }
  }

  return { fromDisplayApi, fromPage };
}

type SnapshotRow = {
  tiktok_video_id: string;
  measured_at: string;
  available: boolean;
  view_count: number | null;
  like_count: number | null;
  comment_count: number | null;
  share_count: number | null;
  source: 'display_api' | 'page' | 'sandbox';
};

function snapshotOf(videoId: string, outcome: Exclude<Outcome, { kind: 'failed' }>, sandbox: boolean): SnapshotRow {
  // Counts read from the local sandbox are labelled as such, never as TikTok's.
  const source = sandbox ? 'sandbox' : outcome.via;
  const counts = outcome.kind === 'measured' ? outcome.counts : null;
  return {
    tiktok_video_id: videoId,
    measured_at: outcome.at,
    available: outcome.kind === 'measured',
    view_count: counts?.views ?? null,
    like_count: counts?.likes ?? null,
    comment_count: counts?.comments ?? null,
    share_count: counts?.shares ?? null,
    source,
  };
}

/**
 * Saves snapshots as the measurements come in, a few at a time, so that a run cut short
 * (hosted Supabase stops a function at 150 s) keeps what it measured. One save at a time.
 */
function createSnapshotWriter(service: SupabaseClient, batchSize = 50) {
  let pending: SnapshotRow[] = [];
  const saved: SnapshotRow[] = [];
  let saving = Promise.resolve();
  const flush = () => {
    const rows = pending;
    pending = [];
    saving = saving.then(async () => void saved.push(...(await saveSnapshots(service, rows))));
    return saving;
  };
  return {
    async add(row: SnapshotRow) {
      pending.push(row);
      if (pending.length >= batchSize) await flush();
    },
    /** Saves what is left; answers every row written. */
    async close(): Promise<SnapshotRow[]> {
      await flush();
      return saved;
    },
  };
}

/**
 * Writes the snapshots one statement (one transaction) each. A statement over several videos held
 * the platform totals of one creator's video while it waited for the next video, and deadlocked
 * with a creator adding a video or a brand reviewing one (found by npm run soak on PostgreSQL):
 * at most 600 measurements a minute, the round trips cost little. Answers the rows written.
 */
async function saveSnapshots(service: SupabaseClient, rows: SnapshotRow[]): Promise<SnapshotRow[]> {
  const saved: SnapshotRow[] = [];
  for (const row of rows) {
    const { error } = await service.from('video_snapshots').insert(row);
    if (error) console.warn('[tiktok-refresh] a snapshot could not be saved:', error.message);
    else saved.push(row);
  }
  return saved;
}

/** When this minute's earlier measurements were taken (by runs before this one, or beside it). */
async function recentMeasurements(service: SupabaseClient): Promise<number[]> {
  const recent = await service.rpc('recent_measurements');
  checkAnswer(recent, 'recent_measurements');
  return (recent.data as string[]).map((at) => Date.parse(at));
}

async function refresh(request: Request, env: FunctionEnv, options: Required<TikTokRefreshOptions>): Promise<RefreshSummary> {
  const service = createClient(env.supabaseUrl, env.secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const caller = await callerKind(request, env, service);
  const { ids } = await readPayload(request);
  // "Refresh now" is for one video; sweeping many is the scheduler's job.
  if (caller === 'admin' && ids?.length !== 1) refuse(refreshRefusals.forbidden);

  const batchSize = setting(env, 'REFRESH_BATCH_SIZE', 500, 1, 5000);
  const concurrency = setting(env, 'REFRESH_CONCURRENCY', 4, 1, 32);
  const perMinute = setting(env, 'REFRESH_REQUESTS_PER_MIN', 600, 1, 6000);
  const sandboxUrl = env.get('TIKTOK_SANDBOX_URL');
  const tiktok = createTikTokClient({ fetch: env.fetch, sandboxUrl, timeoutMs: setting(env, 'TIKTOK_TIMEOUT_MS', 8000, 100, 60_000) });
  const deadline = Date.now() + options.timeBudgetMs;
  const measurer = createMeasurer(tiktok, createRateLimiter(perMinute, deadline, await recentMeasurements(service)), options, deadline);
  const { videos, skipped } = await videosToMeasure(service, ids, batchSize);
  // Connected creators' videos go to the Display API; without a vault or tokens, to the page.
  const vault = await openVault(env);
  const creators = [...new Set(videos.map((video) => video.user_id))];
  const tokens = vault ? await connectedTokens(service, tiktok, vault, creators) : new Map<string, string>();
  const measured = new Set<string>();
  const writer = createSnapshotWriter(service);
  const record = async (videoId: string, outcome: Outcome) => {
    measured.add(videoId);
    if (outcome.kind !== 'failed') await writer.add(snapshotOf(videoId, outcome, Boolean(sandboxUrl)));
  };

  // 1. The Display API, per creator with a valid token, up to 20 videos a request.
  await eachLimited(videoQueries(videos, tokens), concurrency, deadline, async ({ token, batch }) => {
    for (const [id, outcome] of await measurer.fromDisplayApi(token, batch)) await record(id, outcome);
  });

  // 2. The public page for everything the API did not measure.
  await eachLimited(
    videos.filter((video) => !measured.has(video.id)),
    concurrency,
    deadline,
    async (video) => record(video.id, await measurer.fromPage(video)),
  );

  const saved = await writer.close();
  const refreshed = saved.filter((row) => row.available).length;
  const unavailable = saved.length - refreshed;
  // 3. The scheduler reads each bio proof again once a day: a code taken out of the bio lets the proof lapse.
  if (caller === 'service' && !ids) await recheckBios(service, tiktok, concurrency, deadline);
  return { refreshed, unavailable, failed: videos.length - saved.length, skipped };
}

/**
 * Bio proofs due for a daily read (public.tiktok_bio_proofs_due): each bio as TikTok shows it goes
 * to public.tiktok_check_bio, which keeps or lapses the proof. A read that fails changes nothing.
 */
async function recheckBios(service: SupabaseClient, tiktok: TikTokClient, concurrency: number, deadline: number): Promise<void> {
  const { data, error } = await service.rpc('tiktok_bio_proofs_due', { p_limit: 100 });
  if (error) throw new Error(`Could not list the bio proofs due: ${error.message}`);
  await eachLimited(data as { user_id: string; username: string }[], concurrency, deadline, async (due) => {
    try {
      const bio = await tiktok.profileBio(due.username);
      const checked = await service.rpc('tiktok_check_bio', { p_user: due.user_id, p_bio: bio });
      if (checked.error) console.warn('[tiktok-refresh] a bio proof was not checked:', checked.error.message);
    } catch (failure) {
      console.warn('[tiktok-refresh] a bio could not be read:', (failure as Error).message);
    }
  });
}

/** The handler, with its retry timing and time budget adjustable (tests); `tiktokRefresh` below is the one deployed. */
export function createTikTokRefresh(options: TikTokRefreshOptions = {}): FunctionHandler {
  const settings: Required<TikTokRefreshOptions> = {
    retryBaseMs: options.retryBaseMs ?? 1000,
    maxRetries: options.maxRetries ?? 3,
    timeBudgetMs: options.timeBudgetMs ?? 100_000,
  };
  return async (request, env) => {
    if (request.method === 'OPTIONS') return jsonResponse(null, 204);
    try {
      if (request.method !== 'POST') refuse(refreshRefusals.method);
      return jsonResponse(await refresh(request, env, settings));
    } catch (error) {
      if (error instanceof Refused) return jsonResponse({ code: error.refusal.code, error: error.refusal.error }, error.refusal.status);
      console.error('[tiktok-refresh] failed:', error);
      return jsonResponse({ code: 'internal_error', error: 'The counts could not be refreshed right now. Please try again.' }, 500);
    }
  };
}

export const tiktokRefresh: FunctionHandler = createTikTokRefresh();
