/**
 * What `supabase functions deploy` uploads for each edge function, reproduced by the Supabase
 * CLI's own rules, and a Deno type-check of exactly that upload (issue 30).
 *
 * The rules are those of supabase/cli (apps/cli-go): internal/functions/deploy/deploy.go
 * (GetFunctionSlugs, GetFunctionConfig), pkg/config/config.go (paths in config.toml are relative
 * to supabase/) and pkg/function/deno.go + deploy.go (the import map is uploaded, a deno.json's
 * `importMap` reference too, then every file the entrypoint reaches by the CLI's import regex).
 * `serve` picks the import map with the same GetFunctionConfig. (With Docker running, `deploy`
 * bundles locally instead, from the same entrypoint and map; the upload is the narrower view.)
 *
 * On top of the CLI's rules, this project's: a function reaches no file outside
 * supabase/functions; every bare specifier resolves through the function's import map; and
 * remote imports are `npm:` (or `node:`) only, so the npm registry is the only network the checks
 * need.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import ts from 'typescript';

export const functionsDir = 'supabase/functions';
/** Where the CLI looks last, for every function (utils.FallbackImportMapPath). */
export const fallbackImportMap = `${functionsDir}/import_map.json`;
/** Pins the npm versions of the local checks; the CLI uploads no lock file. */
export const lockFile = `${functionsDir}/deno.lock`;

/** Where the CLI found a function's import map, in its order of precedence. */
export type ImportMapSource = '--import-map' | 'config.toml' | 'deno.json' | 'deno.jsonc' | 'import_map.json' | 'fallback';

export type FunctionDeploy = {
  slug: string;
  /** Project-relative paths, as the CLI names the uploaded files. */
  entrypoint: string;
  importMap: string | null;
  importMapSource: ImportMapSource | null;
  verifyJwt: boolean;
  /** Every file uploaded: the import map (and the map a deno.json refers to), then the sources. */
  files: string[];
  /** Imports the CLI's walk found but could not read: it warns and uploads the rest. */
  missing: string[];
  /** Breaks of the rules above; any one fails the check. */
  problems: string[];
};

/** A map's `imports`, which the CLI walks with (it ignores `scopes`, as do the rules here; `deno check` honours them). */
type ImportMap = { imports: Record<string, string> };

const slugPattern = /^[A-Za-z][A-Za-z0-9_-]*$/; // utils.FuncSlugPattern

type FunctionToml = { enabled?: boolean; verify_jwt?: boolean; import_map?: string; entrypoint?: string; static_files?: string[] };

function readConfig(root: string): Record<string, FunctionToml> {
  const path = join(root, 'supabase/config.toml');
  if (!existsSync(path)) return {};
  const config = parseToml(readFileSync(path, 'utf8')) as { functions?: Record<string, FunctionToml> };
  return config.functions ?? {};
}

const isFile = (root: string, path: string) => existsSync(join(root, path)) && statSync(join(root, path)).isFile();
const isRelative = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../');
const hasScheme = (specifier: string) => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(specifier);
const isDenoConfig = (path: string) => /^deno\.jsonc?$/i.test(posix.basename(path));
/** A project-relative path the CLI can read and upload (Go's fs.ValidPath: no leading `/` or `..`). */
const insideProject = (path: string) => !path.startsWith('/') && path !== '..' && !path.startsWith('../');
const insideFunctions = (path: string) => path.startsWith(`${functionsDir}/`);

/** The CLI's (and Go's) path.Clean for the relative paths at hand: no `./`, no `a/..`. */
const clean = (path: string) => posix.normalize(path).replace(/\/$/, '');

/** resolveHostPath: a map's relative targets become relative to the project, like the files. */
function resolveHostPath(mapPath: string, target: string): string {
  if (target.startsWith('/') || hasScheme(target)) return target;
  let resolved = posix.join(posix.dirname(mapPath), target);
  if (target.endsWith('/') && !resolved.endsWith('/')) resolved += '/';
  return resolved.startsWith('/') ? resolved : `./${resolved}`;
}

function parseJsonc(root: string, path: string): Record<string, unknown> {
  const { config, error } = ts.parseConfigFileTextToJson(path, readFileSync(join(root, path), 'utf8'));
  if (error) throw new Error(`${path}: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  return (config ?? {}) as Record<string, unknown>;
}

/** ImportMap.LoadAsDeno: the files it uploads and the map it walks with. */
function loadImportMap(root: string, mapPath: string): { files: string[]; map: ImportMap } {
  const files = [mapPath];
  let json = parseJsonc(root, mapPath);
  const isReference = !json.imports && !json.scopes && typeof json.importMap === 'string';
  if (isDenoConfig(mapPath) && isReference) {
    const referenced = clean(posix.join(posix.dirname(mapPath), json.importMap as string));
    files.push(referenced);
    json = parseJsonc(root, referenced);
    mapPath = referenced;
  }
  const imports = Object.fromEntries(Object.entries((json.imports ?? {}) as Record<string, string>).map(([key, target]) => [key, resolveHostPath(mapPath, target)]));
  return { files, map: { imports } };
}

// pkg/function/deno.go's importPathPattern, as the CLI matches it (comments and all).
const importPathPattern = /(?:import|export)\s+(?:type\s+)?(?:{[^{}]+}|.*?)\s*(?:from)?\s*['"](.*?)['"]|import\(\s*['"](.*?)['"]\)/gi;

/** ImportMap.WalkImportPaths: the files the CLI uploads from the entrypoint on. */
function walkImportPaths(root: string, entrypoint: string, map: ImportMap) {
  const seen = new Set<string>();
  const files: string[] = [];
  const missing: string[] = [];
  const unreadable: string[] = [];
  const queue = [entrypoint];
  while (queue.length > 0) {
    const current = queue.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    if (!insideProject(current)) {
      unreadable.push(current); // fs.FS refuses the path: the CLI stops the deploy.
      continue;
    }
    if (!isFile(root, current)) {
      missing.push(current); // "WARN: ... no such file": the CLI goes on without it.
      continue;
    }
    files.push(current);
    for (const match of readFileSync(join(root, current), 'utf8').matchAll(importPathPattern)) {
      let module = (match[1] || match[2] || '').trim();
      let substituted = false;
      for (const [key, target] of Object.entries(map.imports)) {
        if (module.startsWith(key)) {
          module = target + module.slice(key.length);
          substituted = true;
        }
      }
      if (posix.extname(module) === '') continue; // URLs and directories: no sloppy imports.
      if (!isRelative(module) && !module.startsWith('/')) continue;
      if (isRelative(module) && !substituted) module = posix.join(posix.dirname(current), module);
      queue.push(clean(module));
    }
  }
  return { files, missing, unreadable };
}

/** Deno's import map resolution of a bare specifier (exact key, or the longest key ending in `/`). */
function mapSpecifier(map: ImportMap, specifier: string): string | undefined {
  if (specifier in map.imports) return map.imports[specifier];
  const prefix = Object.keys(map.imports)
    .filter((key) => key.endsWith('/') && specifier.startsWith(key))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? undefined : map.imports[prefix] + specifier.slice(prefix.length);
}

const sourceExtension = /\.(?:[cm]?[jt]sx?)$/;

/** The project's rules, over the real module specifiers of every uploaded source file. */
function ruleProblems(root: string, files: string[], map: ImportMap, mapPath: string | null): string[] {
  const problems: string[] = [];
  for (const file of files.filter((path) => sourceExtension.test(path))) {
    const { importedFiles, referencedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    for (const { fileName: specifier } of [...importedFiles, ...referencedFiles]) {
      const mapped = !isRelative(specifier) && !specifier.startsWith('/') ? mapSpecifier(map, specifier) : undefined;
      const target = mapped ?? specifier;
      const via = mapped === undefined ? '' : ` (mapped to ${mapped})`;
      if (isRelative(target) || target.startsWith('/')) {
        const resolved = clean(mapped === undefined ? posix.join(posix.dirname(file), target) : target);
        if (!insideFunctions(resolved)) problems.push(`${file} imports "${specifier}"${via}: ${resolved} is outside ${functionsDir}`);
      } else if (hasScheme(target)) {
        if (!/^(?:npm|node):/.test(target)) problems.push(`${file} imports "${specifier}"${via}: only npm: and node: imports (the npm registry is the only network)`);
      } else {
        problems.push(`${file} imports "${specifier}": not in the import map (${mapPath ?? 'the CLI finds none for this function'})`);
      }
    }
  }
  return problems;
}

/**
 * Every function `supabase functions deploy` (no slugs) would deploy from `root`, with what it
 * uploads. `importMapFlag` stands for `--import-map` (relative to `root`).
 */
export function functionDeploys(root: string, options: { importMapFlag?: string } = {}): FunctionDeploy[] {
  const config = readConfig(root);
  // GetFunctionSlugs: supabase/functions/*/index.ts with a valid slug, then config.toml's.
  const dirs = existsSync(join(root, functionsDir)) ? readdirNames(join(root, functionsDir)) : [];
  const slugs = [...new Set([...dirs.filter((slug) => slugPattern.test(slug) && isFile(root, `${functionsDir}/${slug}/index.ts`)), ...Object.keys(config)])].sort();
  const deploys: FunctionDeploy[] = [];
  for (const slug of slugs) {
    const settings = config[slug] ?? {};
    if (settings.enabled === false) continue; // "Skipping disabled Function"
    if (settings.static_files?.length) throw new Error(`[functions.${slug}] static_files: not reproduced by this check`);
    const entrypoint = settings.entrypoint ? clean(posix.join('supabase', settings.entrypoint)) : `${functionsDir}/${slug}/index.ts`;
    const dir = posix.dirname(entrypoint);
    // Precedence: flag > config > the function's deno.json, deno.jsonc, import_map.json > fallback.
    const candidates: [ImportMapSource, string | undefined][] = [
      ['--import-map', options.importMapFlag && clean(options.importMapFlag)],
      ['config.toml', settings.import_map && clean(posix.join('supabase', settings.import_map))],
      ['deno.json', isFile(root, `${dir}/deno.json`) ? `${dir}/deno.json` : undefined],
      ['deno.jsonc', isFile(root, `${dir}/deno.jsonc`) ? `${dir}/deno.jsonc` : undefined],
      ['import_map.json', isFile(root, `${dir}/import_map.json`) ? `${dir}/import_map.json` : undefined],
      ['fallback', isFile(root, fallbackImportMap) ? fallbackImportMap : undefined],
    ];
    const [importMapSource, importMap] = candidates.find(([, path]) => path) ?? [null, null];
    const problems: string[] = [];
    let map: ImportMap = { imports: {} };
    let mapFiles: string[] = [];
    let mapPath: string | null = null;
    if (importMap && !isFile(root, importMap)) {
      problems.push(`the import map ${importMap} (${importMapSource}) is not a file: the CLI cannot load it`);
    } else if (importMap) {
      ({ files: mapFiles, map } = loadImportMap(root, importMap));
      mapPath = mapFiles[mapFiles.length - 1];
    }
    const walked = walkImportPaths(root, entrypoint, map);
    if (walked.missing.includes(entrypoint)) problems.push(`the entrypoint ${entrypoint} does not exist`);
    for (const path of walked.unreadable) problems.push(`${path} is outside the project: the CLI cannot upload it`);
    for (const path of walked.files) if (!insideFunctions(path)) problems.push(`${path} is uploaded but lies outside ${functionsDir}`);
    problems.push(...ruleProblems(root, walked.files, map, mapPath));
    deploys.push({
      slug,
      entrypoint,
      importMap: importMap ?? null,
      importMapSource,
      verifyJwt: settings.verify_jwt ?? true,
      files: [...new Set([...mapFiles, ...walked.files])],
      missing: walked.missing,
      problems: [...new Set(problems)],
    });
  }
  return deploys;
}

function readdirNames(path: string): string[] {
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** The `deno` npm package's binary, found as its own bin script finds it. */
export const denoBinary = (): string => (createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string }).runInstall();

export type DeployCheck = { ok: boolean; problems: string[]; deno: { ok: boolean; output: string; ms: number } };

/**
 * Checks one function's upload: the rules above, then `deno check` of its entrypoint in a temp
 * dir holding only the uploaded files, with the import map the CLI picked (a deno.json as
 * `--config`, any other map as `--import-map`, no other config) and a copy of
 * supabase/functions/deno.lock for the npm versions. `lock: 'frozen'` fails on a lock that lacks
 * what the function imports; `'update'` writes what Deno adds back to the project's lock.
 */
export async function checkDeploy(
  root: string,
  deploy: FunctionDeploy,
  options: { denoDir: string; lock: 'frozen' | 'update'; deno?: string },
): Promise<DeployCheck> {
  const dir = mkdtempSync(join(tmpdir(), `viewpact-deploy-${deploy.slug}-`));
  try {
    for (const file of deploy.files.filter(insideProject)) {
      mkdirSync(join(dir, posix.dirname(file)), { recursive: true });
      copyFileSync(join(root, file), join(dir, file));
    }
    const hasLock = isFile(root, lockFile);
    if (hasLock) copyFileSync(join(root, lockFile), join(dir, 'deno.lock'));
    const mapArgs = !deploy.importMap
      ? ['--no-config']
      : isDenoConfig(deploy.importMap)
        ? [`--config=${deploy.importMap}`]
        : ['--no-config', `--import-map=${deploy.importMap}`];
    const lockArgs = hasLock ? ['--lock=deno.lock', ...(options.lock === 'frozen' ? ['--frozen'] : [])] : ['--no-lock'];
    const started = performance.now();
    const { code, output } = await run(options.deno ?? denoBinary(), ['check', ...mapArgs, ...lockArgs, deploy.entrypoint], {
      cwd: dir,
      env: { ...process.env, DENO_DIR: options.denoDir, DENO_NO_PACKAGE_JSON: '1', DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', RUST_BACKTRACE: '0' },
    });
    const ms = Math.round(performance.now() - started);
    if (code === 0 && hasLock && options.lock === 'update') {
      const updated = readFileSync(join(dir, 'deno.lock'), 'utf8');
      if (updated !== readFileSync(join(root, lockFile), 'utf8')) copyFileSync(join(dir, 'deno.lock'), join(root, lockFile));
    }
    const deno = { ok: code === 0, output: output.split(dir).join('<upload>'), ms };
    return { ok: deploy.problems.length === 0 && deno.ok, problems: deploy.problems, deno };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}
