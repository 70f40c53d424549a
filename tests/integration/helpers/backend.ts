import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { LocalMailbox } from '../../../server/auth/mailer';
import { loadConfig } from '../../../server/config';
import { openPglite, PgliteImage } from '../../../server/db/pglite';
import { startServer, type RunningServer, type StartOptions } from '../../../server/server';
import { createScratchDatabase } from '../../scratch-databases';

export type Engine = 'pglite' | 'postgres';

export const engine: Engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

export type TestBackend = {
  server: RunningServer;
  url: string;
  /** Today's keys, which client() and service() use, as the SPA and the functions do. */
  publishableKey: string;
  secretKey: string;
  /** The legacy JWT keys (still accepted; tests that mean them say so). */
  anonKey: string;
  serviceKey: string;
  mailbox: LocalMailbox;
  /** A fresh supabase-js client with the publishable key and its own in-memory session. */
  client(): SupabaseClient;
  /** A supabase-js client with the secret key (from Node, so no browser User-Agent). */
  service(): SupabaseClient;
  /** A raw /rest/v1 request with the secret key, for what supabase-js cannot express. */
  restAsService(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
};

/**
 * A database of its own on the PostgreSQL server of DATABASE_URL, dropped by stop(): a copy of
 * the run's migrated template (tests/integration/global-setup.ts), or empty.
 */
export const createTestDatabase = (label: string, template?: string) =>
  createScratchDatabase(process.env.DATABASE_URL!, label, { template, ownerPid: inject('scratchOwner') });

export type BackendOptions = Partial<StartOptions> & {
  env?: Record<string, string>;
  /** Apply every migration (and with SEED=1 the seed) to an empty database, instead of starting from the run's prepared one. */
  fromScratch?: boolean;
};

type ImageName = 'pgliteEmptyImageFile' | 'pgliteImageFile' | 'pgliteSeededImageFile';
const images = new Map<ImageName, Promise<Blob>>();
/** One of the run's prepared PGlite images, read once per test worker. */
function preparedImage(name: ImageName): Promise<Blob> {
  if (!images.has(name)) images.set(name, readFile(inject(name)).then((bytes) => new PgliteImage(bytes)));
  return images.get(name)!;
}

/** A new PGlite database in memory from one of the run's images: as initdb leaves it ('pgliteEmptyImageFile': initdb took seconds), or migrated. */
export const preparedPglite = async (name: 'pgliteEmptyImageFile' | 'pgliteImageFile') => openPglite('memory://', await preparedImage(name));

/** Starts the local backend in-process on a fresh database (PGlite in memory, or PostgreSQL). */
export async function startBackend(options: BackendOptions = {}): Promise<TestBackend> {
  const { env = {}, fromScratch = false, ...overrides } = options;
  // A new database starts from the run's migrated one, or its seeded copy with demo data
  // (tests/integration/global-setup.ts), in memory or in a new data directory alike: initdb, the
  // migrations and the seed took seconds. A database of the test's own, or a data directory that
  // already holds one, is started as it is.
  const dataDir = env.DATA_DIR ?? 'memory';
  const newDataDir = dataDir === 'memory' || !existsSync(join(dataDir, 'PG_VERSION'));
  const copied = !fromScratch && newDataDir && !overrides.databaseUrl;
  const seeded = env.SEED === '1';
  // A database of the test's own (overrides.databaseUrl) is the test's to drop.
  const template = copied ? inject(seeded ? 'postgresSeededTemplate' : 'postgresTemplate') : undefined;
  const database = engine === 'postgres' && !overrides.databaseUrl ? await createTestDatabase('test', template) : undefined;
  const pgliteImage = engine === 'pglite' && copied ? await preparedImage(seeded ? 'pgliteSeededImageFile' : 'pgliteImageFile') : undefined;
  const config = loadConfig({
    DATA_DIR: 'memory',
    PORT: '0',
    SEED: '0',
    AUTH_SIGNIN_FAILURES_PER_5MIN: '1000',
    AUTH_SIGNIN_FAILURES_PER_ADDRESS: '1000',
    AUTH_SIGNUPS_PER_HOUR: '1000',
    AUTH_EMAILS_PER_HOUR: '1000',
    // New passwords hashed at bcrypt's least cost, as GoTrue's own tests do: cost 10 took 46 ms of a core per sign-up and sign-in.
    AUTH_QUICK_PASSWORD_HASHES: '1',
    // Tests call tiktok-refresh themselves, when they mean to.
    REFRESH_INTERVAL_MIN: '0',
    // and send-emails.
    NOTIFICATION_EMAIL_INTERVAL_SEC: '0',
    ...env,
  } as NodeJS.ProcessEnv);
  const mailbox = new LocalMailbox(() => undefined);
  let server: RunningServer;
  try {
    // A close an admin asks for is carried out within a tenth of a second (the local server: a second).
    server = await startServer({ ...config, databaseUrl: database?.url, mailer: mailbox, pgliteImage, seededCopy: copied && seeded, closeRunIntervalMs: 100, ...overrides });
  } catch (error) {
    await database?.drop();
    throw error;
  }
  const make = (key: string) =>
    createClient(server.url, key, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  return {
    server,
    url: server.url,
    publishableKey: server.keys.publishableKey,
    secretKey: server.keys.secretKey,
    anonKey: server.keys.anonKey,
    serviceKey: server.keys.serviceRoleKey,
    mailbox,
    client: () => make(server.keys.publishableKey),
    service: () => make(server.keys.secretKey),
    restAsService: (path, init = {}) =>
      fetch(`${server.url}/rest/v1/${path}`, {
        ...init,
        headers: { apikey: server.keys.secretKey, Authorization: `Bearer ${server.keys.secretKey}`, ...(init.headers as Record<string, string>) },
      }),
    async stop() {
      await server.close();
      await database?.drop();
    },
  };
}
