import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import QRCode from 'qrcode';
import { defineConfig, type Plugin } from 'vite';
import { defaultChatUrl } from './src/lib/site-defaults.ts';

const apiPort = Number(process.env.API_PORT ?? 54321);
const api = `http://127.0.0.1:${apiPort}`;

/**
 * `import chatQr from 'virtual:chat-qr'`: the footer's QR code of the community chat
 * (VITE_CHAT_URL), drawn at build time into an SVG file, so no QR code library ships.
 */
function chatQrCode(): Plugin {
  const id = 'virtual:chat-qr';
  let svg = '';
  let building = false;
  let fileName = '';
  let base = '/';
  return {
    name: 'viewpact:chat-qr',
    async configResolved(config) {
      building = config.command === 'build';
      base = config.base;
      const url = config.env.VITE_CHAT_URL || defaultChatUrl;
      svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#0f172a', light: '#ffffff' } });
      // Named by its content, as the bundler names assets: the landing page drawn at build
      // time (scripts/prerender.ts, an SSR build) points at the same file as the app.
      fileName = `assets/chat-qr-${createHash('sha256').update(svg).digest('base64url').slice(0, 8)}.svg`;
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved, options) {
      if (resolved !== `\0${id}`) return undefined;
      if (!building) return `export default ${JSON.stringify(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)};`;
      if (!options?.ssr) this.emitFile({ type: 'asset', fileName, source: svg });
      return `export default ${JSON.stringify(base + fileName)};`;
    },
  };
}

/**
 * The SPA's key ships in the bundle, for anyone to read: a secret key there stops the build
 * (hosted Supabase refuses it from browsers anyway, and it would have leaked).
 */
function noSecretKey(): Plugin {
  return {
    name: 'viewpact:no-secret-key',
    configResolved(config) {
      for (const name of ['VITE_SUPABASE_PUBLISHABLE_KEY', 'VITE_SUPABASE_ANON_KEY']) {
        if (String(config.env[name] ?? '').startsWith('sb_secret_')) throw new Error(`${name} is a secret key (sb_secret_…): give the SPA the publishable key (sb_publishable_…)`);
      }
    },
  };
}

const compressible = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli (best level) and a gzip copy beside every text file of the build, which
 * the local backend sends as they are (server/http/static.ts): brotli's best level takes
 * too long to run per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'viewpact:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const brotli = promisify(brotliCompress);
      const gzipAsync = promisify(gzip);
      const files = Object.keys(bundle).filter((name) => compressible.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const body = await readFile(path);
          if (body.byteLength < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), chatQrCode(), precompress(), noSecretKey()],
  // When the build ran: the pages drawn at build time (scripts/prerender.ts, the same config) show
  // its year, and the app takes them over with it (src/app/layouts/footer.tsx).
  define: { __VIEWPACT_BUILT_AT__: JSON.stringify(new Date().toISOString()) },
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      { find: /^@shared\//, replacement: fileURLToPath(new URL('./supabase/functions/_shared/', import.meta.url)) },
      // react-router's package exports name only its development build, whose warnings and
      // checks then run in production (remix-run/react-router#14102): build with its production one.
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] : []),
    ],
  },
  server: {
    // `npm run dev`: the SPA with hot reload; the local backend answers behind these paths,
    // seeing the browser's Host so that config and e-mail links point back at Vite's origin.
    proxy: Object.fromEntries(
      ['/auth/v1', '/rest/v1', '/functions/v1', '/config.json', '/_mailbox'].map((path) => [path, { target: api, changeOrigin: false }]),
    ),
  },
  // The entry holds what every page needs (React, the router, i18next, react-query, the
  // PostgREST client, the public pages' frame); pages, the dashboards, auth-js and the
  // app's texts are separate chunks. The landing page's budget is 100 kB of compressed
  // JavaScript in all (docs/architecture.md §6, measured in bench/).
  // The manifest tells the local backend which chunks a dashboard's data needs, so that it can
  // ask the browser for them with the page (server/http/static.ts, dashboardPreloads).
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 700, manifest: true },
}));
