import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createKeys } from '../../../server/auth/keys';
import { repoRoot } from '../../../server/paths';
import { createTestDatabase, engine } from './backend';

/**
 * A place for data that outlives one server: a PGlite folder, or a PostgreSQL database of its own
 * (with a folder for the kept secrets). `cleanup` removes it.
 */
export type DurableTarget = { dataDir: string; databaseUrl?: string; env: Record<string, string>; cleanup(): Promise<void> };

export async function durableTarget(label = 'durable'): Promise<DurableTarget> {
  const dataDir = await mkdtemp(join(tmpdir(), `viewpact-${label}-`));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (engine === 'pglite') return { dataDir, env: { DATA_DIR: dataDir }, cleanup: removeDir };
  const database = await createTestDatabase(label.replace(/\W/g, '_').toLowerCase());
  return {
    dataDir,
    databaseUrl: database.url,
    env: { DATA_DIR: dataDir },
    async cleanup() {
      await database.drop();
      await removeDir();
    },
  };
}

export type ChildServer = {
  child: ChildProcess;
  url: string;
  anonKey: string;
  serviceKey: string;
  client(): SupabaseClient;
  service(): SupabaseClient;
  /** Everything the process printed. */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
};

/** The environment a test server runs with: no timers, generous limits, no demo data. */
export const quietEnv = {
  SEED: '0',
  REFRESH_INTERVAL_MIN: '0',
  NOTIFICATION_EMAIL_INTERVAL_SEC: '0',
  AUTH_SIGNIN_FAILURES_PER_5MIN: '100000',
  AUTH_SIGNUPS_PER_HOUR: '100000',
  AUTH_EMAILS_PER_HOUR: '100000',
};

/** Runs `node --import tsx server/cli.ts` as its own process; resolves with its exit code and output when it exits. */
export function runCli(env: Record<string, string>, script = 'server/cli.ts', args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', PORT: '0', ...quietEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, output })),
  );
  return { child, exited, output: () => output };
}

/**
 * Starts the server as a child process on a target, and waits until it listens. The JWT secret
 * is given, so that the test knows the keys.
 */
export async function spawnServer(target: DurableTarget, jwtSecret: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const run = runCli({ ...target.env, DATABASE_URL: target.databaseUrl ?? '', JWT_SECRET: jwtSecret, ...env });
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /ViewPact is running at (\S+)/.exec(run.output());
      if (match) resolve(match[1]);
    };
    run.child.stdout!.on('data', onData);
    void run.exited.then(({ code, signal }) => reject(new Error(`the server exited (${code ?? signal}) before listening:\n${run.output()}`)));
  });
  const keys = await createKeys(jwtSecret);
  const make = (key: string) => createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  return {
    child: run.child,
    url,
    anonKey: keys.anonKey,
    serviceKey: keys.serviceRoleKey,
    client: () => make(keys.anonKey),
    service: () => make(keys.serviceRoleKey),
    output: run.output,
    async kill(signal = 'SIGKILL') {
      if (run.child.exitCode !== null || run.child.signalCode !== null) return;
      run.child.kill(signal);
      await run.exited;
    },
  };
}
