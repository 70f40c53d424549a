import './websocket-polyfill';
import { loadConfig } from './config';
import { startServer } from './server';

const demoAccounts = [
  ['creator', 'creator@demo.viewpact.test', 'creator-demo'],
  ['brand', 'brand@demo.viewpact.test', 'brand-demo'],
  ['admin', 'admin@demo.viewpact.test', 'admin-demo'],
];

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  const engine = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `ViewPact is running at ${server.url}`,
    `  database: ${engine}${server.migration.applied.length ? `, ${server.migration.applied.length} migration(s) applied` : ''}${server.migration.seeded ? ', demo data loaded' : ''}`,
    `  Supabase API: ${server.url}/auth/v1, /rest/v1, /functions/v1 (anon key in ${server.url}/config.json)`,
  ];
  if (!config.smtp) lines.push(`  e-mails (password resets): ${server.url}/_mailbox`);
  if (config.seed) {
    lines.push('  demo accounts (e-mail / password):');
    for (const [role, email, password] of demoAccounts) lines.push(`    ${role.padEnd(8)} ${email} / ${password}`);
  }
  lines.push('Press Ctrl+C to stop.', '');
  console.log(lines.join('\n'));

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
