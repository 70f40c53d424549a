/** mulberry32: a small deterministic generator, so that a failing run can be replayed from its seed. */
export function random(seedValue: number) {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random run on this engine: its seed and its number of requests. Given in the environment
 * (`<NAME>_SEED`, `<NAME>_REQUESTS`), they are taken as they are, to replay a run. Otherwise, where
 * the suite runs on both engines, each sends half of `total` from a seed of its own (PostgreSQL's is
 * the next one), so a run of the suite still sends `total` different requests, once each rather than
 * the same ones twice (issue 32: that took a minute and a half of the suite).
 */
export function randomRun(name: string, { seed, total }: { seed: number; total: number }): { seed: number; requests: number } {
  const given = (key: string) => (process.env[`${name}_${key}`] ? Number(process.env[`${name}_${key}`]) : undefined);
  const engines = process.env.DATABASE_URL ? 2 : 1;
  const onPostgres = process.env.TEST_DB_ENGINE === 'postgres';
  return { seed: given('SEED') ?? seed + (onPostgres ? 1 : 0), requests: given('REQUESTS') ?? Math.ceil(total / engines) };
}
