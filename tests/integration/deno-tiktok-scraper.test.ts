/**
 * tiktok-scraper on real Deno: supabase/functions/tiktok-scraper/index.ts runs in a `deno run`
 * subprocess, as hosted Supabase runs it, against the local backend. The backend stands where
 * Supabase's gateway does: supabase-js calls /functions/v1/tiktok-scraper, the backend checks
 * the JWT and forwards the request, untouched, to the Deno process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiktokSandboxPath } from '../../server/app';
import { functionEnvAllowList } from '../../server/functions/registry';
import { sandboxCounts } from '../../server/tiktok-sandbox/data';
import type { FunctionHandler } from '../../supabase/functions/_shared/handler';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

// The native binary of the `deno` npm package, found the way its own bin script finds it, so the
// test works whether or not npm ran the package's postinstall (which only links it).
const denoBinary = (createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string }).runInstall();

/** What hosted Supabase sets, and what the function may read (server/functions/registry.ts). */
const functionVariables = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', ...functionEnvAllowList['tiktok-scraper']];

let backend: TestBackend;
let creator: TestUser;
let deno: ChildProcess | undefined;
let denoUrl = '';
let denoOutput = '';

// The backend forwards the function's requests to Deno, as Supabase's gateway does after verify_jwt.
const throughDeno: FunctionHandler = async (request) => {
  const headers = new Headers(request.headers);
  headers.delete('host');
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const answer = await fetch(`${denoUrl}/tiktok-scraper`, { method: request.method, headers, body });
  // A copy: fetch's headers are immutable, and the backend adds its CORS headers.
  return new Response(answer.body, answer);
};

/**
 * Starts index.ts under Deno on a free loopback port. Deno itself gets the whole environment
 * (a cold cache downloads from npm through any proxy and CA set there); the function may read
 * only its own variables (--allow-env), so reading any other one throws.
 */
function startDeno(env: Record<string, string>): Promise<string> {
  const child = spawn(
    denoBinary,
    [
      'run',
      '--config=supabase/functions/deno.json',
      '--no-prompt',
      '--allow-net=127.0.0.1',
      `--allow-env=${functionVariables.join(',')}`,
      'supabase/functions/tiktok-scraper/index.ts',
    ],
    {
      cwd: repo(''),
      env: { ...process.env, ...env, DENO_DIR: repo('node_modules/.cache/deno'), DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0', DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  deno = child;
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      denoOutput += chunk.toString();
      const listening = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(denoOutput);
      if (listening) resolve(listening[1]);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`deno exited (${code}) before serving:\n${denoOutput}`)));
  });
}

beforeAll(async () => {
  backend = await startBackend({ functions: { 'tiktok-scraper': throughDeno } });
  denoUrl = await startDeno({
    SUPABASE_URL: backend.url,
    SUPABASE_ANON_KEY: backend.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.serviceKey,
    TIKTOK_SANDBOX_URL: `${backend.url}${tiktokSandboxPath}`,
    TIKTOK_TIMEOUT_MS: '5000',
  });
  creator = await createUser(backend, 'creator');
}, 120_000); // A cold DENO_DIR downloads the npm packages first; `npm run check:functions` warms it.

afterAll(async () => {
  if (deno && deno.exitCode === null && deno.signalCode === null) {
    const exited = new Promise((done) => deno!.once('exit', done));
    deno.kill();
    await exited;
  }
  await backend?.stop();
});

const videosOf = async (user: TestUser) =>
  (await backend.service().from('tiktok_videos').select('video_id, view_count, like_count, comment_count, share_count, metrics_source').eq('user_id', user.id)).data!;

describe('tiktok-scraper on Deno, through supabase-js', () => {
  it('adds a signed-in creator’s sandbox video with its counts', async () => {
    const id = '7441200000000000777';
    const { data, error } = await creator.client.functions.invoke('tiktok-scraper', { body: { url: `https://www.tiktok.com/@nok/video/${id}` } });
    expect(error, denoOutput).toBeNull();
    expect(data).toMatchObject({ success: true, isEstimated: false, source: 'sandbox' });
    const counts = sandboxCounts(id);
    expect(await videosOf(creator)).toEqual([
      { video_id: id, view_count: counts.views, like_count: counts.likes, comment_count: counts.comments, share_count: counts.shares, metrics_source: 'sandbox' },
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
