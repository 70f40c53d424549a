/**
 * Measures a running ViewPact in Chromium and prints the results as JSON, then the waterfalls.
 *   BASE_URL=http://127.0.0.1:5199 RUNS=3 [QUICK=1] [ADMIN_PASSWORD=...] node --import tsx bench/browser/run-standalone.ts
 * CPU_SLOWDOWN (default 4) sets the CPU throttling rate. The creator and brand use the demo accounts; the admin is measured only when ADMIN_PASSWORD is set.
 * Then the first tap on the landing page (issue 33), TAP_RUNS times each way (default 5; 3 when QUICK); ONLY=tap measures only that.
 */
import { measureFirstTaps, measurePages, renderFirstTaps, renderWaterfall, type Account, type PageMeasure } from './measure';

const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:5199';
const accounts: Account[] = [
  { role: 'creator', email: process.env.CREATOR_EMAIL ?? 'creator@demo.viewpact.test', password: process.env.CREATOR_PASSWORD ?? 'creator-demo' },
  { role: 'brand', email: process.env.BRAND_EMAIL ?? 'brand@demo.viewpact.test', password: process.env.BRAND_PASSWORD ?? 'brand-demo' },
];
if (process.env.ADMIN_PASSWORD) accounts.push({ role: 'admin', email: process.env.ADMIN_EMAIL ?? 'admin@demo.viewpact.test', password: process.env.ADMIN_PASSWORD });

const started = Date.now();
const common = {
  baseUrl,
  quick: process.env.QUICK === '1',
  cpuSlowdown: process.env.CPU_SLOWDOWN ? Number(process.env.CPU_SLOWDOWN) : undefined,
  log: (message: string) => console.error(message),
};
const results: PageMeasure[] = process.env.ONLY === 'tap' ? [] : await measurePages({ ...common, accounts, runs: process.env.RUNS ? Number(process.env.RUNS) : undefined });
const taps = await measureFirstTaps({ ...common, runs: process.env.TAP_RUNS ? Number(process.env.TAP_RUNS) : undefined });
const seconds = ((Date.now() - started) / 1000).toFixed(1);

console.log(JSON.stringify({ pages: results.map(({ requests, ...summary }) => ({ ...summary, requests: requests.length })), firstTaps: taps }, null, 2));
for (const result of results) console.log(`\n${renderWaterfall(result)}`);
console.log(`\n${renderFirstTaps(taps)}`);
console.log(`\n${results.length} pages and the first tap measured in ${seconds} s`);
