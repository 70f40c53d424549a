/** scripts/catalog.ts: the catalog that proves two ways of building the schema build the same one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffCatalogs, readCatalog, type Catalog } from '../../scripts/catalog';
import { startBackend, type TestBackend } from './helpers/backend';

describe('the catalog', () => {
  let first: TestBackend;
  let second: TestBackend;
  let catalog: Catalog;
  let secondAsMigrated: Catalog;

  // Two databases migrated the same way: copies of the run's migrated database (PGlite or PostgreSQL).
  // Both catalogs are read before any test changes the second database.
  beforeAll(async () => {
    [first, second] = [await startBackend(), await startBackend()];
    [catalog, secondAsMigrated] = [await readCatalog(first.server.db), await readCatalog(second.server.db)];
  }, 120_000);
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
  });

  it('is the same for two databases migrated the same way, and holds what the migrations set up', async () => {
    expect(diffCatalogs(catalog, secondAsMigrated)).toEqual([]);

    expect(catalog.extensions.pg_trgm.schema).toBe('extensions');
    expect(catalog.schemas.private.grants.anon).toEqual(['USAGE']);
    expect(catalog.defaultPrivileges['postgres in private on functions']).toEqual({ anon: ['EXECUTE'], authenticated: ['EXECUTE'], service_role: ['EXECUTE'] });
    expect(catalog.sequences['private.money_stamp_seq']).toMatchObject({ type: 'bigint', ownedBy: null });
    expect(catalog.sequences['public.notifications_id_seq'].ownedBy).toEqual({ table: 'public.notifications', column: 'id', how: 'identity' });

    const profiles = catalog.tables['public.profiles'];
    expect(Object.keys(profiles.columns).slice(0, 3)).toEqual(['id', 'user_type', 'first_name']);
    expect(profiles.columns.user_type).toMatchObject({ type: 'text', notNull: true, default: "'creator'::text" });
    expect(profiles.columns.first_name.grants.authenticated).toEqual(['UPDATE']);
    expect(profiles.constraints.profiles_id_fkey).toMatchObject({ type: 'f', definition: 'FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE' });
    expect(profiles.rowSecurity).toBe(true);
    expect(profiles.policies['Users can update their own profile']).toMatchObject({ command: 'UPDATE', roles: ['authenticated'] });
    expect(profiles.indexes.profiles_pkey.constraint).toBe(true);
    expect(profiles.triggers.profiles_set_updated_at.definition).toContain('EXECUTE FUNCTION private.set_updated_at()');
    expect(catalog.tables['auth.users'].triggers.on_auth_user_created).toBeDefined();

    expect(catalog.views['public.opportunities'].options).toEqual(['security_invoker=true']);
    const refuse = catalog.functions['private.refuse(code text, message text, status integer)'];
    expect(refuse).toMatchObject({ language: 'plpgsql', securityDefiner: false, settings: ['search_path=""'] });
    expect(refuse.definition).toContain("raise sqlstate 'PGRST'");
    // Extension members are the extension's: pg_trgm's functions are not listed one by one.
    expect(Object.keys(catalog.functions).filter((key) => key.startsWith('extensions.'))).toEqual([]);

    // The rows the migrations insert: configuration, and the tallies' shards.
    expect(catalog.rows['public.ledger_rules']).toEqual({
      rows: [{ id: true, count_window_days: 30, review_auto_approve_hours: 72, refresh_early_hours: 6, refresh_early_days: 7, refresh_late_hours: 24 }],
      masked: ['updated_at'],
    });
    expect(catalog.rows['public.pay_rules'].rows).toEqual([expect.objectContaining({ wht_rate_bp: 300, payout_minimum_satang: 10000 })]);
    expect(catalog.rows['private.platform_totals'].rows.map((row) => (row as { shard: number }).shard)).toEqual([...Array(16).keys()]);
    expect(Object.keys(catalog.rows).some((key) => key.startsWith('auth.') || key.startsWith('supabase_migrations.'))).toBe(false);
  });

  it('reports a changed function body, policy, grant, default, comment and configuration row, and nothing else', async () => {
    await second.server.db.exec(`
      create or replace function private.refuse(code text, message text, status integer default 400) returns void
        language plpgsql set search_path to '' as $$
begin
  raise exception '%', message;
end;
$$;
      alter policy "Everyone can read the counting rules" on public.ledger_rules to authenticated;
      revoke select on public.ledger_rules from anon;
      alter table public.pay_rules alter column payout_minimum_satang set default 20000;
      comment on view public.opportunities is 'Changed.';
      update public.pay_rules set payout_minimum_satang = 20000, updated_at = now() - interval '1 day';
      drop index public.profiles_created_at_idx;
      create table private.scratch_extra (id int primary key);
    `);
    const differences = diffCatalogs(catalog, await readCatalog(second.server.db), ['before', 'after']);
    expect(differences).toEqual([
      'functions › private.refuse(code text, message text, status integer) › definition: line 7: "  raise sqlstate \'PGRST\'" ≠ "  raise exception \'%\', message;"',
      'rows › public.pay_rules › rows › 0 › payout_minimum_satang: 10000 ≠ 20000',
      'only in after: tables › private.scratch_extra',
      'only in before: tables › public.ledger_rules › grants › anon',
      'tables › public.ledger_rules › policies › Everyone can read the counting rules › roles: ["anon","authenticated"] ≠ ["authenticated"]',
      'tables › public.pay_rules › columns › payout_minimum_satang › default: "10000" ≠ "20000"',
      'only in before: tables › public.profiles › indexes › profiles_created_at_idx',
      'views › public.opportunities › comment: "The same rows as brand_briefs under the name some calls use; writes go through to brand_briefs with its rules." ≠ "Changed."',
    ]);
  });
});
