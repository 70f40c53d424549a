import type { CapturedCall, CapturedPage } from './capture';

export type Stat = { p50: number; p95: number; n: number };

export function stat(samples: number[]): Stat {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return { p50: round(at(0.5)), p95: round(at(0.95)), n: sorted.length };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export type CallResult = { ms: number; status: number; bytes: number; transferBytes: number | null; body: string };

/** Sends one captured request again, byte for byte; a 4xx/5xx answer fails the bench. */
export async function send(baseUrl: string, call: CapturedCall, headers: Record<string, string> = {}): Promise<CallResult> {
  const started = performance.now();
  const response = await fetch(baseUrl + call.path, {
    method: call.method,
    headers: { ...call.headers, ...headers },
    body: call.body ?? undefined,
  });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status >= 400) throw new Error(`${call.method} ${call.path} answered ${response.status}: ${body.slice(0, 300)}`);
  const length = response.headers.get('content-length');
  return { ms, status: response.status, bytes: Buffer.byteLength(body), transferBytes: length === null ? null : Number(length), body };
}

/** A whole dashboard as the browser loads it: its requests together, done when the last answers. */
export async function loadPage(baseUrl: string, page: CapturedPage, perCall?: Map<string, number[]>): Promise<number> {
  const started = performance.now();
  await Promise.all(
    page.calls.map(async (call) => {
      const { ms } = await send(baseUrl, call);
      perCall?.get(call.name)?.push(ms);
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
};

/**
 * Per call, one at a time (`iterations` each, after a warm-up); the whole page by one client;
 * then `clients` clients loading the page over and over at once.
 */
export async function measurePage(baseUrl: string, page: CapturedPage, options: { iterations: number; clients: number; loadsPerClient: number }): Promise<PageResult> {
  const calls: PageResult['calls'] = [];
  for (const call of page.calls) {
    const warm = await send(baseUrl, call);
    const samples: number[] = [];
    for (let i = 0; i < options.iterations; i += 1) samples.push((await send(baseUrl, call)).ms);
    calls.push({ name: call.name, sequential: stat(samples), bytes: warm.transferBytes ?? warm.bytes });
  }
  const whole: number[] = [];
  for (let i = 0; i < options.iterations; i += 1) whole.push(await loadPage(baseUrl, page));
  const concurrent: number[] = [];
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      for (let i = 0; i < options.loadsPerClient; i += 1) concurrent.push(await loadPage(baseUrl, page));
    }),
  );
  return { account: page.account, page: page.page, calls, whole: stat(whole), concurrent: stat(concurrent) };
}
