import './websocket-polyfill';
import { loadConfig } from './config';
import { startBanner } from './banner';
import { startServer } from './server';

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(startBanner(config, server));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, stopping ViewPact...`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: Error) => {
  console.error(`ViewPact could not start: ${error.message}`);
  process.exit(1);
});
