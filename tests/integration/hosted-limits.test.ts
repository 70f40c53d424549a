/**
 * Issue 31: the local database behaves like hosted Supabase's. The API roles have hosted's
 * attributes and statement timeouts, applied to each request as PostgREST applies them, so a
 * request hosted would cancel is cancelled here too; and the month close, which takes longer than
 * a request may at scale, never runs inside one: close_month asks, the scheduler's runner
 * (public.run_month_closes) carries it out, and the run says how it went.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engine, startBackend, type TestBackend } from './helpers/backend';
import { closeMonth } from './helpers/close-month';
import { createUser, type TestUser } from './helpers/users';
import { runMonthCloses } from '../../server/functions/scheduled';

const september = '2026-09-01';
const october = '2026-10-01';

describe('the API roles, as hosted Supabase has them', () => {
  let backend: TestBackend;
  let creator: TestUser;

  beforeAll(async () => {
    backend = await startBackend();
    creator = await createUser(backend, 'creator');
    // A function that only waits, callable by every API role: the timeouts are what is measured.
    await backend.server.db.query(`create function public.test_wait(seconds double precision) returns boolean
                                   language sql as 'select pg_sleep(seconds) is not null'`);
    await backend.server.db.query('grant execute on function public.test_wait(double precision) to anon, authenticated, service_role');
    await backend.server.reloadSchema();
  }, 60_000);
  afterAll(() => backend?.stop());

  it('gives anon 3 s and authenticated 8 s, service_role the authenticator’s 8 s, and lets the API roles inherit', async () => {
    const { rows } = await backend.server.db.query<{ role: string; inherits: boolean; timeout: string | null }>(
      `select r.rolname as role, r.rolinherit as inherits,
              (select split_part(c, '=', 2) from pg_db_role_setting s, unnest(s.setconfig) c
                where s.setrole = r.oid and s.setdatabase = 0 and c like 'statement_timeout=%') as timeout
         from pg_roles r where r.rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by r.rolname`,
    );
    expect(rows).toEqual([
      { role: 'anon', inherits: true, timeout: '3s' },
      { role: 'authenticated', inherits: true, timeout: '8s' },
      { role: 'authenticator', inherits: false, timeout: '8s' },
      { role: 'service_role', inherits: true, timeout: null },
    ]);
  });

  // PGlite runs in WebAssembly, without the timer signal PostgreSQL cancels a statement with: it
  // takes the settings but cannot cancel (docs/local-backend.md). Hosted runs PostgreSQL.
  const cancels = engine === 'postgres' ? it : it.skip;

  cancels('cancels an anonymous request after 3 s, where a signed-in one may go on (PostgreSQL only: PGlite cannot cancel a statement)', async () => {
    const anonymous = await backend.client().rpc('test_wait', { seconds: 3.3 });
    expect(anonymous.error).toMatchObject({ code: '57014' });
    const signedIn = await creator.client.rpc('test_wait', { seconds: 3.3 });
    expect(signedIn).toMatchObject({ error: null, data: true });
  });

  cancels("applies a role's own setting for this database, else the authenticator's, as PostgREST does (PostgreSQL only: PGlite cannot cancel a statement)", async () => {
    const { rows } = await backend.server.db.query<{ name: string }>('select current_database() as name');
    const database = rows[0].name;
    await backend.server.db.query(`alter role service_role in database "${database}" set statement_timeout = '300ms'`);
    try {
      await backend.server.reloadSchema();
      expect((await backend.service().rpc('test_wait', { seconds: 0.6 })).error).toMatchObject({ code: '57014' });
      expect((await backend.service().rpc('test_wait', { seconds: 0.01 })).error).toBeNull();
    } finally {
      await backend.server.db.query(`alter role service_role in database "${database}" reset statement_timeout`);
      await backend.server.reloadSchema();
    }
    // Without it, service_role has the authenticator's 8 s again.
    expect((await backend.service().rpc('test_wait', { seconds: 0.6 })).error).toBeNull();
  });
});

describe("an admin's month close, outside the request", () => {
  let backend: TestBackend;
  let admin: TestUser;

  // A closed month is closed for good and refuses the months before it: each test has a database of its own.
  beforeEach(async () => {
    // The server's runner waits an hour: the test carries the runs out itself, when it means to.
    backend = await startBackend({ closeRunIntervalMs: 3_600_000 });
    admin = await createUser(backend, 'admin');
  }, 60_000);
  afterEach(() => backend?.stop());

  const closes = async (month: string) =>
    (await backend.server.db.query('select 1 from public.month_closes where month = $1', [month])).rows.length;

  it('answers a queued run at once, writes nothing until the runner carries it out, then says what it wrote', async () => {
    const asked = await admin.client.rpc('close_month', { p_month: september });
    expect(asked.error).toBeNull();
    expect(asked.data).toMatchObject({ month: september, status: 'queued', entries: null, started_at: null });
    expect(await closes(september)).toBe(0);

    // A second click joins the run; another month waits for it to end.
    expect((await admin.client.rpc('close_month', { p_month: september })).data).toMatchObject({ id: asked.data.id, status: 'queued' });
    expect((await admin.client.rpc('close_month', { p_month: '2026-08-01' })).error).toMatchObject({ code: 'close_running' });
    // The page finds it when it opens.
    expect((await admin.client.rpc('month_close_run')).data).toMatchObject({ id: asked.data.id, status: 'queued' });

    const [finished] = await runMonthCloses(backend.server.db);
    expect(finished).toMatchObject({ id: asked.data.id, status: 'done', entries: 0, payouts: 0, already_closed: false });
    expect((await admin.client.rpc('month_close_run', { p_id: asked.data.id })).data).toMatchObject({ status: 'done', closed_at: expect.any(String) });
    expect((await admin.client.rpc('month_close_run')).data).toBeNull();
    // Closed by the admin who asked, and audited as theirs.
    const { data: close } = await admin.client.from('month_closes').select('closed_by').eq('month', september).single();
    expect(close).toEqual({ closed_by: admin.id });
    const { data: audit } = await admin.client.from('admin_audit_log').select('admin_id, details').eq('action', 'close_month');
    expect(audit).toEqual([{ admin_id: admin.id, details: { month: september, entries: 0, payouts: 0 } }]);
  });

  it('keeps a run that fails after the request as failed, with its code, in the audit log too, and writes nothing', async () => {
    const asked = await admin.client.rpc('close_month', { p_month: october });
    expect(asked.data).toMatchObject({ status: 'queued' });
    // Before the runner comes to it, a later month is closed (the scheduler's own close, say).
    await backend.server.db.query(`insert into public.month_closes (month, closed_by, entries, payouts) values ('2026-11-01', null, 0, 0)`);

    const [failed] = await runMonthCloses(backend.server.db);
    expect(failed).toMatchObject({ id: asked.data.id, status: 'failed', error_code: 'later_month_closed', entries: null });
    expect(await closes(october)).toBe(0);
    const { data: audit } = await admin.client.from('admin_audit_log').select('admin_id, details').eq('action', 'close_month_failed');
    expect(audit).toEqual([{ admin_id: admin.id, details: { month: october, code: 'later_month_closed', message: 'A later month is closed already' } }]);
  });

  it('carries out again a run whose runner died, and refuses everyone but admins', async () => {
    // September is closed already (by an earlier run); a run for it is "running" in a session
    // that is gone (its process was killed; its work rolled back).
    await backend.server.db.query('insert into public.month_closes (month, closed_by, entries, payouts) values ($1, $2, 0, 0)', [september, admin.id]);
    const { rows } = await backend.server.db.query<{ id: number }>(
      `insert into public.month_close_runs (month, requested_by, status, started_at, runner_pid)
       values ($2, $1, 'running', now(), 2147483000) returning id`,
      [admin.id, september],
    );
    const [again] = await runMonthCloses(backend.server.db);
    expect(again).toMatchObject({ id: Number(rows[0].id), status: 'done', already_closed: true });

    const creator = await createUser(backend, 'creator');
    expect((await creator.client.rpc('close_month', { p_month: september })).error).toMatchObject({ code: 'admin_only' });
    expect((await creator.client.rpc('month_close_run')).error).toMatchObject({ code: 'admin_only' });
    expect((await creator.client.from('month_close_runs').select('id')).data).toEqual([]);
    expect((await backend.client().rpc('close_month', { p_month: september })).error).not.toBeNull();
    // Nobody calls the runner through the API.
    expect((await admin.client.rpc('run_month_closes')).error).not.toBeNull();
    expect((await admin.client.from('month_close_runs').insert({ month: september })).error).not.toBeNull();
  });
});

describe('the close through the helper the other tests use', () => {
  let backend: TestBackend;
  let admin: TestUser;
  beforeAll(async () => {
    backend = await startBackend();
    admin = await createUser(backend, 'admin');
  }, 60_000);
  afterAll(() => backend?.stop());

  it("is carried out by the server's own runner, without anyone calling it", async () => {
    expect(await closeMonth(admin.client, september)).toMatchObject({ error: null, data: { status: 'done', month: september } });
  });
});
