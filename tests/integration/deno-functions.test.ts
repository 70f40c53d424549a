/**
 * The edge functions on real Deno: each supabase/functions/<name>/index.ts runs in a `deno run`
 * subprocess, as hosted Supabase runs it, against the local backend. The backend stands where
 * Supabase's gateway does: supabase-js calls /functions/v1/<name>, the backend checks the JWT
 * and forwards the request, untouched, to that function's Deno process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tiktokSandboxPath } from '../../server/app';
import { functionEnvAllowList } from '../../server/functions/registry';
import { sandboxCounts } from '../../server/tiktok-sandbox/data';
import { sandboxApp, sandboxVideosOf } from '../../server/tiktok-sandbox/oauth';
import { signWebhook } from '../../supabase/functions/_shared/tiktok/oauth';
import { apiKeyEnv } from '../../supabase/functions/_shared/api-keys';
import type { FunctionHandler } from '../../supabase/functions/_shared/handler';
import { startBackend, type TestBackend } from './helpers/backend';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp';
import { callTikTokAuth, connectInSandbox, newTokenKey } from './helpers/tiktok';
import { createUser, type TestUser } from './helpers/users';
import { insertVideo } from './helpers/videos';

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

// The native binary of the `deno` npm package, found the way its own bin script finds it, so the
// test works whether or not npm ran the package's postinstall (which only links it).
const denoBinary = (createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string }).runInstall();

const functionNames = ['tiktok-scraper', 'tiktok-refresh', 'tiktok-auth', 'tiktok-webhook', 'send-emails'] as const;

/**
 * Variables a library reads for itself, which read as unset (--ignore-env), as a secret not set
 * does on hosted Supabase: nodemailer reads its test-account service's settings when it loads.
 */
const libraryEnv: Partial<Record<FunctionName, string[]>> = { 'send-emails': ['ETHEREAL_API', 'ETHEREAL_WEB', 'ETHEREAL_API_KEY', 'ETHEREAL_CACHE'] };
type FunctionName = (typeof functionNames)[number];

type DenoFunction = { process: ChildProcess; url: string };

const tokenKey = newTokenKey();
const smtpLogin = { user: 'deno-mailer', pass: 'deno-smtp-secret' };
let smtp: TestSmtpServer;
let backend: TestBackend;
let creator: TestUser;
const running = new Map<FunctionName, DenoFunction>();
let denoOutput = '';

// The backend forwards a function's requests to its Deno process, as Supabase's gateway does after verify_jwt.
const throughDeno =
  (name: FunctionName): FunctionHandler =>
  async (request) => {
    const headers = new Headers(request.headers);
    headers.delete('host');
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const answer = await fetch(`${running.get(name)!.url}/${name}`, { method: request.method, headers, body });
    // A copy: fetch's headers are immutable, and the backend adds its CORS headers.
    return new Response(answer.body, answer);
  };

/**
 * Starts supabase/functions/<name>/index.ts under Deno on a free loopback port. Deno itself gets
 * the whole environment (a cold cache downloads from npm through any proxy and CA set there);
 * the function may read only what hosted Supabase sets and its own allow-list (--allow-env), so
 * reading any other variable throws.
 */
function startDeno(name: FunctionName, env: Record<string, string>): Promise<DenoFunction> {
  const allowed = ['SUPABASE_URL', ...apiKeyEnv, ...functionEnvAllowList[name]];
  const ignored = libraryEnv[name] ? [`--ignore-env=${libraryEnv[name].join(',')}`] : [];
  const child = spawn(
    denoBinary,
    // The import map config.toml names for every function, as `supabase functions serve` uses it.
    ['run', '--no-config', '--import-map=supabase/functions/import_map.json', '--lock=supabase/functions/deno.lock', '--no-prompt', '--allow-net=127.0.0.1', `--allow-env=${allowed.join(',')}`, ...ignored, `supabase/functions/${name}/index.ts`],
    {
      cwd: repo(''),
      env: { ...process.env, ...env, DENO_DIR: repo('node_modules/.cache/deno'), DENO_NO_PACKAGE_JSON: '1', DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0', DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      denoOutput += `[${name}] ${chunk.toString()}`;
      const listening = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) resolve({ process: child, url: listening[1] });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`deno exited (${code}) before serving ${name}:\n${output}`)));
  });
}

async function stopDeno({ process: child }: DenoFunction) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill();
  await exited;
}

beforeAll(async () => {
  smtp = await startSmtpServer(smtpLogin);
  backend = await startBackend({ env: { TOKEN_ENCRYPTION_KEY: tokenKey }, functions: Object.fromEntries(functionNames.map((name) => [name, throughDeno(name)])) });
  const env = {
    SUPABASE_URL: backend.url,
    // As hosted Supabase sets them: today's keys as JSON objects of named keys, and the legacy ones.
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: backend.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: backend.secretKey }),
    SUPABASE_ANON_KEY: backend.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.serviceKey,
    TIKTOK_SANDBOX_URL: `${backend.url}${tiktokSandboxPath}`,
    TIKTOK_TIMEOUT_MS: '5000',
    TIKTOK_CLIENT_KEY: sandboxApp.clientKey,
    TIKTOK_CLIENT_SECRET: sandboxApp.clientSecret,
    TOKEN_ENCRYPTION_KEY: tokenKey,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_USER: smtpLogin.user,
    SMTP_PASS: smtpLogin.pass,
    SMTP_FROM: 'ViewPact <notify@viewpact.test>',
    APP_URL: 'https://app.viewpact.test',
  };
  // One after the other: on a cold DENO_DIR the first start fills the cache the second one reads.
  for (const name of functionNames) running.set(name, await startDeno(name, env));
}, 180_000); // A cold DENO_DIR downloads the npm packages first; `npm run check:functions` warms it.

// Each test's own creator, with no videos and no e-mails waiting.
beforeEach(async () => {
  creator = await createUser(backend, 'creator');
});

afterAll(async () => {
  await Promise.all([...running.values()].map(stopDeno));
  await backend?.stop();
  await smtp?.stop();
});

const videosOf = async (user: TestUser) =>
  (await backend.service().from('tiktok_videos').select('id, video_id, view_count, like_count, comment_count, share_count, metrics_source').eq('user_id', user.id).order('video_id')).data!;

describe('tiktok-scraper on Deno, through supabase-js', () => {
  it('adds a signed-in creator’s sandbox video with its counts', async () => {
    const id = '7441200000000000777';
    const { data, error } = await creator.client.functions.invoke('tiktok-scraper', { body: { url: `https://www.tiktok.com/@nok/video/${id}` } });
    expect(error, denoOutput).toBeNull();
    expect(data).toMatchObject({ success: true, isEstimated: false, source: 'sandbox' });
    const counts = sandboxCounts(id);
    expect(await videosOf(creator)).toEqual([
      { id: expect.any(String), video_id: id, view_count: counts.views, like_count: counts.likes, comment_count: counts.comments, share_count: counts.shares, metrics_source: 'sandbox' },
    ]);
  });

  it('answers a bad URL with 400 invalid_url and changes nothing', async () => {
    const before = await videosOf(creator);
    const { data, error } = await creator.client.functions.invoke('tiktok-scraper', { body: { url: 'https://example.com/not-tiktok' } });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: 'invalid_url' });
    expect(await videosOf(creator)).toEqual(before);
  });
});

describe('tiktok-refresh on Deno, through supabase-js', () => {
  const snapshotCount = async (id: string) =>
    (await backend.service().from('video_snapshots').select('id', { count: 'exact', head: true }).eq('tiktok_video_id', id)).count;

  it('re-measures a video for the service role, and refuses a creator', async () => {
    await insertVideo(backend, { creator, n: 1, postedAt: new Date(), views: 1000 });
    const [video] = await videosOf(creator);
    expect(await snapshotCount(video.id)).toBe(1);
    const { data, error } = await backend.service().functions.invoke('tiktok-refresh', { body: { ids: [video.id] } });
    expect(error, denoOutput).toBeNull();
    expect(data).toEqual({ refreshed: 1, unavailable: 0, failed: 0, skipped: 0 });
    expect(await snapshotCount(video.id)).toBe(2);

    const refused = await creator.client.functions.invoke('tiktok-refresh', { body: { ids: [video.id] } });
    expect(refused.error).toBeInstanceOf(FunctionsHttpError);
    const response = (refused.error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'refresh_forbidden', error: 'Only the scheduler or an admin can refresh counts' });
    expect(await snapshotCount(video.id)).toBe(2);
  });
});

describe('tiktok-auth and tiktok-webhook on Deno, through supabase-js', () => {
  it('connects in the sandbox, syncs the account’s videos, and is disconnected by a signed webhook', async () => {
    const connected = await createUser(backend, 'creator');
    const username = 'deno.creator';
    expect(await connectInSandbox(backend, connected, username)).toMatchObject({ is_connected: true, verified_status: 'verified', username });
    const { data: sealed } = await backend.service().from('tiktok_tokens').select('open_id, access_token_enc').eq('user_id', connected.id).single();
    expect(sealed!.access_token_enc).toMatch(/^v1\./);

    const synced = await callTikTokAuth(backend, connected.client, { action: 'sync' });
    expect(synced, denoOutput).toEqual({ status: 200, answer: { synced: sandboxVideosOf(username).length, updated: 0 } });

    const event = JSON.stringify({ client_key: sandboxApp.clientKey, event: 'authorization.removed', create_time: Math.floor(Date.now() / 1000), user_openid: sealed!.open_id });
    const webhook = await fetch(`${backend.url}/functions/v1/tiktok-webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'TikTok-Signature': await signWebhook(event, sandboxApp.clientSecret) },
      body: event,
    });
    expect([webhook.status, await webhook.json()]).toEqual([200, { received: true, handled: true }]);
    const { data: connection } = await connected.client.from('tiktok_connections').select('is_connected, revoked_reason').single();
    expect(connection).toEqual({ is_connected: false, revoked_reason: 'deauthorized' });
  });
});

describe('send-emails on Deno, through supabase-js', () => {
  it('sends a due e-mail over SMTP for the service role, once, and refuses a creator', async () => {
    const { error: saved } = await creator.client.rpc('save_notification_settings', { p_language: 'th', p_email_off: null });
    expect(saved).toBeNull();
    // A payout the admins marked sent: the creator's e-mail waits in the queue.
    await backend.server.db.query(`select private.notify($1, 'payout_sent', '{"net_satang": 123400, "month": "2026-10-01", "paid_on": "2026-11-05", "reference": "TRF-DENO-1"}'::jsonb)`, [creator.id]);

    const refused = await creator.client.functions.invoke('send-emails', { body: {} });
    expect(refused.error).toBeInstanceOf(FunctionsHttpError);
    const response = (refused.error as FunctionsHttpError).context as Response;
    expect([response.status, await response.json()]).toEqual([403, { code: 'send_emails_forbidden', error: 'Only the scheduler can send the notification e-mails' }]);
    expect(smtp.received).toEqual([]);

    const { data, error } = await backend.service().functions.invoke('send-emails', { body: {} });
    expect(error, denoOutput).toBeNull();
    expect(data).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ user: smtpLogin.user, envelopeTo: [creator.email], from: 'ViewPact <notify@viewpact.test>', subject: 'ได้รับยอดโอนแล้ว' });
    expect(mail.text).toMatch(/[\u0E00-\u0E7F]/);
    expect(mail.text).toContain('TRF-DENO-1');
    expect(mail.text).toContain('https://app.viewpact.test/');

    expect((await backend.service().functions.invoke('send-emails', { body: {} })).data).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });
});
