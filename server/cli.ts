import './websocket-polyfill';
import { loadConfig } from './config';
import { startServer } from './server';

// The admin's password is the installation's own (server.demoAdmin); these two are documented.
const demoAccounts = [
  ['creator', 'creator@demo.viewpact.test', 'creator-demo'],
  ['brand', 'brand@demo.viewpact.test', 'brand-demo'],
];

const seedLines: Record<ReturnType<typeof loadConfig>['seedReason'], string> = {
  'SEED=1': 'demo data: on (SEED=1)',
  'SEED=0': 'demo data: off (SEED=0)',
  'local start': 'demo data: on (a local start; SEED=0 turns it off)',
  'not a local start': 'demo data: off, as HOST is not loopback or DATABASE_URL is set (SEED=1 loads it)',
};

function adminPasswordSource(config: ReturnType<typeof loadConfig>): string {
  if (config.demoAdminPassword) return 'DEMO_ADMIN_PASSWORD';
  if (config.dataDir === 'memory') return 'random, for this run only';
  return `random for this installation, kept in ${config.dataDir}/demo-admin-password`;
}

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
  lines.push(`  ${seedLines[config.seedReason]}`);
  if (config.seed) {
    lines.push('  demo accounts (e-mail / password):');
    for (const [role, email, password] of demoAccounts) lines.push(`    ${role.padEnd(8)} ${email} / ${password}`);
    lines.push(
      server.demoAdmin
        ? `    ${'admin'.padEnd(8)} ${server.demoAdmin.email} / ${server.demoAdmin.password}  (${adminPasswordSource(config)})`
        : `    ${'admin'.padEnd(8)} admin@demo.viewpact.test / (changed since the demo data was loaded)`,
    );
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
