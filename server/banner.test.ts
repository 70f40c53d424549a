import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBanner } from './banner';
import { loadConfig } from './config';
import { repoRoot } from './paths';

describe('the start banner', () => {
  it('is what the README says `npm start` prints on a first local start', async () => {
    const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
    const sample = /It prints:\n\n```\n([\s\S]*?)```/.exec(readme)![1];
    const migrations = (await readdir(join(repoRoot, 'supabase/migrations'))).filter((name) => /^\d+_.+\.sql$/.test(name));
    // The admin's password is random per installation: the README shows one such password.
    const password = /admin@demo\.viewpact\.test \/ (\S+)/.exec(sample)![1];
    const printed = startBanner(loadConfig({}), {
      url: 'http://127.0.0.1:3000',
      migration: { applied: migrations, seeded: true },
      demoAdmin: { email: 'admin@demo.viewpact.test', password },
    });
    expect(`\n${sample}`).toBe(printed);
  });

  it('says when demo data is off and there is no password to show', () => {
    const printed = startBanner(loadConfig({ SEED: '0', DATABASE_URL: 'postgres://db/viewpact' }), { url: 'https://viewpact.example', migration: { applied: [], seeded: false } });
    expect(printed).toContain('database: PostgreSQL (DATABASE_URL)\n');
    expect(printed).toContain('demo data: off (SEED=0)');
    expect(printed).not.toContain('demo accounts');
  });

  it('says when passwords are hashed quickly for tests, and only then', () => {
    const started = { url: 'http://127.0.0.1:3000', migration: { applied: [], seeded: false } };
    expect(startBanner(loadConfig({ SEED: '0', AUTH_QUICK_PASSWORD_HASHES: '1' }), started)).toContain('passwords: hashed at bcrypt cost 4 for tests (AUTH_QUICK_PASSWORD_HASHES); never in production');
    expect(startBanner(loadConfig({ SEED: '0' }), started)).not.toContain('passwords:');
  });
});
