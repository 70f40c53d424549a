import './websocket-polyfill';
import { createServer } from 'vite';
import { loadConfig } from './config';
import { startServer } from './server';

/** npm run dev: the local backend on API_PORT, and Vite with hot reload in front of it. */
async function main() {
  const apiPort = Number(process.env.API_PORT ?? 54321);
  process.env.API_PORT = String(apiPort);
  const config = loadConfig({ ...process.env, PORT: String(apiPort) });
  const backend = await startServer(config);
  const vite = await createServer({ server: { port: config.port === apiPort ? 5173 : config.port } });
  await vite.listen();
  console.log(`\nViewPact (dev) at ${vite.resolvedUrls?.local[0] ?? 'http://localhost:5173'}  —  backend on ${backend.url}\n`);
  const stop = async () => {
    await vite.close();
    await backend.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: Error) => {
  console.error(`Dev server could not start: ${error.message}`);
  process.exit(1);
});
