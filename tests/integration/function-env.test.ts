/**
 * Edge functions read only the variables they are allowed (docs/architecture.md §2.13): the local
 * backend's environment holds JWT_SECRET, SMTP_PASS and more, and env.get must not hand them out.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tiktokSandboxPath } from '../../server/app';
import { functionEnvAllowList } from '../../server/functions/registry';
import { sandboxApp } from '../../server/tiktok-sandbox/oauth';
import { jsonResponse, type FunctionHandler } from '../../supabase/functions/_shared/handler';
import { startBackend, type TestBackend } from './helpers/backend';

const jwtSecret = randomBytes(32).toString('hex');

// Answers every variable it can read through env.get, of the names it is sent.
const readsEnv: FunctionHandler = async (request, env) => {
  const { names } = (await request.json()) as { names: string[] };
  const readable = Object.fromEntries(names.flatMap((name) => (env.get(name) === undefined ? [] : [[name, env.get(name)]])));
  return jsonResponse({ readable, hasSecretKey: env.secretKey.startsWith('sb_secret_') });
};

let backend: TestBackend;

beforeAll(async () => {
  // The backend's own secrets, in the process environment as a self-hosted server has them.
  vi.stubEnv('JWT_SECRET', jwtSecret);
  vi.stubEnv('SMTP_PASS', 'smtp-password');
  // On PostgreSQL the real DATABASE_URL is already there (and the test backend needs it).
  if (!process.env.DATABASE_URL) vi.stubEnv('DATABASE_URL', 'postgres://viewpact:db-password@127.0.0.1/viewpact');
  vi.stubEnv('TIKTOK_CLIENT_SECRET', 'tiktok-secret');
  vi.stubEnv('TIKTOK_TIMEOUT_MS', '1234');
  backend = await startBackend({ env: { JWT_SECRET: jwtSecret }, functions: { 'tiktok-scraper': readsEnv, 'tiktok-refresh': readsEnv, 'send-emails': readsEnv, unlisted: readsEnv } });
  vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', backend.serviceKey);
  vi.stubEnv('SUPABASE_SECRET_KEY', backend.secretKey);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await backend?.stop();
});

const readable = async (name: string, names: string[]) => {
  // A JWT, as verify_jwt wants: the legacy anon key (a publishable key is not one).
  const { data, error } = await createClient(backend.url, backend.anonKey).functions.invoke(name, { body: { names } });
  expect(error).toBeNull();
  return data as { readable: Record<string, string>; hasSecretKey: boolean };
};

const secrets = ['JWT_SECRET', 'SMTP_PASS', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_SECRET_KEY', 'DATABASE_URL', 'TIKTOK_CLIENT_SECRET', 'TOKEN_ENCRYPTION_KEY', 'TIKTOK_CLIENT_KEY'];

/**
 * What a function using a creator's TikTok tokens reads: the app (in sandbox mode the sandbox's,
 * not the TIKTOK_CLIENT_SECRET in the environment) and the key the tokens are sealed with.
 */
const tokenSettings = { TIKTOK_CLIENT_KEY: sandboxApp.clientKey, TIKTOK_CLIENT_SECRET: sandboxApp.clientSecret, TOKEN_ENCRYPTION_KEY: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) };

describe('function environment', () => {
  it('gives tiktok-scraper its own variables and none of the backend’s secrets', async () => {
    const everything = [...new Set([...Object.keys(process.env), ...secrets, 'TIKTOK_SANDBOX_URL', 'constructor', '__proto__'])];
    const answer = await readable('tiktok-scraper', everything);
    expect(answer.readable).toEqual({ TIKTOK_TIMEOUT_MS: '1234', TIKTOK_SANDBOX_URL: `${backend.url}${tiktokSandboxPath}`, ...tokenSettings });
    expect(Object.keys(answer.readable).every((name) => functionEnvAllowList['tiktok-scraper'].includes(name))).toBe(true);
    const values = Object.values(answer.readable);
    for (const secret of [jwtSecret, 'smtp-password', backend.serviceKey, backend.secretKey, 'tiktok-secret']) expect(values).not.toContain(secret);
    // The secret key reaches the function only as the field it needs it through.
    expect(answer.hasSecretKey).toBe(true);
  });

  it('gives tiktok-refresh its own variables, the refresh settings from the server’s configuration, and no secret', async () => {
    const everything = [...new Set([...Object.keys(process.env), ...secrets, 'TIKTOK_SANDBOX_URL', 'REFRESH_BATCH_SIZE', 'REFRESH_CONCURRENCY', 'REFRESH_REQUESTS_PER_MIN', 'REFRESH_INTERVAL_MIN'])];
    const answer = await readable('tiktok-refresh', everything);
    expect(answer.readable).toEqual({
      TIKTOK_TIMEOUT_MS: '1234',
      TIKTOK_SANDBOX_URL: `${backend.url}${tiktokSandboxPath}`,
      REFRESH_BATCH_SIZE: '500',
      REFRESH_CONCURRENCY: '4',
      REFRESH_REQUESTS_PER_MIN: '600',
      ...tokenSettings,
    });
    expect(Object.keys(answer.readable).every((name) => functionEnvAllowList['tiktok-refresh'].includes(name))).toBe(true);
    for (const secret of [jwtSecret, 'smtp-password', backend.serviceKey, backend.secretKey, 'tiktok-secret']) expect(Object.values(answer.readable)).not.toContain(secret);
  });

  it('gives send-emails the SMTP settings of the server’s configuration (none here: the SMTP_PASS in the environment is not one) and the app’s address', async () => {
    const everything = [...new Set([...Object.keys(process.env), ...secrets, ...functionEnvAllowList['send-emails']])];
    const answer = await readable('send-emails', everything);
    expect(answer.readable).toEqual({ SMTP_FROM: 'ViewPact <no-reply@viewpact.local>', APP_URL: backend.url });
  });

  it('gives a function that is not on the allow-list nothing', async () => {
    expect((await readable('unlisted', [...secrets, 'TIKTOK_TIMEOUT_MS', 'TIKTOK_SANDBOX_URL'])).readable).toEqual({});
  });
});
