import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';
import { chooseEncoding, compress, type Encoding } from './compression';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Text worth compressing; images and fonts are compressed already. */
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest']);

/** Below this many bytes compression saves less than it costs. */
const minimumBytes = 1024;

type FileInfo = { path: string; mtimeMs: number; size: number };

async function fileInfo(path: string): Promise<FileInfo | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? { path, mtimeMs: info.mtimeMs, size: info.size } : undefined;
  } catch {
    return undefined;
  }
}

async function fileAt(root: string, path: string): Promise<FileInfo | undefined> {
  const target = normalize(join(root, decodeURIComponent(path)));
  if (target !== root && !target.startsWith(root + sep)) return undefined;
  return fileInfo(target);
}

type Bytes = Uint8Array<ArrayBuffer>;

type Variant = { mtimeMs: number; size: number; body: Promise<Bytes> };

const read = async (path: string): Promise<Bytes> => new Uint8Array(await readFile(path));

/**
 * A file's bytes, plain or encoded, kept in memory while the file is unchanged. An
 * encoded copy the build wrote beside it (name.br, name.gz: vite.config.ts) is used
 * as it is; otherwise the file is compressed once, on its first request.
 */
class FileCache {
  private readonly variants = new Map<string, Variant>();

  get(file: FileInfo, encoding: Encoding | undefined): Promise<Bytes> {
    const key = `${encoding ?? 'identity'}:${file.path}`;
    const kept = this.variants.get(key);
    if (kept && kept.mtimeMs === file.mtimeMs && kept.size === file.size) return kept.body;
    const body = this.load(file, encoding);
    this.variants.set(key, { mtimeMs: file.mtimeMs, size: file.size, body });
    // A failed read is not kept: the next request tries again.
    body.catch(() => this.variants.delete(key));
    return body;
  }

  private async load(file: FileInfo, encoding: Encoding | undefined): Promise<Bytes> {
    if (!encoding) return read(file.path);
    const sibling = await fileInfo(`${file.path}.${encoding === 'br' ? 'br' : 'gz'}`);
    if (sibling && sibling.mtimeMs >= file.mtimeMs) return read(sibling.path);
    return compress(await read(file.path), encoding, 'once');
  }
}

/** What the browser needs before the app's first script runs, written into index.html. */
export type PageData = {
  /** The SPA's runtime configuration (the same JSON as /config.json). */
  config(c: Context): unknown;
  /** Origins besides its own that the page talks to (the Supabase API when it is elsewhere). */
  connectTo?: string[];
};

/** The base64 SHA-256 of every inline script the browser would run (not JSON data blocks). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.push(createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return hashes;
}

/**
 * The pages' Content-Security-Policy: scripts only from this origin or inline ones whose hash
 * the policy names (the theme snippet), no plug-ins, no framing by others; images from
 * anywhere over https (TikTok's thumbnails), frames of TikTok's player.
 */
export function pagePolicy(html: string, connectTo: string[] = []): string {
  const scripts = inlineScriptHashes(html).map((hash) => `'sha256-${hash}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scripts].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectTo].join(' '),
    "frame-src 'self' https://www.tiktok.com",
    "media-src 'self' blob: https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** JSON that is safe inside a <script> element: no "<" can end it early. */
export const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The data module of each dashboard page that has one (the router starts it as the app starts: src/app/router.tsx). */
const dataModules: Record<string, string[]> = {
  '/dashboard/creator': ['src/app/routes/dashboard/creator-dashboard-data.ts'],
  '/dashboard/brand': ['src/app/routes/dashboard/brand-dashboard-data.ts'],
  '/dashboard/admin': ['src/app/routes/dashboard/admin-dashboard-data.ts'],
  '/dashboard/videos': ['src/features/videos/pages/videos-page-data.ts'],
  // /dashboard leads to the user's own dashboard: both.
  '/dashboard': ['src/app/routes/dashboard/creator-dashboard-data.ts', 'src/app/routes/dashboard/brand-dashboard-data.ts'],
};

/**
 * The chunks of a dashboard page's data module and everything they import, read from the
 * build's manifest. Asked for with the page, they arrive beside the app's own script, so the
 * data requests leave with the profile instead of one chunk round trip after it.
 */
export function dashboardPreloads(manifest: Manifest, path: string): string[] {
  const modules = dataModules[path.length > 1 ? path.replace(/\/+$/, '') : path] ?? [];
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(add);
  };
  modules.forEach(add);
  return [...files];
}

/**
 * Whether the app draws a page at `path` rather than its 404 page, as its router matches a path
 * (react-router: any case, trailing slashes ignored, `:name` one segment, `*` the rest). The
 * app's paths are the ones the build listed (scripts/prerender.ts); without that list, every
 * path is taken for the app's.
 */
export function isAppPath(appPaths: string[] | undefined, path: string): boolean {
  if (!appPaths) return true;
  const segments = (value: string) => value.toLowerCase().replace(/\/+$/, '').split('/');
  const asked = segments(path);
  const matches = (part: string, index: number) => (part.startsWith(':') ? Boolean(asked[index]) : part === asked[index]);
  return appPaths.some((pattern) => {
    const wanted = segments(pattern);
    if (wanted.at(-1) === '*') return asked.length >= wanted.length - 1 && wanted.slice(0, -1).every(matches);
    return wanted.length === asked.length && wanted.every(matches);
  });
}

async function readAppPaths(file: string): Promise<string[] | undefined> {
  try {
    const paths: unknown = JSON.parse(await readFile(file, 'utf8'));
    return Array.isArray(paths) && paths.every((path) => typeof path === 'string') ? paths : undefined;
  } catch {
    return undefined;
  }
}

async function readManifest(root: string): Promise<Manifest> {
  try {
    return JSON.parse(await readFile(join(root, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/** The page with the app's configuration inlined, so that it starts without asking for /config.json. */
function withConfig(html: string, config: unknown, preloads: string[] = []): string {
  const links = preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">\n    `).join('');
  const tag = `${links}<script type="application/json" id="viewpact-config">${scriptSafeJson(config)}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `    ${tag}\n  </head>`) : `${tag}${html}`;
}

/**
 * The file of a dashboard page's frame drawn at build time in `language` (scripts/prerender.ts:
 * 'shell.dashboard.creator.en.html' for /dashboard/creator), sent in place of index.html for
 * that page so that the frame shows before the app has loaded (issue 33).
 */
export const shellPageName = (path: string, language: 'en' | 'th') => `shell${path.toLowerCase().replace(/\/+$/, '').replace(/\//g, '.')}.${language}.html`;

/** A path under /dashboard, where a frame drawn at build time may be waiting (shellPageName). */
const dashboardPage = /^\/dashboard(\/[a-z-]+)?\/*$/i;

/**
 * The language to send the landing page or the 404 page in (drawn at build time in each: scripts/prerender.ts):
 * the one chosen in the app (its cookie), else Thai for a browser that asks for Thai first, as
 * the app itself decides (src/i18n). Should the app decide otherwise, it draws the page again.
 */
export function landingLanguage(c: Context): 'en' | 'th' {
  const chosen = /(?:^|;\s*)viewpact-language=(en|th)\b/.exec(c.req.header('Cookie') ?? '')?.[1];
  if (chosen === 'en' || chosen === 'th') return chosen;
  return /^\s*th\b/i.test(c.req.header('Accept-Language') ?? '') ? 'th' : 'en';
}

/**
 * Serves the built SPA: real files as they are, the app's own paths (client-side routes)
 * as index.html (/ as the landing page drawn in the visitor's language) with the runtime
 * configuration written in, any other path without a file extension as the 404 page drawn
 * in the visitor's language with HTTP 404, and a bare 404 for missing files. Text is sent
 * gzip- or brotli-encoded to clients that accept it; hashed /assets/ are cached for a
 * year, everything else revalidated.
 */
export function serveSpa(distDir: string, page: PageData) {
  const root = normalize(distDir);
  const cache = new FileCache();
  let manifest: { mtimeMs: number; chunks: Promise<Manifest> } | undefined;
  let listed: { mtimeMs: number; paths: Promise<string[] | undefined> } | undefined;

  return async (c: Context) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.json({ message: 'Not found' }, 404);
    let path: string;
    try {
      path = new URL(c.req.url).pathname;
      decodeURIComponent(path);
    } catch {
      return c.json({ message: 'Bad path' }, 400);
    }
    const accepted = chooseEncoding(c.req.header('Accept-Encoding'));
    const file = path === '/' || path === '/index.html' ? undefined : await fileAt(root, path);
    if (file) {
      const extension = extname(file.path).toLowerCase();
      const encoding = compressible.has(extension) && file.size >= minimumBytes ? accepted : undefined;
      const headers: Record<string, string> = {
        'Content-Type': types[extension] ?? 'application/octet-stream',
        'Cache-Control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
      if (compressible.has(extension)) headers.Vary = 'Accept-Encoding';
      if (encoding) headers['Content-Encoding'] = encoding;
      const body = await cache.get(file, encoding);
      headers['Content-Length'] = String(body.byteLength);
      return new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers });
    }
    if (extname(path) !== '' && path !== '/index.html') return c.text('Not found', 404);
    const index = await fileAt(root, 'index.html');
    if (!index) {
      return c.text('The app is not built yet. Run "npm run build" (npm start does it for you).', 503);
    }
    // The manifest is written with index.html: read again when index.html changes (a new build).
    if (manifest?.mtimeMs !== index.mtimeMs) manifest = { mtimeMs: index.mtimeMs, chunks: readManifest(root) };
    // The app's paths, written after it (scripts/prerender.ts): read again when the list changes.
    const list = await fileAt(root, 'app-paths.json');
    if (list && listed?.mtimeMs !== list.mtimeMs) listed = { mtimeMs: list.mtimeMs, paths: readAppPaths(list.path) };
    const appPaths = list && listed ? await listed.paths : undefined;
    const found = path === '/index.html' || isAppPath(appPaths, decodeURIComponent(path));
    // The landing page, the 404 page and the dashboards' frames are drawn at build time in each language; index.html stands in for any missing.
    const drawn =
      path === '/' ? `home.${landingLanguage(c)}.html` : !found ? `404.${landingLanguage(c)}.html` : dashboardPage.test(path) ? shellPageName(path, landingLanguage(c)) : undefined;
    const shell = (drawn && (await fileAt(root, drawn))) || index;
    const preloads = found ? dashboardPreloads(await manifest.chunks, path) : [];
    const html = new TextEncoder().encode(withConfig(new TextDecoder().decode(await cache.get(shell, undefined)), page.config(c), preloads));
    const headers: Record<string, string> = {
      'Content-Type': types['.html'],
      'Content-Security-Policy': pagePolicy(new TextDecoder().decode(html), page.connectTo),
      'Cache-Control': 'no-cache',
      Vary: drawn ? 'Accept-Encoding, Accept-Language, Cookie' : 'Accept-Encoding',
    };
    const body = accepted ? await compress(html, accepted, 'per-request') : html;
    if (accepted) headers['Content-Encoding'] = accepted;
    headers['Content-Length'] = String(body.byteLength);
    return new Response(c.req.method === 'HEAD' ? null : body, { status: found ? 200 : 404, headers });
  };
}
