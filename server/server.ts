import './websocket-polyfill';
import { serve, type ServerType } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { createApp, tiktokSandboxPath } from './app';
import { createKeys, loadApiKeys, loadJwtSecret, loadKeptSecret, type Keys } from './auth/keys';
import { importSecretKey } from '../supabase/functions/_shared/secrets';
import { sandboxApp } from './tiktok-sandbox/oauth';
import { LocalMailbox, smtpTransport, type Mailer } from './auth/mailer';
import type { RateLimiter } from './auth/rate-limit';
import type { ServerConfig } from './config';
import { migrate, type MigrateResult } from './db/migrate';
import { demoAdmin, demoAdminPasswordHolds, loadDemoAdminPassword, setDemoAdminPassword } from './demo-admin';
import { loadBackupKey } from './db/backup';
import { lockDataDir } from './db/lock';
import { openDatabase } from './db/open';
import type { Database } from './db/types';
import { functionHandlers } from './functions/registry';
import { callRefresh, callSendEmails, startCloseRunner, startEmailTimer, startRefreshTimer, startSettleTimer, writeLedgerRules, writePayRules, type Timer } from './functions/scheduled';
import { createSendEmails } from '../supabase/functions/_shared/send-emails';
import { repoRoot } from './paths';
import { loadSchemaCache, type SchemaCache } from './rest/schema-cache';
import type { FunctionHandler } from '../supabase/functions/_shared/handler';

export type StartOptions = ServerConfig & {
  functions?: Record<string, FunctionHandler>;
  /** Replaces fetch for the functions' outbound requests (tests). */
  functionFetch?: typeof fetch;
  /** Extra or replaced environment for the functions (tests). */
  functionSettings?: Record<string, string | undefined>;
  /** PGlite: start a new database from this image, migrated already (tests). */
  pgliteImage?: Blob;
  /**
   * The database is a copy of one the demo data was loaded into (tests: pgliteImage, or a copy of a
   * PostgreSQL template): its demo admin gets this installation's password, as the seed's own
   * transaction gives it, and the start reports the demo data loaded.
   */
  seededCopy?: boolean;
  mailer?: Mailer;
  /** How often the month closes asked for are looked for (default closeRunIntervalMs; tests: less). */
  closeRunIntervalMs?: number;
  /** The auth server's rate limits, with a clock the test moves. */
  authLimiter?: RateLimiter;
};

export type RunningServer = {
  url: string;
  port: number;
  keys: Keys;
  db: Database;
  mailer: Mailer;
  migration: MigrateResult;
  /** The demo admin's sign-in, when demo data is on and the password still works. */
  demoAdmin?: { email: string; password: string };
  reloadSchema(): Promise<void>;
  close(): Promise<void>;
};

const absolute = (path: string) => (isAbsolute(path) ? path : resolve(repoRoot, path));

/** Opens the database, migrates it, and serves the API and the app on config.port (0: any free port). */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const usesPglite = !options.databaseUrl;
  const dataDir = options.dataDir === 'memory' ? 'memory' : absolute(options.dataDir);
  const lock = usesPglite && dataDir !== 'memory' ? await lockDataDir(dataDir) : undefined;
  const unlock = async () => lock?.release();

  let db: Database | undefined;
  try {
    db = await openDatabase({ databaseUrl: options.databaseUrl, dataDir, pgliteImage: options.pgliteImage });
    const demoPassword = options.seed ? await loadDemoAdminPassword(options.demoAdminPassword, dataDir) : undefined;
    const migrated = await migrate(db, {
      seed: options.seed,
      afterSeed: demoPassword ? (tx) => setDemoAdminPassword(tx, demoPassword) : undefined,
    });
    if (options.seededCopy && demoPassword) await db.transaction((tx) => setDemoAdminPassword(tx, demoPassword));
    const migration = options.seededCopy ? { ...migrated, seeded: true } : migrated;
    // The counting rules follow the environment (the SQL defaults when it says nothing).
    await writeLedgerRules(db, options.ledgerRules);
    await writePayRules(db, options.payRules);
    const demoAdminSignIn =
      demoPassword && (await demoAdminPasswordHolds(db, demoPassword)) ? { email: demoAdmin.email, password: demoPassword } : undefined;
    let schema: SchemaCache = await loadSchemaCache(db);
    // The legacy JWT keys derive from the JWT secret; the publishable and secret keys are kept beside it.
    const keys = await createKeys(await loadJwtSecret(options.jwtSecret, dataDir), await loadApiKeys(options.apiKeys, dataDir));
    // The key the functions encrypt TikTok tokens with: kept beside the JWT secret, never in the database.
    const tokenEncryptionKey = await loadKeptSecret(options.tiktok.tokenEncryptionKey, dataDir, 'token-encryption-key', () => randomBytes(32).toString('base64url'));
    // A key that is not 32 bytes of base64 stops the start here, not at the first connection.
    await importSecretKey(tokenEncryptionKey);
    const mailer = options.mailer ?? (options.smtp ? smtpTransport(options.smtp) : new LocalMailbox());
    const backupKey = lock ? await loadBackupKey(dataDir) : undefined;
    let internalUrl = '';

    const app = createApp({
      db,
      keys,
      mailer,
      schema: () => schema,
      auth: {
        jwtExpiry: options.jwtExpiry,
        autoconfirm: options.autoconfirm,
        publicUrl: options.publicUrl,
        redirectUrls: options.redirectUrls,
        trustProxy: options.trustProxy,
        refreshTokenReuseInterval: options.refreshTokenReuseInterval,
        passwordHashCost: options.quickPasswordHashes ? 'quick' : 'default',
        limits: options.limits,
      },
      authLimiter: options.authLimiter,
      // Without SMTP, send-emails delivers to the server's mailbox (/_mailbox), as the auth e-mails go.
      functions: options.functions ?? { ...functionHandlers, 'send-emails': createSendEmails({ fallback: mailer }) },
      functionEnv: () => ({
        supabaseUrl: internalUrl,
        publishableKey: keys.publishableKey,
        secretKey: keys.secretKey,
        // Hosted Supabase gives functions the secret keys and the legacy service_role key.
        serviceKeys: [keys.secretKey, keys.serviceRoleKey],
        get: (name) => functionSettings()[name],
        fetch: options.functionFetch ?? fetch,
      }),
      distDir: absolute(options.distDir),
      publicUrl: options.publicUrl,
      mailboxPublic: options.mailboxPublic,
      tiktokSandboxUrl: options.tiktok.sandbox ? () => `${options.publicUrl ?? internalUrl}${tiktokSandboxPath}` : undefined,
      backupKey,
    });
    // What the functions read from their environment (Deno.env on hosted Supabase).
    const functionSettings = (): Record<string, string | undefined> => ({
      ...process.env,
      // In sandbox mode the app's credentials are the sandbox's (server/tiktok-sandbox/oauth.ts).
      TIKTOK_CLIENT_KEY: options.tiktok.sandbox ? sandboxApp.clientKey : options.tiktok.clientKey,
      TIKTOK_CLIENT_SECRET: options.tiktok.sandbox ? sandboxApp.clientSecret : options.tiktok.clientSecret,
      TOKEN_ENCRYPTION_KEY: tokenEncryptionKey,
      TIKTOK_SANDBOX_URL: options.tiktok.sandbox ? `${internalUrl}${tiktokSandboxPath}` : undefined,
      REFRESH_BATCH_SIZE: String(options.refresh.batchSize),
      REFRESH_CONCURRENCY: String(options.refresh.concurrency),
      REFRESH_REQUESTS_PER_MIN: String(options.refresh.requestsPerMin),
      // send-emails: the server's SMTP settings, and links into the app it serves.
      SMTP_HOST: options.smtp?.host,
      SMTP_PORT: options.smtp ? String(options.smtp.port) : undefined,
      SMTP_USER: options.smtp?.user,
      SMTP_PASS: options.smtp?.pass,
      SMTP_FROM: options.mailFrom,
      APP_URL: options.publicUrl ?? internalUrl,
      ...options.functionSettings,
    });

    const server: ServerType = await new Promise((resolveServer, reject) => {
      const instance = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () => resolveServer(instance));
      instance.once('error', reject);
    });
    // Idle keep-alive connections stay open a minute (Node closes them after 5 s): a client that
    // reuses one just as the server closes it gets "socket hang up" (seen in the e2e suite on a busy machine).
    if ('keepAliveTimeout' in server) Object.assign(server, { keepAliveTimeout: 65_000, headersTimeout: 66_000 });
    const port = (server.address() as AddressInfo).port;
    const host = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
    internalUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    // npm run backup finds the running server here, for a backup without stopping it.
    await lock?.setUrl(internalUrl);
    const database = db;
    // pg_cron's job on hosted Supabase: the same request, to the same handler, through the same gate.
    const refreshTimer: Timer | undefined =
      options.refresh.intervalMin > 0 ? startRefreshTimer(options.refresh.intervalMin, () => callRefresh(app.fetch, internalUrl, keys.secretKey)) : undefined;
    // Scheduled work is on or off as a whole (REFRESH_INTERVAL_MIN=0: off, as in the tests).
    const settleTimer: Timer | undefined = options.refresh.intervalMin > 0 ? startSettleTimer(db) : undefined;
    // A close an admin asked for runs here, never inside the request (pg_cron's runner on hosted).
    // With PGlite this process is the only one: a run it left "running" when it was killed starts again.
    if (lock) await db.query(`update public.month_close_runs set status = 'queued', started_at = null where status = 'running'`);
    const closeRunner = startCloseRunner(db, options.closeRunIntervalMs);
    const emailTimer: Timer | undefined =
      options.notificationEmailIntervalSec > 0
        ? startEmailTimer(options.notificationEmailIntervalSec, () => callSendEmails(app.fetch, internalUrl, keys.serviceRoleKey))
        : undefined;

    return {
      url: options.publicUrl ?? internalUrl,
      port,
      keys,
      db: database,
      mailer,
      migration,
      demoAdmin: demoAdminSignIn,
      async reloadSchema() {
        schema = await loadSchemaCache(database);
      },
      async close() {
        refreshTimer?.stop();
        settleTimer?.stop();
        closeRunner.stop();
        emailTimer?.stop();
        await new Promise<void>((done) => {
          server.close(() => done());
          // Idle keep-alive connections would hold close() open.
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        await database.close();
        await unlock();
      },
    };
  } catch (error) {
    await db?.close().catch(() => undefined);
    await unlock();
    throw error;
  }
}
