import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 54321);
const api = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@shared': fileURLToPath(new URL('./supabase/functions/_shared', import.meta.url)),
    },
  },
  server: {
    // `npm run dev`: the SPA with hot reload; the local backend answers behind these paths,
    // seeing the browser's Host so that config and e-mail links point back at Vite's origin.
    proxy: Object.fromEntries(
      ['/auth/v1', '/rest/v1', '/functions/v1', '/config.json', '/_mailbox'].map((path) => [path, { target: api, changeOrigin: false }]),
    ),
  },
  // The entry holds React, the router, supabase-js and i18n, which every page needs;
  // pages are separate chunks. Budget: 200 kB gzipped for the entry.
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 700 },
});
