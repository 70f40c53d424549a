/**
 * `npm run check:functions`: for every edge function, what `supabase functions deploy` would
 * upload (scripts/function-deploys.ts), type-checked by Deno from those files alone. Exits 1 when
 * any function breaks a rule or fails `deno check`. Deno's cache is node_modules/.cache/deno; new
 * npm versions Deno resolves go into supabase/functions/deno.lock.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDeploy, functionDeploys } from './function-deploys.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// Absolute: Deno runs in each function's temp dir.
const denoDir = resolve(process.env.DENO_DIR || `${root}node_modules/.cache/deno`);

let failed = 0;
const deploys = functionDeploys(root);
if (deploys.length === 0) {
  console.error('No edge functions found in supabase/functions.');
  process.exit(1);
}
for (const deploy of deploys) {
  const result = await checkDeploy(root, deploy, { denoDir, lock: 'update' });
  const map = deploy.importMap ? `${deploy.importMap} (${deploy.importMapSource})` : 'no import map';
  console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${deploy.slug}: ${deploy.entrypoint} with ${map}; uploads ${deploy.files.length} files`);
  for (const file of deploy.files) console.log(`       ${file}`);
  for (const path of deploy.missing) console.log(`       (not found, skipped by the CLI: ${path})`);
  for (const problem of result.problems) console.log(`     ✗ ${problem}`);
  console.log(`     deno check: ${result.deno.ok ? 'passed' : 'FAILED'} in ${(result.deno.ms / 1000).toFixed(1)} s`);
  if (!result.deno.ok) console.log(result.deno.output.replace(/^/gm, '       | '));
  if (!result.ok) failed++;
}
console.log(failed === 0 ? `All ${deploys.length} functions deploy by the CLI's rules.` : `${failed} of ${deploys.length} functions would not deploy.`);
process.exit(failed === 0 ? 0 : 1);
