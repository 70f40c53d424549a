import type { ServerConfig } from './config';

// The admin's password is the installation's own (server.demoAdmin); these two are documented.
const demoAccounts = [
  ['creator', 'creator@demo.viewpact.test', 'creator-demo'],
  ['brand', 'brand@demo.viewpact.test', 'brand-demo'],
];

const seedLines: Record<ServerConfig['seedReason'], string> = {
  'SEED=1': 'demo data: on (SEED=1)',
  'SEED=0': 'demo data: off (SEED=0)',
  'local start': 'demo data: on (a local start; SEED=0 turns it off)',
  'not a local start': 'demo data: off, as HOST is not loopback or DATABASE_URL is set (SEED=1 loads it)',
};

function adminPasswordSource(config: ServerConfig): string {
  if (config.demoAdminPassword) return 'DEMO_ADMIN_PASSWORD';
  if (config.dataDir === 'memory') return 'random, for this run only';
  return `random for this installation, kept in ${config.dataDir}/demo-admin-password`;
}

/** Where the secret key is: it is never printed, as logs are kept. */
function secretKeySource(config: ServerConfig): string {
  if (config.apiKeys.secretKey) return 'SUPABASE_SECRET_KEY';
  if (config.dataDir === 'memory') return 'random, for this run only';
  return `${config.dataDir}/secret-key`;
}

export type StartedServer = {
  url: string;
  migration: { applied: string[]; seeded: boolean };
  demoAdmin?: { email: string; password: string };
};

/** What `npm start` prints once the server listens (the README shows it; a test keeps the two equal). */
export function startBanner(config: ServerConfig, server: StartedServer): string {
  const engine = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const applied = server.migration.applied.length;
  const lines = [
    '',
    `ViewPact is running at ${server.url}`,
    `  database: ${engine}${applied ? `, ${applied} migration(s) applied` : ''}${server.migration.seeded ? ', demo data loaded' : ''}`,
    `  Supabase API: ${server.url}/auth/v1, /rest/v1, /functions/v1`,
    `    publishable key (browsers): in ${server.url}/config.json`,
    `    secret key (servers only): ${secretKeySource(config)}`,
  ];
  if (!config.smtp) lines.push(`  e-mails (password resets, notifications): ${server.url}/_mailbox`);
  if (config.quickPasswordHashes) lines.push('  passwords: hashed at bcrypt cost 4 for tests (AUTH_QUICK_PASSWORD_HASHES); never in production');
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
  return lines.join('\n');
}
