import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AuthError } from './auth/errors';
import { createAuthApp, type AuthSettings } from './auth/handler';
import type { RateLimiter } from './auth/rate-limit';
import type { Keys } from './auth/keys';
import { LocalMailbox, type Mailer } from './auth/mailer';
import type { Database } from './db/types';
import { backupKeyMatches, backupPath } from './db/backup';
import { createFunctionsApp } from './functions/handler';
import type { FunctionEnv, FunctionHandler } from '../supabase/functions/_shared/handler';
import { clientIp, isLoopback } from './http/client-ip';
import { isFinishedAnswer } from './http/api-answer';
import { closeOnUnreadBody } from './http/close-on-unread-body';
import { compressJson } from './http/compression';
import { apiCors } from './http/cors';
import { mailboxPage } from './http/mailbox-page';
import { gatewayRefusal } from './http/request-auth';
import { securityHeaders } from './http/security-headers';
import { serveSpa } from './http/static';
import { createRestApp } from './rest/handler';
import type { SchemaCache } from './rest/schema-cache';
import { createTikTokSandbox } from './tiktok-sandbox/app';

export type AppContext = {
  db: Database;
  keys: Keys;
  mailer: Mailer;
  schema: () => SchemaCache;
  auth: AuthSettings;
  /** The auth server's rate limits, with a clock of its own (tests); a new one otherwise. */
  authLimiter?: RateLimiter;
  functions: Record<string, FunctionHandler>;
  functionEnv: () => FunctionEnv;
  distDir: string;
  publicUrl?: string;
  mailboxPublic: boolean;
  /** Where browsers reach the TikTok sandbox; undefined when real TikTok keys are configured. */
  tiktokSandboxUrl?: () => string;
  /** PGlite in a folder: the folder's backup key, which npm run backup shows (server/db/backup.ts). */
  backupKey?: string;
};

export const tiktokSandboxPath = '/_tiktok-sandbox';

/** The whole local backend on one origin: Supabase's APIs, the config, the mailbox and the SPA. */
export function createApp(ctx: AppContext): Hono {
  const app = new Hono();

  app.use(
    '*',
    securityHeaders({
      frameableBySelf: ctx.tiktokSandboxUrl ? [tiktokSandboxPath] : [],
      https: (forwardedProto) => ctx.publicUrl?.startsWith('https://') === true || (ctx.auth.trustProxy && forwardedProto === 'https'),
    }),
  );
  for (const prefix of ['/auth/v1/*', '/rest/v1/*', '/functions/v1/*', '/api/*']) {
    app.use(prefix, closeOnUnreadBody);
    app.use(prefix, apiCors({ finished: isFinishedAnswer }));
    app.use(prefix, compressJson({ finished: isFinishedAnswer }));
    // Hosted Supabase's gateway: an unknown publishable or secret key, or a secret key from a browser, goes no further.
    app.use(prefix, async (c, next) => {
      const headers = c.req.raw.headers;
      const refusal = gatewayRefusal(headers, ctx.keys, headers.has('apikey') ? undefined : c.req.query('apikey'));
      if (refusal) return c.json(refusal.body, refusal.status, { 'sb-error-code': refusal.errorCode });
      return next();
    });
  }

  // Auth bodies are small (GoTrue's own limit): more is refused before it is read into memory.
  app.use('/auth/v1/*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json(new AuthError(413, 'request_too_large', 'Request body is too large').toJSON(), 413) }));
  app.route('/auth/v1', createAuthApp({ db: ctx.db, keys: ctx.keys, mailer: ctx.mailer, settings: ctx.auth, limiter: ctx.authLimiter }));
  app.route(
    '/rest/v1',
    createRestApp({
      db: ctx.db,
      keys: ctx.keys,
      schema: ctx.schema,
      maxRows: 1000,
      maxBodyBytes: 1024 * 1024,
    }),
  );
  // A function reads at most 1 MB, as the REST API does: more is refused before it runs.
  const tooLarge = bodyLimit({ maxSize: 1024 * 1024, onError: (c) => c.json({ code: 'request_too_large', message: 'The request body is larger than 1 MB' }, 413) });
  app.use('/functions/v1/*', tooLarge);
  app.use('/api/*', tooLarge);
  const functionsApp = createFunctionsApp({ keys: ctx.keys, handlers: ctx.functions, env: ctx.functionEnv });
  app.route('/functions/v1', functionsApp);
  // Spec §7: POST /api/tiktok-auth is another way to the same function, answering the same JSON.
  app.post('/api/tiktok-auth', (c) => functionsApp.fetch(new Request(new URL('/tiktok-auth', c.req.url), c.req.raw)));

  if (ctx.tiktokSandboxUrl) app.route(tiktokSandboxPath, createTikTokSandbox(ctx.tiktokSandboxUrl));

  /** The SPA's runtime configuration: served at /config.json and written into index.html. */
  const runtimeConfig = (c: Context) => {
    const origin = ctx.publicUrl ?? new URL(c.req.url).origin;
    return {
      supabaseUrl: origin,
      supabasePublishableKey: ctx.keys.publishableKey,
      // The SPA labels sandbox data and plays videos in the sandbox's stand-in player.
      tiktok: ctx.tiktokSandboxUrl ? { sandbox: true, playerUrl: `${origin}${tiktokSandboxPath}/player/v1` } : { sandbox: false, playerUrl: 'https://www.tiktok.com/player/v1' },
    };
  };

  app.get('/config.json', (c) => c.json(runtimeConfig(c), 200, { 'Cache-Control': 'no-store' }));

  app.get('/health', (c) => c.json({ status: 'ok', database: ctx.db.engine }));

  if (ctx.mailer instanceof LocalMailbox) {
    const mailbox = ctx.mailer;
    // Recovery links are secrets: only this machine may read them unless MAILBOX_PUBLIC is set.
    const onlyThisMachine: MiddlewareHandler = async (c, next) => {
      if (!ctx.mailboxPublic && !isLoopback(clientIp(c, false))) return c.json({ message: 'The mailbox is only served to this machine' }, 403);
      return next();
    };
    app.use('/_mailbox', onlyThisMachine);
    app.use('/_mailbox/*', onlyThisMachine);
    app.get('/_mailbox', (c) => c.html(mailboxPage(mailbox.messages)));
    app.get('/_mailbox/messages', (c) => c.json(mailbox.messages));
  }

  const backupKey = ctx.backupKey;
  if (backupKey && ctx.db.backup) {
    const backup = ctx.db.backup;
    // npm run backup while the server runs: this machine only, with the key kept in the data directory.
    app.post(backupPath, async (c) => {
      if (!isLoopback(clientIp(c, false))) return c.json({ message: 'Backups are only served to this machine' }, 403);
      if (!backupKeyMatches(backupKey, /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1])) return c.json({ message: 'A backup needs the backup key of the data directory' }, 401);
      const image = await backup();
      return c.body(await image.arrayBuffer(), 200, { 'Content-Type': 'application/gzip', 'Cache-Control': 'no-store' });
    });
  }

  for (const prefix of ['/auth/v1', '/rest/v1', '/functions/v1']) {
    app.all(prefix, (c) => c.json({ message: 'Not found' }, 404));
  }
  // The app talks to this server at its public address, which may not be the page's own.
  app.all('*', serveSpa(ctx.distDir, { config: runtimeConfig, connectTo: ctx.publicUrl ? [new URL(ctx.publicUrl).origin] : [] }));

  app.onError((error, c) => {
    console.error('[server] unexpected error:', error);
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}
