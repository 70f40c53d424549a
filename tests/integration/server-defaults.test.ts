/** Safe defaults for a self-hosted server: the demo admin's own password, functions granted on purpose, and the ledger rules from the environment. */
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { closeDueMonths, writeLedgerRules, writePayRules } from '../../server/functions/scheduled';
import { repoRoot } from '../../server/paths';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser } from './helpers/users';

const admin = 'admin@demo.viewpact.test';

describe('the demo admin', () => {
  it('gets a random password per installation, kept in the data directory and printed at each start', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'viewpact-demo-'));
    try {
      const first = await startBackend({ env: { SEED: '1', DATA_DIR: dataDir } });
      const password = first.server.demoAdmin?.password;
      try {
        expect(password).toMatch(/^[\w-]{16}$/);
        expect((await first.client().auth.signInWithPassword({ email: admin, password: password! })).error).toBeNull();
        // The password of the old seed is no more.
        expect((await first.client().auth.signInWithPassword({ email: admin, password: 'admin-demo' })).error?.code).toBe('invalid_credentials');
        expect((await readFile(join(dataDir, 'demo-admin-password'), 'utf8')).trim()).toBe(password);
        expect((await stat(join(dataDir, 'demo-admin-password'))).mode & 0o077).toBe(0);
      } finally {
        await first.stop();
      }
      // PGlite keeps the database in the folder: the next start finds the same account and password.
      const second = await startBackend({ env: { SEED: '1', DATA_DIR: dataDir } });
      try {
        expect(second.server.demoAdmin).toEqual({ email: admin, password });
        expect((await second.client().auth.signInWithPassword({ email: admin, password: password! })).error).toBeNull();
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('takes DEMO_ADMIN_PASSWORD when set, so tests can pin it', async () => {
    const backend = await startBackend({ env: { SEED: '1', DEMO_ADMIN_PASSWORD: 'pinned-admin-pw' } });
    try {
      expect(backend.server.demoAdmin).toEqual({ email: admin, password: 'pinned-admin-pw' });
      expect((await backend.client().auth.signInWithPassword({ email: admin, password: 'pinned-admin-pw' })).error).toBeNull();
    } finally {
      await backend.stop();
    }
  }, 60_000);

  it('is not there without demo data', async () => {
    const backend = await startBackend({ env: { SEED: '0' } });
    try {
      expect(backend.server.demoAdmin).toBeUndefined();
      expect(backend.server.migration.seeded).toBe(false);
    } finally {
      await backend.stop();
    }
  });
});

describe('passwords', () => {
  it("are hashed at Supabase Auth's cost 10 unless tests ask for quick hashes (cost 4), and sign in either way", async () => {
    const hashOf = async (backend: TestBackend, email: string) =>
      (await backend.server.db.query<{ encrypted_password: string }>('select encrypted_password from auth.users where email = $1', [email])).rows[0].encrypted_password;
    const production = await startBackend({ env: { SEED: '0', AUTH_QUICK_PASSWORD_HASHES: '0' } });
    try {
      const person = await createUser(production, 'creator');
      expect(await hashOf(production, person.email)).toMatch(/^\$2a\$10\$/);
      expect((await production.client().auth.signInWithPassword({ email: person.email, password: person.password })).error).toBeNull();
    } finally {
      await production.stop();
    }
    const tests = await startBackend({ env: { SEED: '0' } });
    try {
      const person = await createUser(tests, 'creator');
      expect(await hashOf(tests, person.email)).toMatch(/^\$2a\$04\$/);
      expect((await tests.client().auth.signInWithPassword({ email: person.email, password: person.password })).error).toBeNull();
      expect((await tests.client().auth.signInWithPassword({ email: person.email, password: `${person.password}x` })).error?.code).toBe('invalid_credentials');
    } finally {
      await tests.stop();
    }
  });
});

describe('function grants', () => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startBackend();
    // A function added after the migrations, with no grant of its own.
    await backend.server.db.exec(`create function public.fresh_function() returns int language sql stable as 'select 1'`);
    await backend.server.reloadSchema();
  }, 60_000);
  afterAll(() => backend?.stop());

  it('leaves a new public function to signed-in users: anon may call only what is granted on purpose', async () => {
    const anonymous = await backend.client().rpc('fresh_function');
    expect(anonymous.status).toBe(401);
    expect(anonymous.error?.code).toBe('42501');
    const user = await createUser(backend, 'creator');
    expect((await user.client.rpc('fresh_function')).data).toBe(1);
    expect((await backend.service().rpc('fresh_function')).data).toBe(1);
    // Granted on purpose: the sign-up page checks an invite code before signing up.
    expect((await backend.client().rpc('admin_invite_is_valid', { code: 'nope' })).data).toBe(false);
  });

  it('takes EXECUTE from PUBLIC by default, and the migrations say the same for hosted Supabase', async () => {
    const { rows } = await backend.server.db.query<{ acl: string }>(
      `select defaclacl::text as acl from pg_default_acl where defaclobjtype = 'f' and defaclnamespace = 0 and defaclrole = current_user::regrole`,
    );
    // A global default without PUBLIC's "=X/" entry.
    expect(rows).toHaveLength(1);
    expect(rows[0].acl).not.toMatch(/[{,]=X\//);

    // bootstrap.sql sets these defaults locally; on hosted Supabase only supabase/migrations run, from
    // Supabase's own defaults. Their ALTER DEFAULT PRIVILEGES (in a migration of their own, or in a
    // baseline that folds it: npm run db:baseline) must give the same function defaults from there.
    const dir = join(repoRoot, 'supabase/migrations');
    const files = (await readdir(dir)).filter((name) => /^\d+_.+\.sql$/.test(name)).sort();
    const statements = (await Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')))).flatMap((sql) => sql.match(/^alter default privileges\b[^;]*;/gim) ?? []);
    expect(statements.length).toBeGreaterThan(0);
    const functionDefaults = `
      select defaclnamespace::regnamespace::text as schema, (select array_agg(item::text order by item::text) from unnest(defaclacl) item) as acl
        from pg_default_acl where defaclobjtype = 'f' and defaclrole = current_user::regrole order by 1`;
    const hostedSupabase = `
      alter default privileges revoke all on functions from public, anon, authenticated, service_role;
      alter default privileges grant execute on functions to public;
      alter default privileges in schema public revoke all on functions from public, anon, authenticated, service_role;
      alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
      alter default privileges in schema private revoke all on functions from public, anon, authenticated, service_role;`;
    const local = (await backend.server.db.query(functionDefaults)).rows;
    const rolledBack = new Error('rolled back');
    let fromHosted: unknown;
    await backend.server.db
      .transaction(async (tx) => {
        await tx.exec(hostedSupabase);
        for (const statement of statements) await tx.exec(statement);
        fromHosted = (await tx.query(functionDefaults)).rows;
        throw rolledBack;
      })
      .catch((error) => {
        if (error !== rolledBack) throw error;
      });
    expect(fromHosted).toEqual(local);
    expect(JSON.stringify(local)).not.toMatch(/"public","acl":\[[^\]]*"anon=/);
  });
});

describe('the ledger rules', () => {
  let backend: TestBackend;
  const env = { COUNT_WINDOW_DAYS: '45', REVIEW_AUTO_APPROVE_HOURS: '48', REFRESH_EARLY_HOURS: '3', REFRESH_EARLY_DAYS: '2', REFRESH_LATE_HOURS: '12' };

  beforeAll(async () => {
    backend = await startBackend({ env });
  }, 60_000);
  afterAll(() => backend?.stop());

  const rules = async () => (await backend.client().from('ledger_rules').select('*').single()).data;

  it('are written from the environment at start, for everyone to read', async () => {
    expect(await rules()).toMatchObject({ count_window_days: 45, review_auto_approve_hours: 48, refresh_early_hours: 3, refresh_early_days: 2, refresh_late_hours: 12 });
  });

  it('are written again only when they differ, so a restart with the same settings changes nothing', async () => {
    const before = await rules();
    expect(await writeLedgerRules(backend.server.db, loadConfig(env).ledgerRules)).toBe(false);
    expect(await rules()).toEqual(before);
    try {
      expect(await writeLedgerRules(backend.server.db, { ...loadConfig(env).ledgerRules, countWindowDays: 60 })).toBe(true);
      expect(await rules()).toMatchObject({ count_window_days: 60, refresh_late_hours: 12 });
    } finally {
      // The rules of the start again, for the other tests of this backend.
      await writeLedgerRules(backend.server.db, loadConfig(env).ledgerRules);
    }
  });
});

describe('the pay rules and the monthly close', () => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startBackend({ env: { WHT_RATE: '5', PAYER_NAME: 'Test Payer Co., Ltd.' } });
  }, 60_000);
  afterAll(() => backend?.stop());

  it('writes the withholding-tax rate and the payer from the environment at start', async () => {
    const admin = await createUser(backend, 'admin');
    expect((await admin.client.from('pay_rules').select('wht_rate_bp, payer_name').single()).data).toEqual({ wht_rate_bp: 500, payer_name: 'Test Payer Co., Ltd.' });
    expect(await writePayRules(backend.server.db, loadConfig({ WHT_RATE: '5', PAYER_NAME: 'Test Payer Co., Ltd.' }).payRules)).toBe(false);
  });

  it('closes last month once when the scheduler runs, and nothing after that', async () => {
    const first = await closeDueMonths(backend.server.db);
    expect(first).toMatchObject({ entries: 0, payouts: 0, already_closed: false });
    expect(await closeDueMonths(backend.server.db)).toBeNull();
    // Nobody else may call the scheduler's close.
    const admin = await createUser(backend, 'admin');
    expect((await admin.client.rpc('close_due_months')).error).not.toBeNull();
  });
});
