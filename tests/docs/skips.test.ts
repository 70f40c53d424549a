/**
 * Issue 32: a test that is skipped says why in its name; none is skipped without a condition.
 * Conditional tests run on one engine only, and their names say which and why.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '../..');

async function testFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const dir of ['tests', 'src', 'server', 'bench', 'supabase/functions']) {
    for (const entry of await readdir(join(repoRoot, dir), { recursive: true })) {
      if (/\.(test|spec)\.tsx?$/.test(entry) && !entry.includes('node_modules')) files.push(join(dir, entry));
    }
  }
  return files;
}

it('skips only on a condition, with the reason in the name', async () => {
  const unexplained: string[] = [];
  for (const file of await testFiles()) {
    const text = await readFile(join(repoRoot, file), 'utf8');
    // it.skip / describe.skip / test.skip / .todo / .fixme, unconditionally: never.
    for (const match of text.matchAll(/\b(?:it|describe|test)\.(?:skip|todo|fixme)\(\s*(['"`])/g)) unexplained.push(`${file}: ${match[0]}`);
    // A condition (runIf, skipIf, or `? it : it.skip`): its name says "only" and why, in brackets.
    for (const match of text.matchAll(/\b(?:it|describe|test)\.(?:runIf|skipIf)\([^)]*\)\(\s*(['"`])(.*?)\1/g)) {
      if (!/\([^)]*\bonly\b[^)]*:[^)]+\)/.test(match[2])) unexplained.push(`${file}: ${match[2]}`);
    }
    for (const match of text.matchAll(/const (\w+) = [^;]*\? it : it\.skip;/g)) {
      for (const use of text.matchAll(new RegExp(`\\b${match[1]}\\(\\s*(['"\`])(.*?)\\1`, 'g'))) {
        if (!/\([^)]*\bonly\b[^)]*:[^)]+\)/.test(use[2])) unexplained.push(`${file}: ${use[2]}`);
      }
    }
  }
  expect(unexplained).toEqual([]);
});
