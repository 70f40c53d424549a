/**
 * Measures a running ViewPact in Chromium and prints the results as JSON, then the waterfalls.
 *   BASE_URL=http://127.0.0.1:5199 RUNS=3 [QUICK=1] [ADMIN_PASSWORD=...] node --import tsx bench/browser/run-standalone.ts
 * CPU_SLOWDOWN (default 4) sets the CPU throttling rate. The creator and brand use the demo accounts; the admin is measured only when ADMIN_PASSWORD is set.
 */
import { measurePages, renderWaterfall, type Account } from './measure';

const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:5199';
const accounts: Account[] = [
  { role: 'creator', email: process.env.CREATOR_EMAIL ?? 'creator@demo.viewpact.test', password: process.env.CREATOR_PASSWORD ?? 'creator-demo' },
  { role: 'brand', email: process.env.BRAND_EMAIL ?? 'brand@demo.viewpact.test', password: process.env.BRAND_PASSWORD ?? 'brand-demo' },
];
if (process.env.ADMIN_PASSWORD) accounts.push({ role: 'admin', email: process.env.ADMIN_EMAIL ?? 'admin@demo.viewpact.test', password: process.env.ADMIN_PASSWORD });

const started = Date.now();
const results = await measurePages({
  baseUrl,
  accounts,
  runs: process.env.RUNS ? Number(process.env.RUNS) : undefined,
  quick: process.env.QUICK === '1',
  cpuSlowdown: process.env.CPU_SLOWDOWN ? Number(process.env.CPU_SLOWDOWN) : undefined,
  log: (message) => console.error(message),
});
const seconds = ((Date.now() - started) / 1000).toFixed(1);

console.log(JSON.stringify(results.map(({ requests, ...summary }) => ({ ...summary, requests: requests.length })), null, 2));
for (const result of results) console.log(`\n${renderWaterfall(result)}`);
console.log(`\n${results.length} pages measured in ${seconds} s`);
