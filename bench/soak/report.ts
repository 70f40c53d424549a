import type { Engine } from './engines';

/**
 * The soak's bound: after warm-up, the memory the server still holds after a full garbage
 * collection may not grow by this much, in percent, along its trend over the measured run.
 */
export const maxGrowthPercent = 10;

/** One look at the server's memory: seconds into the run, live (after a full collection) and resident megabytes. */
export type MemorySample = { at: number; liveMb: number; rssMb: number };

export type MemoryFigures = {
  /** Live memory on the trend line where measuring began (after warm-up) and where it ended. */
  startMb: number;
  endMb: number;
  growthPercent: number;
  /** The trend's slope. */
  mbPerMinute: number;
  samples: number;
  /** The largest resident size seen, warm-up included. */
  peakRssMb: number;
};

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * How live memory moved over the measured part of a run (the samples from `fromSecond` on): the
 * Theil–Sen line — the median of the slopes between every two samples — so that one sample
 * taken while a burst of requests was in flight cannot tilt it, as it could tilt a comparison
 * of two points. Growth is the line's rise over the measured time, in percent of where it began.
 */
export function memoryTrend(samples: MemorySample[], fromSecond: number): MemoryFigures {
  const measured = samples.filter((sample) => sample.at >= fromSecond);
  const peakRssMb = Math.max(0, ...samples.map((sample) => sample.rssMb));
  if (measured.length < 2) return { startMb: measured[0]?.liveMb ?? 0, endMb: measured[0]?.liveMb ?? 0, growthPercent: 0, mbPerMinute: 0, samples: measured.length, peakRssMb };
  const slopes: number[] = [];
  for (let i = 0; i < measured.length; i += 1)
    for (let j = i + 1; j < measured.length; j += 1)
      if (measured[j].at > measured[i].at) slopes.push((measured[j].liveMb - measured[i].liveMb) / (measured[j].at - measured[i].at));
  const slope = median(slopes);
  const intercept = median(measured.map((sample) => sample.liveMb - slope * sample.at));
  const startMb = intercept + slope * measured[0].at;
  const endMb = intercept + slope * measured.at(-1)!.at;
  return {
    startMb: round1(startMb),
    endMb: round1(endMb),
    growthPercent: startMb > 0 ? round1(((endMb - startMb) / startMb) * 100) : 0,
    mbPerMinute: round1(slope * 60),
    samples: measured.length,
    peakRssMb: round1(peakRssMb),
  };
}

export type ActionFigures = { name: string; count: number; errors: number; p50: number; p95: number };

export type SoakResult = {
  engine: Engine;
  users: { creators: number; brands: number; admins: number };
  /** Minutes of load, warm-up included. */
  minutes: number;
  seconds: number;
  setupSeconds: number;
  requests: number;
  errors: number;
  /** The first few errors, as seen. */
  errorSamples: string[];
  actions: ActionFigures[];
  /** The server's memory after warm-up, judged by its trend (memoryTrend). */
  memory: MemoryFigures;
  /** Kilobytes kept per request on purpose (the leak the soak must catch), or 0. */
  leakKb: number;
  /** The backlog of due videos the refresher had, and how many of them it measured during the soak. */
  refresher: { backlog: number; remeasured: number };
};

/** Records how long each action took and whether it failed. */
export class ActionLog {
  private readonly times = new Map<string, number[]>();
  private readonly failures = new Map<string, number>();
  readonly samples: string[] = [];

  record(name: string, ms: number, failure?: string) {
    const times = this.times.get(name) ?? [];
    times.push(ms);
    this.times.set(name, times);
    if (failure === undefined) return;
    this.failures.set(name, (this.failures.get(name) ?? 0) + 1);
    if (this.samples.length < 10) this.samples.push(`${name}: ${failure}`);
  }

  get errors() {
    return [...this.failures.values()].reduce((sum, n) => sum + n, 0);
  }

  figures(): ActionFigures[] {
    return [...this.times.entries()]
      .map(([name, times]) => {
        const sorted = [...times].sort((a, b) => a - b);
        const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
        return { name, count: sorted.length, errors: this.failures.get(name) ?? 0, p50: at(0.5), p95: at(0.95) };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const engineName: Record<Engine, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** The soak's figures as a Markdown table, for the terminal and docs/performance.md alike. */
export function renderSoak(result: SoakResult): string {
  const { users, memory } = result;
  const people = users.creators + users.brands + users.admins;
  return [
    `### ${engineName[result.engine]}: ${people} people (${users.creators} creators, ${users.brands} brands, ${users.admins} admins), ${result.minutes} min`,
    '',
    `Requests served: ${result.requests.toLocaleString('en')} (${Math.round(result.requests / result.seconds)} a second). Errors: ${result.errors}. ` +
      `Server memory after a full garbage collection, along its trend from warm-up to the end: ${memory.startMb} MB to ${memory.endMb} MB ` +
      `(${memory.growthPercent >= 0 ? '+' : ''}${memory.growthPercent}%, ${memory.mbPerMinute} MB a minute, ${memory.samples} samples); resident peak ${memory.peakRssMb} MB. ` +
      (result.leakKb ? `A leak of ${result.leakKb} KB a request was injected on purpose. ` : '') +
      `Refresher: ${result.refresher.remeasured.toLocaleString('en')} of ${result.refresher.backlog.toLocaleString('en')} due videos re-measured.`,
    '',
    '| action | done | errors | p50 | p95 |',
    '|---|---|---|---|---|',
    ...result.actions.map((a) => `| ${a.name} | ${a.count.toLocaleString('en')} | ${a.errors} | ${a.p50} ms | ${a.p95} ms |`),
    ...(result.errorSamples.length ? ['', 'First errors:', ...result.errorSamples.map((line) => `- ${line}`)] : []),
  ].join('\n');
}
