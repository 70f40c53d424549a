/**
 * npm run soak: simulated people (creators adding videos and browsing, brands reviewing and
 * editing briefs, admins searching) against the local server in its own process, on PGlite and
 * on PostgreSQL (when DATABASE_URL is set or one answers on 127.0.0.1:5432), with the refresher
 * running. SOAK_USERS (50), SOAK_MINUTES (10), SOAK_ENGINE (pglite, postgres or both: the
 * default), SOAK_THINK_MS (2000). Fails on any error or on memory growing 10% or more after warm-up.
 */
import { postgresAvailable, type Engine } from './soak/engines';
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
  const wanted = process.env.SOAK_ENGINE || 'both';
  if (!['pglite', 'postgres', 'both'].includes(wanted)) throw new Error('SOAK_ENGINE is pglite, postgres or both');
  const engines: Engine[] = [];
  if (wanted !== 'postgres') engines.push('pglite');
  if (wanted !== 'pglite') {
    if (await postgresAvailable()) engines.push('postgres');
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

  const failures: string[] = [];
  for (const engine of engines) {
    const result = await runSoak({ engine, users, minutes, thinkMs, log: console.log }, cleanup);
    console.log(`\n${renderSoak(result)}\n`);
    if (result.errors > 0) failures.push(`${engine}: ${result.errors} errors`);
    if (result.rss.growthPercent >= maxGrowthPercent) failures.push(`${engine}: resident memory grew ${result.rss.growthPercent}% after warm-up`);
  }
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
