import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
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

async function fileAt(root: string, path: string): Promise<string | undefined> {
  const target = normalize(join(root, decodeURIComponent(path)));
  if (target !== root && !target.startsWith(root + sep)) return undefined;
  try {
    return (await stat(target)).isFile() ? target : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves the built SPA: real files as they are, any other path without a file
 * extension as index.html (client-side routes), and 404 for missing files.
 */
export function serveSpa(distDir: string) {
  const root = normalize(distDir);
  return async (c: Context) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.json({ message: 'Not found' }, 404);
    let path: string;
    try {
      path = new URL(c.req.url).pathname;
      decodeURIComponent(path);
    } catch {
      return c.json({ message: 'Bad path' }, 400);
    }
    const file = path === '/' ? undefined : await fileAt(root, path);
    if (file) {
      const immutable = path.startsWith('/assets/');
      return c.body(await readFile(file), 200, {
        'Content-Type': types[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    if (extname(path) !== '') return c.text('Not found', 404);
    const index = await fileAt(root, 'index.html');
    if (!index) {
      return c.text('The app is not built yet. Run "npm run build" (npm start does it for you).', 503);
    }
    return c.body(await readFile(index), 200, { 'Content-Type': types['.html'], 'Cache-Control': 'no-cache' });
  };
}
