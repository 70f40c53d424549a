import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { CapturedCall, CapturedPage } from './capture';

export type Stat = { p50: number; p95: number; n: number };

export function stat(samples: number[]): Stat {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return { p50: round(at(0.5)), p95: round(at(0.95)), n: sorted.length };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export type CallResult = { ms: number; status: number; bytes: number; transferBytes: number | null; body: string };

/**
 * The replaying client: node:http over kept-alive connections, not fetch. On a 2-core machine the
 * load generator shares the CPU with the server and the database; fetch cost about 1.6 ms of CPU
 * a request here, node:http a fraction of it, so the figures say more about the server. Each
 * simulated visitor is a browser: at most 6 connections to the server (HTTP/1.1), kept open.
 */
const browserAgent = () => new Agent({ keepAlive: true, maxSockets: 6 });
const oneBrowser = browserAgent();

/** Asks for compressed answers as a browser does, and decodes them. */
const acceptEncoding = 'gzip, deflate, br';

function decode(raw: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(raw);
  if (encoding === 'gzip') return gunzipSync(raw);
  if (encoding === 'deflate') return inflateSync(raw);
  return raw;
}

/** Sends one captured request again, byte for byte; a 4xx/5xx answer fails the bench. */
export function send(baseUrl: string, call: CapturedCall, headers: Record<string, string> = {}, agent: Agent = oneBrowser, started = performance.now()): Promise<CallResult> {
  const url = new URL(baseUrl + call.path);
  return new Promise<CallResult>((resolve, reject) => {
    const outgoing = request(
      url,
      { method: call.method, agent, headers: { 'accept-encoding': acceptEncoding, ...call.headers, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = decode(raw, response.headers['content-encoding']).toString();
          const ms = performance.now() - started;
          const status = response.statusCode ?? 0;
          if (status >= 400) return reject(new Error(`${call.method} ${call.path} answered ${status}: ${body.slice(0, 300)}`));
          resolve({ ms, status, bytes: Buffer.byteLength(body), transferBytes: raw.byteLength, body });
        });
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as it was reused (its 5 s idle timeout, reached
      // on a loaded machine): sent again on a new one, as a browser does; the time counts both.
      if (error.code === 'ECONNRESET' && outgoing.reusedSocket) send(baseUrl, call, headers, agent, started).then(resolve, reject);
      else reject(error);
    });
    outgoing.end(call.body ?? undefined);
  });
}

/** A whole dashboard as the browser loads it: its requests together, done when the last answers. */
export async function loadPage(baseUrl: string, page: CapturedPage, agent: Agent = oneBrowser): Promise<number> {
  const started = performance.now();
  await Promise.all(
    page.calls.map(async (call) => {
      await send(baseUrl, call, {}, agent);
    }),
  );
  return performance.now() - started;
}

export type PageResult = {
  account: string;
  page: string;
  calls: { name: string; sequential: Stat; bytes: number }[];
  whole: Stat;
  concurrent: Stat;
  /** A request that failed (a 5xx, a statement timeout): the part it was in stops there, the run fails. */
  failed?: string;
};

/**
 * Per call, one at a time (`iterations` each, after a warm-up); the whole page by one client;
 * then `clients` clients loading the page over and over at once.
 */
export async function measurePage(baseUrl: string, page: CapturedPage, options: { iterations: number; clients: number; loadsPerClient: number }): Promise<PageResult> {
  const calls: PageResult['calls'] = [];
  const whole: number[] = [];
  const concurrent: number[] = [];
  let failed: string | undefined;
  // A failing request ends the measurement of its page (what was measured until then is kept)
  // rather than the whole run: the report names it and the run fails at the end.
  const attempt = async (part: string, fn: () => Promise<void>) => {
    if (failed) return;
    try {
      await fn();
    } catch (error) {
      failed = `${part}: ${(error as Error).message.slice(0, 300)}`;
    }
  };
  for (const call of page.calls) {
    const samples: number[] = [];
    let bytes = 0;
    await attempt(call.name, async () => {
      const warm = await send(baseUrl, call);
      bytes = warm.transferBytes ?? warm.bytes;
      for (let i = 0; i < options.iterations; i += 1) samples.push((await send(baseUrl, call)).ms);
    });
    calls.push({ name: call.name, sequential: stat(samples), bytes });
  }
  await attempt('whole page', async () => {
    for (let i = 0; i < options.iterations; i += 1) whole.push(await loadPage(baseUrl, page));
  });
  const browsers = Array.from({ length: options.clients }, browserAgent);
  await attempt(`${options.clients} clients`, async () => {
    // Each browser opens its connections first (a load not measured): a visitor who loads a
    // dashboard has already fetched the page from this server.
    await Promise.all(browsers.map((agent) => loadPage(baseUrl, page, agent)));
    // Every client stops at the first failure, and all have stopped before the next page.
    let stop = false;
    const loads = await Promise.allSettled(
      browsers.map(async (agent) => {
        for (let i = 0; i < options.loadsPerClient && !stop; i += 1) {
          try {
            concurrent.push(await loadPage(baseUrl, page, agent));
          } catch (error) {
            stop = true;
            throw error;
          }
        }
      }),
    );
    const rejected = loads.find((load) => load.status === 'rejected');
    if (rejected) throw rejected.reason;
  });
  for (const agent of browsers) agent.destroy();
  return { account: page.account, page: page.page, calls, whole: stat(whole), concurrent: stat(concurrent), ...(failed && { failed }) };
}
