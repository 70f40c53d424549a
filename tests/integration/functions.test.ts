/** /functions/v1: the mechanism that mounts edge-function handlers, proven with test handlers. */
import { FunctionsHttpError, createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionHandler } from '../../supabase/functions/_shared/handler';
import { jsonResponse } from '../../supabase/functions/_shared/handler';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';

// Reports what the function received, and what the caller and the service role can see.
const whoami: FunctionHandler = async (request, env) => {
  const authorization = request.headers.get('authorization') ?? '';
  const asCaller = createClient(env.supabaseUrl, env.publishableKey, {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false },
  });
  const asService = createClient(env.supabaseUrl, env.secretKey, { auth: { persistSession: false } });
  const { data: user } = await asCaller.auth.getUser(authorization.replace(/^Bearer /, ''));
  const { count } = await asService.from('profiles').select('*', { count: 'exact', head: true });
  const body = request.method === 'POST' ? await request.json() : null;
  return jsonResponse({ method: request.method, path: new URL(request.url).pathname, body, userId: user.user?.id ?? null, profiles: count });
};

const refuses: FunctionHandler = async () => jsonResponse({ error: 'bad' }, 400);
const crashes: FunctionHandler = async () => {
  throw new Error('boom');
};

let backend: TestBackend;
let creator: TestUser;

beforeAll(async () => {
  backend = await startBackend({ functions: { whoami, refuses, crashes } });
  creator = await createUser(backend, 'creator');
  await createUser(backend, 'brand');
});
afterAll(() => backend?.stop());

describe('functions', () => {
  it('passes the request and the caller’s Authorization through, with a working service-role client', async () => {
    const { data, error } = await creator.client.functions.invoke('whoami', { body: { url: 'https://www.tiktok.com/@a/video/1' } });
    expect(error).toBeNull();
    expect(data).toEqual({
      method: 'POST',
      path: '/functions/v1/whoami',
      body: { url: 'https://www.tiktok.com/@a/video/1' },
      userId: creator.id,
      profiles: 2,
    });
  });

  it('lets a signed-out caller in with the legacy anon key (a JWT); the function decides', async () => {
    const { data } = await createClient(backend.url, backend.anonKey).functions.invoke('whoami', { method: 'GET' });
    expect(data).toMatchObject({ method: 'GET', userId: null });
  });

  it('refuses a signed-out caller with only the publishable key where the JWT is checked, as the edge runtime does (the key is not a JWT)', async () => {
    const { error } = await backend.client().functions.invoke('whoami', { method: 'GET' });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(401);
    expect(await (error as FunctionsHttpError).context.json()).toMatchObject({ message: 'Invalid JWT' });
  });

  it('surfaces a function’s own 4xx as FunctionsHttpError with its JSON', async () => {
    const { data, error } = await creator.client.functions.invoke('refuses', { body: {} });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(await (error as FunctionsHttpError).context.json()).toEqual({ error: 'bad' });
  });

  it('answers a crash with a JSON 500 and no stack trace', async () => {
    const response = await fetch(`${backend.url}/functions/v1/crashes`, { method: 'POST', headers: { Authorization: `Bearer ${backend.anonKey}` } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ message: expect.any(String) });
    expect(text).not.toMatch(/boom|at .*\.ts/);
  });

  it('refuses unknown functions, and callers without a valid JWT', async () => {
    expect((await fetch(`${backend.url}/functions/v1/nope`, { method: 'POST', headers: { Authorization: `Bearer ${backend.anonKey}` } })).status).toBe(404);
    expect((await fetch(`${backend.url}/functions/v1/__proto__`, { method: 'POST', headers: { Authorization: `Bearer ${backend.anonKey}` } })).status).toBe(404);
    const missing = await fetch(`${backend.url}/functions/v1/whoami`, { method: 'POST' });
    expect(missing.status).toBe(401);
    const forged = await fetch(`${backend.url}/functions/v1/whoami`, { method: 'POST', headers: { Authorization: 'Bearer a.b.c' } });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ message: 'Invalid JWT' });
  });
});
