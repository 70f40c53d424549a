/**
 * Issue 30: what `supabase functions deploy` uploads for each edge function (the CLI's rules,
 * reproduced in scripts/function-deploys.ts), type-checked by Deno from those files alone.
 * The first part checks this repository's five functions; the second proves, on small projects
 * made in a temp dir, that the check fails what the CLI would not deploy.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDeploy, functionDeploys, type FunctionDeploy } from '../../scripts/function-deploys';
import { functionsWithoutJwt } from '../../server/functions/registry';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const denoDir = join(repo, 'node_modules/.cache/deno');
const functionNames = ['send-emails', 'tiktok-auth', 'tiktok-refresh', 'tiktok-scraper', 'tiktok-webhook'];
// A cold DENO_DIR downloads supabase-js, zod and nodemailer from npm first (on a fresh clone, in `npm test`).
// `npm test` runs this file rather than `npm run check:functions`: the same deno check, lock frozen.
const denoTimeout = 120_000;

describe('supabase functions deploy, from this repository', () => {
  const deploys = functionDeploys(repo);
  const deployOf = (slug: string) => deploys.find((deploy) => deploy.slug === slug)!;

  it('deploys the five functions, each with the import map config.toml names for it, and verify_jwt off exactly where the local backend skips the JWT check', () => {
    expect(deploys.map(({ slug, importMap, importMapSource, verifyJwt }) => ({ slug, importMap, importMapSource, verifyJwt }))).toEqual(
      functionNames.map((slug) => ({ slug, importMap: 'supabase/functions/import_map.json', importMapSource: 'config.toml', verifyJwt: !functionsWithoutJwt.includes(slug) })),
    );
  });

  it('uploads the map, the entrypoint and the shared code it reaches, all inside supabase/functions', () => {
    for (const deploy of deploys) {
      expect(deploy.files.slice(0, 2), deploy.slug).toEqual(['supabase/functions/import_map.json', `supabase/functions/${deploy.slug}/index.ts`]);
      expect(deploy.files, deploy.slug).toEqual(
        expect.arrayContaining([`supabase/functions/_shared/${deploy.slug}.ts`, 'supabase/functions/_shared/handler.ts', 'supabase/functions/_shared/api-keys.ts']),
      );
      expect(deploy.files.filter((file) => !file.startsWith('supabase/functions/')), deploy.slug).toEqual([]);
      expect(deploy.files.filter((file) => file.endsWith('.test.ts')), deploy.slug).toEqual([]);
      expect(deploy.missing, deploy.slug).toEqual([]);
      expect(deploy.problems, deploy.slug).toEqual([]);
    }
  });

  it.each(functionNames)(
    '%s type-checks on Deno from its uploaded files alone',
    async (slug) => {
      const result = await checkDeploy(repo, deployOf(slug), { denoDir, lock: 'frozen' });
      expect(result.problems).toEqual([]);
      expect(result.deno.ok, result.deno.output).toBe(true);
      expect(result.ok).toBe(true);
    },
    denoTimeout,
  );
});

// Each case runs `deno check`, which takes longer than the default 5 s on a busy machine.
describe('the deploy check fails what the CLI would not deploy', { timeout: denoTimeout }, () => {
  const projects: string[] = [];
  afterEach(() => {
    for (const root of projects.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  /** A project in a temp dir: path → content. */
  function project(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'viewpact-deploy-test-'));
    projects.push(root);
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    return root;
  }
  const check = (root: string, deploy: FunctionDeploy) => checkDeploy(root, deploy, { denoDir, lock: 'frozen' });
  const configNaming = (map: string, ...slugs: string[]) => slugs.map((slug) => `[functions.${slug}]\nimport_map = "${map}"\n`).join('\n');
  const usesZod = "import { z } from 'zod';\nexport const name = z.string();\n";

  it('issue 30: a map in supabase/functions/deno.json is no map, so "zod" is not a dependency', async () => {
    const root = project({
      'supabase/functions/deno.json': JSON.stringify({ imports: { zod: 'npm:zod@4' } }),
      'supabase/functions/hello/index.ts': usesZod,
    });
    const [deploy] = functionDeploys(root);
    expect(deploy).toMatchObject({ slug: 'hello', importMap: null, files: ['supabase/functions/hello/index.ts'] });
    expect(deploy.problems).toEqual(['supabase/functions/hello/index.ts imports "zod": not in the import map (the CLI finds none for this function)']);
    const result = await check(root, deploy);
    expect(result.ok).toBe(false);
    expect(result.deno.ok).toBe(false);
    expect(result.deno.output).toContain('Import "zod" not a dependency');
  });

  it('fails a bare specifier the function’s map does not resolve', async () => {
    const root = project({
      'supabase/config.toml': configNaming('./functions/import_map.json', 'hello'),
      'supabase/functions/import_map.json': JSON.stringify({ imports: { zod: 'npm:zod@4' } }),
      'supabase/functions/hello/index.ts': "import leftPad from 'left-pad';\nexport const padded = leftPad('1', 2);\n",
    });
    const [deploy] = functionDeploys(root);
    expect(deploy).toMatchObject({ importMap: 'supabase/functions/import_map.json', importMapSource: 'config.toml' });
    expect(deploy.problems).toEqual(['supabase/functions/hello/index.ts imports "left-pad": not in the import map (supabase/functions/import_map.json)']);
    const result = await check(root, deploy);
    expect(result.ok).toBe(false);
    expect(result.deno.output).toContain('Import "left-pad" not a dependency');
  });

  it('fails a function that reaches a file outside supabase/functions, which the CLI would upload and Deno would accept', async () => {
    const root = project({
      'src/lib/helper.ts': 'export const helper = 1;\n',
      'supabase/functions/hello/index.ts': "import { helper } from '../../../src/lib/helper.ts';\nexport const value = helper;\n",
    });
    const [deploy] = functionDeploys(root);
    expect(deploy.files).toEqual(['supabase/functions/hello/index.ts', 'src/lib/helper.ts']);
    expect(deploy.problems).toEqual([
      'src/lib/helper.ts is uploaded but lies outside supabase/functions',
      'supabase/functions/hello/index.ts imports "../../../src/lib/helper.ts": src/lib/helper.ts is outside supabase/functions',
    ]);
    const result = await check(root, deploy);
    expect(result.deno.ok, result.deno.output).toBe(true);
    expect(result.ok).toBe(false);
  });

  it('fails an outside file reached through the import map, and one beyond the project the CLI cannot read', () => {
    const root = project({
      'supabase/config.toml': configNaming('./functions/import_map.json', 'mapped', 'beyond'),
      'supabase/functions/import_map.json': JSON.stringify({ imports: { '@lib/': '../../src/lib/' } }),
      'src/lib/helper.ts': 'export const helper = 1;\n',
      'supabase/functions/mapped/index.ts': "import { helper } from '@lib/helper.ts';\nexport const value = helper;\n",
      'supabase/functions/beyond/index.ts': "import { other } from '../../../../other.ts';\nexport const value = other;\n",
    });
    const [beyond, mapped] = functionDeploys(root);
    expect(mapped.files).toEqual(['supabase/functions/import_map.json', 'supabase/functions/mapped/index.ts', 'src/lib/helper.ts']);
    expect(mapped.problems).toEqual([
      'src/lib/helper.ts is uploaded but lies outside supabase/functions',
      'supabase/functions/mapped/index.ts imports "@lib/helper.ts" (mapped to ./src/lib/helper.ts): src/lib/helper.ts is outside supabase/functions',
    ]);
    expect(beyond.problems).toEqual([
      '../other.ts is outside the project: the CLI cannot upload it',
      'supabase/functions/beyond/index.ts imports "../../../../other.ts": ../other.ts is outside supabase/functions',
    ]);
  });

  it('fails a file Deno needs but the CLI’s walk does not upload (checked where only the upload is)', async () => {
    const root = project({
      'supabase/functions/_shared/globals.d.ts': 'type Shared = number;\n',
      'supabase/functions/hello/index.ts': '/// <reference path="../_shared/globals.d.ts" />\nexport const value: Shared = 1;\n',
    });
    const [deploy] = functionDeploys(root);
    expect(deploy.files).toEqual(['supabase/functions/hello/index.ts']);
    expect(deploy.problems).toEqual([]);
    const result = await check(root, deploy);
    expect(result.ok).toBe(false);
    expect(result.deno.output).toContain("Cannot find module 'file://<upload>/supabase/functions/_shared/globals.d.ts'");
  });

  it('fails remote imports other than npm: and node:', () => {
    const root = project({
      'supabase/config.toml': configNaming('./functions/import_map.json', 'hello'),
      'supabase/functions/import_map.json': JSON.stringify({ imports: { '@std/assert': 'jsr:@std/assert@1' } }),
      'supabase/functions/hello/index.ts': "import { assert } from '@std/assert';\nimport { lookup } from 'node:dns/promises';\nimport { z } from 'npm:zod@4';\nexport { assert, lookup, z };\n",
    });
    expect(functionDeploys(root)[0].problems).toEqual([
      'supabase/functions/hello/index.ts imports "@std/assert" (mapped to jsr:@std/assert@1): only npm: and node: imports (the npm registry is the only network)',
    ]);
  });
});

describe('the import map the CLI picks for a function', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('follows --import-map, config.toml, the function’s deno.json, deno.jsonc, import_map.json, then supabase/functions/import_map.json', () => {
    root = mkdtempSync(join(tmpdir(), 'viewpact-deploy-test-'));
    const files: Record<string, string> = {
      'supabase/config.toml': [
        '[functions.configured]\nimport_map = "./maps/shared.json"\n',
        '[functions.off]\nenabled = false\n',
        '[functions.elsewhere]\nentrypoint = "./functions/_shared/elsewhere.ts"\n',
      ].join('\n'),
      'supabase/maps/shared.json': '{"imports":{}}',
      'supabase/functions/import_map.json': '{"imports":{}}',
      'supabase/functions/configured/deno.json': '{"imports":{}}',
      'supabase/functions/own-deno/deno.json': '{"imports":{}}',
      'supabase/functions/own-deno/import_map.json': '{"imports":{}}',
      'supabase/functions/own-jsonc/deno.jsonc': '// comments are allowed\n{"imports":{},}',
      'supabase/functions/own-map/import_map.json': '{"imports":{}}',
      'supabase/functions/referring/deno.json': '{"importMap":"../import_map.json"}',
      'supabase/functions/_shared/elsewhere.ts': 'export {};\n',
    };
    for (const slug of ['configured', 'off', 'own-deno', 'own-jsonc', 'own-map', 'referring', 'plain', '_private']) files[`supabase/functions/${slug}/index.ts`] = 'export {};\n';
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    const picked = (deploys: FunctionDeploy[]) => Object.fromEntries(deploys.map((deploy) => [deploy.slug, [deploy.importMapSource, deploy.importMap]]));
    expect(picked(functionDeploys(root))).toEqual({
      configured: ['config.toml', 'supabase/maps/shared.json'],
      elsewhere: ['fallback', 'supabase/functions/import_map.json'],
      'own-deno': ['deno.json', 'supabase/functions/own-deno/deno.json'],
      'own-jsonc': ['deno.jsonc', 'supabase/functions/own-jsonc/deno.jsonc'],
      'own-map': ['import_map.json', 'supabase/functions/own-map/import_map.json'],
      plain: ['fallback', 'supabase/functions/import_map.json'],
      referring: ['deno.json', 'supabase/functions/referring/deno.json'],
    });
    const deploys = functionDeploys(root);
    expect(deploys.find((deploy) => deploy.slug === 'elsewhere')!.entrypoint).toBe('supabase/functions/_shared/elsewhere.ts');
    expect(deploys.find((deploy) => deploy.slug === 'referring')!.files).toEqual([
      'supabase/functions/referring/deno.json',
      'supabase/functions/import_map.json',
      'supabase/functions/referring/index.ts',
    ]);
    expect(new Set(Object.values(picked(functionDeploys(root, { importMapFlag: 'supabase/maps/shared.json' }))).map(String))).toEqual(
      new Set(['--import-map,supabase/maps/shared.json']),
    );
  });
});
