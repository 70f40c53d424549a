/**
 * npm run soak: simulated people (creators adding videos and browsing, brands reviewing and
 * editing briefs, admins searching) against the local server in its own process, on PGlite and
 * on PostgreSQL (when DATABASE_URL is set or one answers on 127.0.0.1:5432), with the refresher
 * running. SOAK_USERS (50), SOAK_MINUTES (10), SOAK_ENGINE (pglite, postgres or both: the
 * default), SOAK_THINK_MS (2000), SOAK_WARMUP_SECONDS (a quarter of the run, at most 60). Fails on
 * any error or on the server's memory after a full garbage collection growing 10% or more along its
 * trend after warm-up. SOAK_LEAK_KB=50 injects a leak of 50 KB a request on purpose: then it must fail.
 * SOAK_RUNS=20 repeats the whole soak and lists each run's memory growth (the proof that it never fails by chance).
 */
import { sweepScratchDatabases } from '../tests/scratch-databases';
import { postgresAvailable, postgresBase, type Engine } from './soak/engines';
import { maxGrowthPercent, renderSoak } from './soak/report';
import { runSoak } from './soak/run-soak';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] || fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number`);
  return value;
};

async function main() {
  const users = Math.round(number('SOAK_USERS', 50));
  const minutes = number('SOAK_MINUTES', 10);
  const thinkMs = number('SOAK_THINK_MS', 2000);
  const warmupMs = number('SOAK_WARMUP_SECONDS', Math.min(60, (minutes * 60) / 4)) * 1000;
  const leakKb = process.env.SOAK_LEAK_KB ? number('SOAK_LEAK_KB', 0) : undefined;
  const wanted = process.env.SOAK_ENGINE || 'both';
  if (!['pglite', 'postgres', 'both'].includes(wanted)) throw new Error('SOAK_ENGINE is pglite, postgres or both');
  const engines: Engine[] = [];
  if (wanted !== 'postgres') engines.push('pglite');
  if (wanted !== 'pglite') {
    if (await postgresAvailable()) {
      engines.push('postgres');
      // What an interrupted soak (or test run) left behind.
      const swept = await sweepScratchDatabases(postgresBase().href);
      if (swept.length) console.log(`Dropped ${swept.length} database(s) an interrupted run left: ${swept.join(', ')}`);
    }
    else if (wanted === 'postgres') throw new Error('No PostgreSQL answers at DATABASE_URL or 127.0.0.1:5432');
    else console.log('No PostgreSQL at DATABASE_URL or 127.0.0.1:5432: the soak runs on PGlite only.');
  }

  // Ctrl-C: the server stops with us (same process group); its database or folder is removed.
  const cleanup = new Set<() => Promise<void>>();
  const interrupted = async () => {
    for (const step of [...cleanup].reverse()) await step().catch(() => undefined);
    process.exit(130);
  };
  process.once('SIGINT', () => void interrupted());
  process.once('SIGTERM', () => void interrupted());

  const runs = Math.round(number('SOAK_RUNS', 1));
  const failures: string[] = [];
  const growths: Record<string, number[]> = {};
  for (let run = 1; run <= runs; run += 1) {
    for (const engine of engines) {
      const result = await runSoak({ engine, users, minutes, thinkMs, warmupMs, leakKb, log: console.log }, cleanup);
      console.log(`\n${renderSoak(result)}\n`);
      const which = runs > 1 ? `${engine} run ${run}` : engine;
      (growths[engine] ??= []).push(result.memory.growthPercent);
      if (result.errors > 0) failures.push(`${which}: ${result.errors} errors`);
      if (result.memory.growthPercent >= maxGrowthPercent) failures.push(`${which}: memory grew ${result.memory.growthPercent}% along its trend after warm-up`);
    }
  }
  if (runs > 1) for (const [engine, list] of Object.entries(growths)) console.log(`${engine}: memory growth over ${list.length} runs: ${list.map((g) => `${g}%`).join(', ')} (largest ${Math.max(...list)}%)`);
  if (failures.length) {
    console.error(`Soak failed: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('Soak passed: no errors, memory steady.');
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
