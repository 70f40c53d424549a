// Runs the integration suite on PGlite, and again on PostgreSQL when DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const projects = ['--project', 'integration-pglite'];
if (process.env.DATABASE_URL) projects.push('--project', 'integration-postgres');
else console.log('DATABASE_URL is not set: the integration suite runs on PGlite only (.ci/run also runs it on PostgreSQL).');

const result = spawnSync('npx', ['vitest', 'run', ...projects, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
