// Runs the integration suite on PGlite, and again on PostgreSQL when DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

// --no-soak: npm test runs the one-minute soak (its own project) beside the unit tests instead.
const args = process.argv.slice(2);
const withSoak = !args.includes('--no-soak');
const projects = ['--project', 'integration-pglite'];
if (process.env.DATABASE_URL) projects.push('--project', 'integration-postgres');
else console.log('DATABASE_URL is not set: the integration suite runs on PGlite only (.ci/run also runs it on PostgreSQL).');
if (withSoak) projects.push('--project', 'soak');

const result = spawnSync('npx', ['vitest', 'run', ...projects, ...args.filter((arg) => arg !== '--no-soak')], { stdio: 'inherit' });
process.exit(result.status ?? 1);
