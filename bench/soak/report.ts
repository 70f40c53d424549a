import type { Engine } from './engines';

/** The bound: resident memory may not grow by this much, in percent, after warm-up. */
export const maxGrowthPercent = 10;

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
  /** Resident memory of the server's process: the median of the samples just after warm-up, and of the last ones. */
  rss: { startMb: number; endMb: number; growthPercent: number; peakMb: number };
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
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
};

const engineName: Record<Engine, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** The soak's figures as a Markdown table, for the terminal and docs/performance.md alike. */
export function renderSoak(result: SoakResult): string {
  const { users, rss } = result;
  const people = users.creators + users.brands + users.admins;
  return [
    `### ${engineName[result.engine]}: ${people} people (${users.creators} creators, ${users.brands} brands, ${users.admins} admins), ${result.minutes} min`,
    '',
    `Requests served: ${result.requests.toLocaleString('en')} (${Math.round(result.requests / result.seconds)} a second). Errors: ${result.errors}. ` +
      `Server resident memory after warm-up ${rss.startMb} MB, at the end ${rss.endMb} MB (${rss.growthPercent >= 0 ? '+' : ''}${rss.growthPercent}%), peak ${rss.peakMb} MB. ` +
      `Refresher: ${result.refresher.remeasured.toLocaleString('en')} of ${result.refresher.backlog.toLocaleString('en')} due videos re-measured.`,
    '',
    '| action | done | errors | p50 | p95 |',
    '|---|---|---|---|---|',
    ...result.actions.map((a) => `| ${a.name} | ${a.count.toLocaleString('en')} | ${a.errors} | ${a.p50} ms | ${a.p95} ms |`),
    ...(result.errorSamples.length ? ['', 'First errors:', ...result.errorSamples.map((line) => `- ${line}`)] : []),
  ].join('\n');
}
