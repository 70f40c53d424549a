/**
 * Issue 17: the soak's one-minute version (npm run soak runs 50 people for 10 minutes). A dozen
 * simulated people use the SPA's own fetchers against the server in its own process, on PGlite,
 * with the refresher re-measuring a backlog: nothing may fail, every kind of
 * action must have happened, and the server's memory after a full garbage collection may not grow
 * along its trend after warm-up (bench/soak/report.ts, memoryTrend: the same criterion as npm run soak).
 *
 * It runs once per `npm test`, on PGlite (issue 32: a minute of each engine's suite went to it): the
 * engine `npm start` ships with, where the server's memory holds the database's too. The server's
 * own code is the same on PostgreSQL, whose memory lives in another process the soak cannot weigh;
 * `SOAK_ENGINE=postgres npm run soak` soaks it (docs/performance.md § Soak).
 *
 * Its own vitest project (soak): a minute and a half mostly waiting on its people's think time, it
 * runs beside the static checks and the unit tests in `npm test` (issue 32), rather than holding
 * one of the integration suite's two workers; `npm run test:integration` runs it too.
 */
import { expect, it } from 'vitest';
import { creatorActions, brandActions, adminActions } from '../../bench/soak/people';
import { maxGrowthPercent, renderSoak } from '../../bench/soak/report';
import { runSoak } from '../../bench/soak/run-soak';

it('serves a dozen people for a minute on PGlite without an error or growing memory (once per run, where the memory includes the database)', async () => {
  // A sample every 1.5 s: beside the static checks and the unit tests a full collection takes longer,
  // and at 2 s the measured half held 14 samples, near the 10 the trend needs.
  const result = await runSoak({ engine: 'pglite', users: 12, minutes: 1, thinkMs: 1500, warmupMs: 30_000, sampleEverySeconds: 1.5 });
  console.log(renderSoak(result));

  expect(result.errorSamples).toEqual([]);
  expect(result.errors).toBe(0);
  expect(result.actions.map((action) => action.name)).toEqual(expect.arrayContaining([...creatorActions, ...brandActions, ...adminActions].map((action) => action.name)));
  expect(result.requests).toBeGreaterThan(200);
  expect(result.refresher.remeasured, 'the refresher ran during the soak').toBeGreaterThan(0);
  expect(result.memory.samples, 'memory was sampled throughout the measured half').toBeGreaterThanOrEqual(10);
  expect(result.memory.growthPercent).toBeLessThan(maxGrowthPercent);
}, 300_000);
