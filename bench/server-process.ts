import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { repoRoot } from '../server/paths';
import type { MemoryProbeAnswer } from './soak/memory-probe';

export const benchJwtSecret = 'bench-jwt-secret-that-is-long-enough-0123456789';

export type BenchServer = {
  url: string;
  pid: number;
  /** From spawning the process to the first answer of /config.json. */
  startMs: number;
  rssMb(): Promise<number>;
  /** What the process holds after a full garbage collection (only with `memoryProbe`). */
  memory(): Promise<MemoryProbeAnswer>;
  /** What the server printed, its last 64 KB. */
  output(): string;
  stop(): Promise<void>;
};

/** The product's server as `npm run serve` runs it, in its own process, so that the bench's clients do not share its event loop. */
export type BenchServerOptions = {
  /** Loads bench/soak/memory-probe.ts (with --expose-gc), which memory() asks. */
  memoryProbe?: boolean;
  /** Loads bench/soak/inject-leak.ts: this many kilobytes kept per request, to prove the soak sees a leak. */
  leakKb?: number;
};

export async function startBenchServer(
  target: { databaseUrl?: string; dataDir?: string },
  port: number,
  overrides: Record<string, string> = {},
  onOutput?: (text: string) => void,
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: '0',
    JWT_SECRET: benchJwtSecret,
    REFRESH_INTERVAL_MIN: '0',
    DATABASE_URL: target.databaseUrl ?? '',
    DATA_DIR: target.dataDir ?? '.data',
    ...overrides,
  };
  if (!target.databaseUrl) delete env.DATABASE_URL;
  const nodeArgs = [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx'];
  if (options.memoryProbe) nodeArgs.push('--expose-gc', '--import', './bench/soak/memory-probe.ts');
  if (options.leakKb) {
    nodeArgs.push('--import', './bench/soak/inject-leak.ts');
    env.SOAK_LEAK_KB = String(options.leakKb);
  }
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'server/cli.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe', ...(options.memoryProbe ? (['ipc'] as const) : [])],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-65_536);
    onOutput?.(chunk.toString());
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => { keep(chunk); if (process.env.BENCH_SERVER_STDERR) process.stderr.write(chunk); });
  const url = `http://127.0.0.1:${port}`;
  const exited = once(child, 'exit');
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${output}`);
    try {
      const response = await fetch(`${url}/config.json`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 600_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start in 10 minutes:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const startMs = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    startMs,
    async rssMb() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    async memory() {
      if (!child.send) throw new Error('the server was started without its memory probe');
      const answer = once(child, 'message') as Promise<[MemoryProbeAnswer]>;
      child.send('memory');
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the memory probe did not answer in 10 s')), 10_000).unref());
      return (await Promise.race([answer, timeout]))[0];
    },
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** A port nobody listens on, as the system hands it out (a random pick once landed on PostgreSQL's 5432). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Samples a server's resident memory until stopped; answers the peak. */
export function samplePeakRss(server: BenchServer, everyMs = 100) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await server.rssMb());
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return peak;
  };
}
