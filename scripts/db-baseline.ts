/**
 * npm run db:baseline [-- --fold] [--database-url=<url>] [--no-pglite]
 *
 * Folds supabase/migrations into one baseline migration dated today (UTC),
 * supabase/migrations/<YYYYMMDD>000000_baseline.sql, whose result is exactly the schema the files
 * build, and proves it:
 *
 * 1. On scratch databases (viewpact_scratch_baseline_*) of a PostgreSQL server (--database-url,
 *    else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; pg_dump must be on the
 *    PATH): `ref` gets bootstrap.sql (what hosted Supabase provides) plus the extensions the
 *    migrations create; `files` gets bootstrap.sql and every migration, no seed (server/db/migrate.ts).
 * 2. The baseline is what pg_dump says `files` has that `ref` has not: every object of public and
 *    private, the rows the migrations inserted (configuration: ledger_rules, pay_rules, the
 *    platform_totals shards…), and whatever they created or changed elsewhere (the trigger on
 *    auth.users, the extensions), in pg_dump's order (tables, then rows, then keys, indexes and
 *    triggers, so rows load without firing triggers). Cleaned to run as a migration: no owners
 *    (the Supabase CLI runs as `postgres`), settings local to the migration's transaction, and
 *    privileges written absolutely (each object's grants reset, then pg_dump's; the default
 *    privileges likewise), since the database it runs on has default privileges of its own. The
 *    files also build a PGlite database (PostgreSQL 17+), which says who keeps MAINTAIN, a
 *    privilege pg_dump of an older server cannot name: granted where the baseline runs on 17+.
 * 3. The proof: `baseline` gets bootstrap.sql and the baseline alone (server/db/migrate.ts).
 *    pg_dump --schema-only of the whole database, `files` against `baseline`, must be identical
 *    but for the dump's header; so must the rows of every table (supabase_migrations aside) and
 *    what the catalog says of every object (function settings, volatility and security definer,
 *    row-level security enabled and forced, privileges, default privileges, schema grants,
 *    triggers, policies…), and scripts/catalog.ts (db:catalog-diff, db:schema's source) must see
 *    no difference. Then the migrator is run with the baseline on `files` (which recorded every
 *    folded version): it must record the baseline without running it. And on PGlite (the local
 *    backend's engine): the baseline through migrate() gives the catalog the files give there,
 *    MAINTAIN included, and the rows of `files`.
 * 4. Without --fold the baseline is left in a temporary folder. With --fold, and only when the
 *    proof holds, it goes into supabase/migrations and the files it folds are deleted; the list of
 *    files exempt from the date rule until the fold (server/db/migration-order.test.ts) is emptied,
 *    the README's start banner counts one migration, and the files that still name a folded
 *    migration are listed.
 *
 * Prints "catalog equal: N objects, M rows", or the differences and exits 1.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { foldedVersions, migrate } from '../server/db/migrate';
import { pgEnvironment } from '../server/db/pg-env';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import type { Database, Queryable } from '../server/db/types';
import { repoRoot } from '../server/paths';
import { diffCatalogs, readCatalog } from './catalog';

const run = promisify(execFile);

export type BaselineOptions = {
  /** The migrations to fold: supabase/migrations by default. */
  migrationsDir?: string;
  /** A PostgreSQL server where scratch databases may be created and dropped. */
  databaseUrl?: string;
  /** Whose UTC date names the baseline: now by default. */
  now?: Date;
  /** Move the proven baseline into migrationsDir and delete the files it folds. */
  fold?: boolean;
  /** Also prove the baseline on PGlite (default true; PGlite builds the files' database either way). */
  pglite?: boolean;
  log?: (line: string) => void;
};

export type BaselineResult = {
  equal: boolean;
  /** Where the baseline is: migrationsDir after a fold, else a temporary folder's file. */
  file: string;
  version: string;
  folds: string[];
  /** The comparison, as printed. */
  report: string[];
};

const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

// ---------------------------------------------------------------------------------------------
// pg_dump, and its output as entries
// ---------------------------------------------------------------------------------------------

async function pgDump(databaseUrl: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run('pg_dump', ['--no-password', ...args], { env: pgEnvironment(databaseUrl), maxBuffer: 1 << 30, encoding: 'utf8' });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') throw new Error("pg_dump is not on the PATH: install PostgreSQL's client tools (the server's major version or newer).", { cause: error });
    throw new Error(`pg_dump ${args.join(' ')} failed: ${failure.stderr?.trim() || failure.message}`, { cause: error });
  }
}

type Entry = { key: string; name: string; type: string; schema: string; body: string };

// pg_dump's settings, which the baseline replaces by its own (local to its transaction).
const dumpSetting =
  /^(SET (statement_timeout|lock_timeout|idle_in_transaction_session_timeout|transaction_timeout|client_encoding|standard_conforming_strings|check_function_bodies|xmloption|client_min_messages|row_security|default_tablespace|default_table_access_method) = .*;|SELECT pg_catalog\.set_config\('search_path', '', false\);)$/;

/** A plain pg_dump split into its entries ("-- Name: …; Type: …; Schema: …; Owner: …" blocks). */
export function dumpEntries(dump: string): Entry[] {
  const header = /^--\n-- (?:Data for )?Name: (.+?); Type: (.+?); Schema: (.+?); Owner: .*\n--\n/gm;
  const end = dump.search(/^--\n-- PostgreSQL database dump complete\n/m);
  const found = [...dump.slice(0, end < 0 ? undefined : end).matchAll(header)];
  const entries: Entry[] = [];
  const seen = new Map<string, number>();
  found.forEach((match, i) => {
    const stop = i + 1 < found.length ? found[i + 1].index : end < 0 ? dump.length : end;
    const body = dump
      .slice(match.index + match[0].length, stop)
      .split('\n')
      .filter((line) => !dumpSetting.test(line))
      .join('\n')
      .trim();
    const [, name, type, schema] = match;
    let key = `${type}\t${schema}\t${name}`;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count > 1) key += `\t${count}`;
    entries.push({ key, name, type, schema, body });
  });
  return entries;
}

/** A dump without its header's per-run lines: the \restrict key (random each run) and the versions. */
const withoutHeader = (dump: string) =>
  dump
    .split('\n')
    .filter((line) => !/^\\(un)?restrict /.test(line) && !/^-- Dumped (from database|by pg_dump) version /.test(line))
    .join('\n');

// ---------------------------------------------------------------------------------------------
// The catalog: what pg_dump shows, asked directly, on PostgreSQL and PGlite alike
// ---------------------------------------------------------------------------------------------

const userSchema = (column: string) => `(${column} not in ('pg_catalog', 'information_schema') and ${column} !~ '^pg_(toast|temp_|toast_temp_)')`;
const sortedAcl = (acl: string) => `(select array_agg(item::text order by item::text) from unnest(${acl}) item)`;

const factsSql = `
  select 'schema' as kind, n.nspname as name,
         jsonb_build_object('owner', pg_get_userbyid(n.nspowner), 'acl', ${sortedAcl("coalesce(n.nspacl, acldefault('n', n.nspowner))")})::text as fact
    from pg_namespace n where ${userSchema('n.nspname')}
  union all
  select 'relation', c.oid::regclass::text,
         jsonb_build_object('kind', c.relkind, 'owner', pg_get_userbyid(c.relowner), 'rls', c.relrowsecurity, 'force_rls', c.relforcerowsecurity,
           'acl', ${sortedAcl("coalesce(c.relacl, acldefault(case c.relkind when 'S' then 's'::\"char\" else 'r'::\"char\" end, c.relowner))")},
           'options', c.reloptions, 'persistence', c.relpersistence, 'replica_identity', c.relreplident,
           'view', case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end,
           'sequence', (select jsonb_build_object('type', s.seqtypid::regtype::text, 'start', s.seqstart, 'increment', s.seqincrement, 'min', s.seqmin, 'max', s.seqmax, 'cache', s.seqcache, 'cycle', s.seqcycle) from pg_sequence s where s.seqrelid = c.oid),
           'columns', (select jsonb_agg(jsonb_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'not_null', a.attnotnull,
                          'default', pg_get_expr(d.adbin, d.adrelid), 'identity', a.attidentity, 'generated', a.attgenerated, 'acl', ${sortedAcl('a.attacl')}) order by a.attnum)
                         from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
                        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped))::text
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where ${userSchema('n.nspname')} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f', 'c')
  union all
  select 'index', c.oid::regclass::text, jsonb_build_object('definition', pg_get_indexdef(c.oid))::text
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where ${userSchema('n.nspname')} and c.relkind in ('i', 'I')
  union all
  select 'function', p.oid::regprocedure::text,
         jsonb_build_object('kind', p.prokind, 'owner', pg_get_userbyid(p.proowner), 'language', l.lanname, 'config', p.proconfig,
           'volatility', p.provolatile, 'security_definer', p.prosecdef, 'leakproof', p.proleakproof, 'strict', p.proisstrict,
           'parallel', p.proparallel, 'cost', p.procost, 'rows', p.prorows, 'arguments', pg_get_function_arguments(p.oid),
           'returns', pg_get_function_result(p.oid), 'source', md5(coalesce(p.prosrc, '') || coalesce(pg_get_function_sqlbody(p.oid), '')),
           'acl', ${sortedAcl("coalesce(p.proacl, acldefault('f', p.proowner))")})::text
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
   where ${userSchema('n.nspname')}
  union all
  select 'type', format_type(t.oid, null),
         jsonb_build_object('kind', t.typtype, 'owner', pg_get_userbyid(t.typowner), 'acl', ${sortedAcl("coalesce(t.typacl, acldefault('T', t.typowner))")},
           'base', format_type(t.typbasetype, t.typtypmod), 'not_null', t.typnotnull, 'default', t.typdefault,
           'labels', (select jsonb_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid))::text
    from pg_type t join pg_namespace n on n.oid = t.typnamespace left join pg_class c on c.oid = t.typrelid
   where ${userSchema('n.nspname')} and (t.typtype in ('d', 'e', 'r', 'm') or c.relkind = 'c')
  union all
  select 'constraint', coalesce(nullif(con.conrelid, 0)::regclass::text, con.contypid::regtype::text) || ' ' || con.conname,
         jsonb_build_object('definition', pg_get_constraintdef(con.oid), 'deferrable', con.condeferrable, 'deferred', con.condeferred, 'validated', con.convalidated)::text
    from pg_constraint con join pg_namespace n on n.oid = con.connamespace
   -- PostgreSQL 18 keeps NOT NULL as named constraints (PGlite); the columns' not_null says it on every version.
   where ${userSchema('n.nspname')} and con.contype <> 'n'
  union all
  select 'trigger', tg.tgrelid::regclass::text || ' ' || tg.tgname, jsonb_build_object('definition', pg_get_triggerdef(tg.oid), 'enabled', tg.tgenabled)::text
    from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_namespace n on n.oid = c.relnamespace
   where ${userSchema('n.nspname')} and not tg.tgisinternal
  union all
  select 'policy', pol.polrelid::regclass::text || ' ' || pol.polname,
         jsonb_build_object('command', pol.polcmd, 'permissive', pol.polpermissive,
           'roles', (select jsonb_agg(case r when 0 then 'public' else pg_get_userbyid(r)::text end order by 1) from unnest(pol.polroles) r),
           'using', pg_get_expr(pol.polqual, pol.polrelid), 'with_check', pg_get_expr(pol.polwithcheck, pol.polrelid))::text
    from pg_policy pol
  union all
  select 'default privileges', pg_get_userbyid(d.defaclrole) || ' ' || coalesce(d.defaclnamespace::regnamespace::text, '(every schema)') || ' ' || d.defaclobjtype::text,
         jsonb_build_object('acl', ${sortedAcl('d.defaclacl')})::text
    from pg_default_acl d
  union all
  select 'extension', e.extname, jsonb_build_object('version', e.extversion, 'schema', e.extnamespace::regnamespace::text)::text
    from pg_extension e
  union all
  select 'publication', p.pubname,
         jsonb_build_object('all_tables', p.puballtables, 'insert', p.pubinsert, 'update', p.pubupdate, 'delete', p.pubdelete, 'truncate', p.pubtruncate,
           'tables', (select jsonb_agg(r.prrelid::regclass::text order by 1) from pg_publication_rel r where r.prpubid = p.oid))::text
    from pg_publication p
  union all
  select 'event trigger', e.evtname, jsonb_build_object('event', e.evtevent, 'function', e.evtfoid::regproc::text, 'enabled', e.evtenabled, 'tags', e.evttags)::text
    from pg_event_trigger e
  union all
  select 'comment', pg_describe_object(d.classoid, d.objoid, d.objsubid), md5(d.description)
    from pg_description d where d.objoid >= 16384
  union all
  select 'database', 'privileges', jsonb_build_object('acl', ${sortedAcl("coalesce(d.datacl, acldefault('d', d.datdba))")})::text
    from pg_database d where d.datname = current_database()`;

type Facts = Map<string, string>;

/** Every fact of the catalog, keyed "kind name", names schema-qualified (an empty search_path). */
async function catalogFacts(db: Database): Promise<Facts> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('search_path', '', true)");
    const { rows } = await tx.query<{ kind: string; name: string; fact: string }>(factsSql);
    const facts: Facts = new Map();
    for (const row of rows) {
      let key = `${row.kind} ${row.name}`;
      for (let n = 2; facts.has(key); n += 1) key = `${row.kind} ${row.name} #${n}`;
      facts.set(key, row.fact);
    }
    return facts;
  });
}

/** The rows of every table but the migration history's ("table <name>": each row as JSON, sorted), and each sequence's state ("sequence <name>"). */
async function tableRows(db: Database): Promise<Map<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('search_path', '', true), set_config('timezone', 'UTC', true)");
    const { rows: relations } = await tx.query<{ name: string; kind: string }>(`
      select c.oid::regclass::text as name, c.relkind::text as kind
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where ${userSchema('n.nspname')} and n.nspname <> 'supabase_migrations' and c.relkind in ('r', 'p', 'S')
         and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
       order by 1`);
    const result = new Map<string, string[]>();
    for (const { name, kind } of relations) {
      const sequence = kind === 'S';
      const sql = sequence ? `select jsonb_build_object('last_value', last_value, 'is_called', is_called)::text as row from ${name}` : `select to_jsonb(t)::text as row from ${name} t`;
      const { rows } = await tx.query<{ row: string }>(sql);
      result.set(`${sequence ? 'sequence' : 'table'} ${name}`, rows.map((row) => row.row).sort());
    }
    return result;
  });
}

/** Lines saying how two keyed collections differ, at most `limit` of them. */
function differences(label: string, left: Map<string, string>, right: Map<string, string>, names: [string, string], limit = 40): string[] {
  const lines: string[] = [];
  for (const key of new Set([...left.keys(), ...right.keys()])) {
    const a = left.get(key);
    const b = right.get(key);
    if (a === b) continue;
    if (a === undefined) lines.push(`  ${label} ${key}: only in ${names[1]}`);
    else if (b === undefined) lines.push(`  ${label} ${key}: only in ${names[0]}`);
    else lines.push(`  ${label} ${key}:\n    ${names[0]}: ${a}\n    ${names[1]}: ${b}`);
  }
  return lines.length > limit ? [...lines.slice(0, limit), `  … and ${lines.length - limit} more`] : lines;
}

const rowMap = (rows: Map<string, string[]>) => new Map([...rows].map(([table, list]) => [table, list.join('\n')]));
const rowCount = (rows: Map<string, string[]>) => [...rows].filter(([key]) => key.startsWith('table ')).reduce((sum, [, list]) => sum + list.length, 0);

// ---------------------------------------------------------------------------------------------
// Scratch databases
// ---------------------------------------------------------------------------------------------

type Scratch = { name: string; url: string; db: Database };
type Created = { name: string; db?: Database };

async function adminQuery(databaseUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new database on the server, listed in `created` as soon as it exists (so that it is dropped). */
async function createScratch(databaseUrl: string, name: string, created: Created[]): Promise<Scratch> {
  await adminQuery(databaseUrl, `create database ${name}`);
  const entry: Created = { name };
  created.push(entry);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  entry.db = await openPostgres(url.toString());
  return { name, url: url.toString(), db: entry.db };
}

// ---------------------------------------------------------------------------------------------
// The baseline
// ---------------------------------------------------------------------------------------------

const quoteRole = (role: string) => (role === 'PUBLIC' ? role : /^[a-z_][a-z0-9_]*$/.test(role) ? role : `"${role.replace(/"/g, '""')}"`);

type AclObject = { kind: 'TABLE' | 'SEQUENCE' | 'ROUTINE' | 'TYPE' | 'SCHEMA'; name: string; acl: string };

// The objects that have privileges, named as GRANT names them, with their privileges (columns' too).
const aclObjectsSql = `
  select case c.relkind when 'S' then 'SEQUENCE' else 'TABLE' end as kind, c.oid::regclass::text as name,
         concat_ws(' ', ${sortedAcl("coalesce(c.relacl, acldefault(case c.relkind when 'S' then 's'::\"char\" else 'r'::\"char\" end, c.relowner))")}::text,
           (select string_agg(a.attname || ${sortedAcl('a.attacl')}::text, ' ' order by a.attnum) from pg_attribute a where a.attrelid = c.oid and a.attacl is not null)) as acl
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where ${userSchema('n.nspname')} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
  union all
  select 'ROUTINE', p.oid::regprocedure::text, ${sortedAcl("coalesce(p.proacl, acldefault('f', p.proowner))")}::text
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${userSchema('n.nspname')}
  union all
  select 'TYPE', format_type(t.oid, null), ${sortedAcl("coalesce(t.typacl, acldefault('T', t.typowner))")}::text
    from pg_type t join pg_namespace n on n.oid = t.typnamespace left join pg_class c on c.oid = t.typrelid
   where ${userSchema('n.nspname')} and (t.typtype in ('d', 'e', 'r', 'm') or c.relkind = 'c')
  union all
  select 'SCHEMA', quote_ident(n.nspname), ${sortedAcl("coalesce(n.nspacl, acldefault('n', n.nspowner))")}::text
    from pg_namespace n where ${userSchema('n.nspname')}`;

// Every role a privilege on a user object, or a default privilege, names; but the one migrating (the owner).
const granteesSql = `
  select distinct pg_get_userbyid(item.grantee)::text as role
    from (select c.relacl as acl from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${userSchema('n.nspname')}
          union all select a.attacl from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace where ${userSchema('n.nspname')}
          union all select p.proacl from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${userSchema('n.nspname')}
          union all select t.typacl from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${userSchema('n.nspname')}
          union all select n.nspacl from pg_namespace n where ${userSchema('n.nspname')} and n.nspname <> 'public'
          union all select defaclacl from pg_default_acl) acls,
         aclexplode(acls.acl) item
   where item.grantee <> 0 and item.grantee <> current_user::regrole`;

async function aclObjects(db: Database): Promise<Map<string, AclObject>> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('search_path', '', true)");
    const { rows } = await tx.query<AclObject>(aclObjectsSql);
    return new Map(rows.map((row) => [`${row.kind} ${row.name}`, row]));
  });
}

const defaultObjectTypes: Record<string, string> = { r: 'TABLES', S: 'SEQUENCES', f: 'FUNCTIONS', T: 'TYPES', n: 'SCHEMAS' };

type DefaultAcl = { role: string; schema: string | null; type: string };

async function defaultAcls(db: Queryable): Promise<DefaultAcl[]> {
  const { rows } = await db.query<DefaultAcl>(
    `select pg_get_userbyid(defaclrole)::text as role, case when defaclnamespace = 0 then null else defaclnamespace::regnamespace::text end as schema, defaclobjtype::text as type from pg_default_acl`,
  );
  return rows;
}

type Built = { sql: string; folds: string[] };

/** A MAINTAIN privilege (PostgreSQL 17+) held on a relation by a role other than its owner. */
type Maintain = { name: string; role: string; grantable: boolean };

// Who holds MAINTAIN on the relations, on a PostgreSQL 17+ database the files built (PGlite).
const maintainSql = `
  select c.oid::regclass::text as name, case a.grantee when 0 then 'PUBLIC' else pg_get_userbyid(a.grantee)::text end as role, a.is_grantable as grantable
    from pg_class c join pg_namespace n on n.oid = c.relnamespace, aclexplode(c.relacl) a
   where ${userSchema('n.nspname')} and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.privilege_type = 'MAINTAIN' and a.grantee <> c.relowner
   order by 1, 2`;

async function maintainHolders(db: Database): Promise<Maintain[]> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('search_path', '', true)");
    return (await tx.query<Maintain>(maintainSql)).rows;
  });
}

// Who holds every privilege of a relation (pg_dump writes GRANT ALL, which includes MAINTAIN on 17+).
const holdsAllSql = `
  select c.oid::regclass::text as name, case a.grantee when 0 then 'PUBLIC' else pg_get_userbyid(a.grantee)::text end as role
    from pg_class c join pg_namespace n on n.oid = c.relnamespace, aclexplode(c.relacl) a
   where ${userSchema('n.nspname')} and c.relkind in ('r', 'p', 'v', 'm', 'f')
   group by 1, 2, c.relowner
  having count(distinct a.privilege_type) = (select count(*) from aclexplode(acldefault('r', c.relowner)))`;

const serverVersionNum = async (db: Queryable) => Number((await db.query<{ n: string }>("select current_setting('server_version_num') as n")).rows[0].n);

/** The baseline's text, from the two migrated databases. */
async function buildBaseline(
  ref: Scratch,
  files: Scratch,
  created: { extensions: string[]; maintain: Maintain[] },
  folded: string[],
  lastFolded: string,
  now: Date,
): Promise<Built> {
  const dumpArgs = ['--no-owner', '--column-inserts', '--exclude-table-data=supabase_migrations.*'];
  const [refEntries, fileEntries] = await Promise.all([pgDump(ref.url, dumpArgs), pgDump(files.url, dumpArgs)]).then((dumps) => dumps.map(dumpEntries));
  const refByKey = new Map(refEntries.map((entry) => [entry.key, entry]));
  const fileKeys = new Set(fileEntries.map((entry) => entry.key));
  const unsupported: string[] = [];

  const { rows: who } = await files.db.query<{ role: string }>('select current_user::text as role');
  const owner = who[0].role;

  // What the migrations dropped of what Supabase provides: no baseline can say it.
  for (const entry of refEntries) {
    if (!fileKeys.has(entry.key) && entry.type !== 'ACL' && entry.type !== 'DEFAULT ACL' && !(entry.type === 'TABLE DATA' && entry.body === '')) {
      unsupported.push(`${entry.type} ${entry.schema}.${entry.name} (bootstrap.sql makes it; the migrations dropped it)`);
    }
  }

  // Privileges: each object the migrations made, or whose privileges they changed, is reset to
  // PostgreSQL's defaults for a new object (pg_dump's ACL entries say what differs from those).
  const [refObjects, fileObjects] = await Promise.all([aclObjects(ref.db), aclObjects(files.db)]);
  const reset = [...fileObjects]
    .filter(([key, object]) => refObjects.get(key)?.acl !== object.acl)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, object]) => object);
  const grantees = new Set(['anon', 'authenticated', 'service_role']);
  for (const db of [ref.db, files.db]) for (const { role } of (await db.query<{ role: string }>(granteesSql)).rows) grantees.add(role);
  grantees.delete(owner);
  const everyone = ['PUBLIC', ...[...grantees].sort()].map(quoteRole).join(', ');
  const resetSql = reset.map(({ kind, name }) => {
    const revoke = `REVOKE ALL ON ${kind} ${name} FROM ${everyone};`;
    if (kind === 'ROUTINE') return `${revoke}\nGRANT EXECUTE ON ROUTINE ${name} TO PUBLIC;`;
    if (kind === 'TYPE') return `${revoke}\nGRANT USAGE ON TYPE ${name} TO PUBLIC;`;
    return revoke;
  });

  // Default privileges, the same way: reset, then pg_dump's. Only the migrating role's can be set.
  const defaults = [...(await defaultAcls(ref.db)), ...(await defaultAcls(files.db))];
  for (const d of defaults) if (d.role !== owner) unsupported.push(`default privileges of role ${d.role} (only those of the migrating role, ${owner}, can be set)`);
  const defaultKeys = [...new Set(defaults.map((d) => `${d.schema ?? ''}\t${d.type}`))].sort();
  // PostgreSQL 17 added MAINTAIN, which GRANT ALL (the API roles' default privileges) gives and
  // which a revoke that does not name it leaves. pg_dump of an older server cannot name it: who
  // holds it comes from the files' database on PostgreSQL 17+ (PGlite), for the objects the
  // baseline resets, and is granted where the baseline runs on 17 or later.
  const resetTables = new Set(reset.filter((object) => object.kind === 'TABLE').map((object) => object.name));
  const holdsAll = await files.db.transaction(async (tx) => {
    await tx.query("select set_config('search_path', '', true)");
    return new Set((await tx.query<{ name: string; role: string }>(holdsAllSql)).rows.map((row) => `${row.name} ${row.role}`));
  });
  const maintain =
    (await serverVersionNum(files.db)) >= 170000 ? [] : created.maintain.filter((holder) => resetTables.has(holder.name) && !holdsAll.has(`${holder.name} ${holder.role}`));
  const maintainSql = maintain.length === 0 ? [] : [
    "-- MAINTAIN (PostgreSQL 17+): pg_dump of the PostgreSQL this baseline was made on cannot name it; the",
    '-- migrations leave it to these roles on 17 and later (GRANT ALL by default privileges, then revokes that',
    "-- did not name it). Read from the files' database on PGlite.",
    'do $maintain$',
    'begin',
    "  if current_setting('server_version_num')::int >= 170000 then",
    ...maintain.map(({ name, role, grantable }) => `    grant maintain on table ${name} to ${quoteRole(role)}${grantable ? ' with grant option' : ''};`),
    '  end if;',
    'end',
    '$maintain$;',
  ];

  const defaultResetSql = defaultKeys.map((key) => {
    const [schema, type] = key.split('\t');
    const scope = schema ? ` IN SCHEMA ${schema}` : '';
    const objects = defaultObjectTypes[type];
    const lines = [`ALTER DEFAULT PRIVILEGES${scope} REVOKE ALL ON ${objects} FROM ${everyone};`];
    // PostgreSQL's own defaults, which the global entries change: EXECUTE and USAGE for PUBLIC.
    if (!schema && type === 'f') lines.push('ALTER DEFAULT PRIVILEGES GRANT EXECUTE ON FUNCTIONS TO PUBLIC;');
    if (!schema && type === 'T') lines.push('ALTER DEFAULT PRIVILEGES GRANT USAGE ON TYPES TO PUBLIC;');
    return lines.join('\n');
  });

  const [refExtensions, fileExtensions] = await Promise.all(
    [ref, files].map(async ({ db }) => new Map((await db.query<{ name: string; version: string }>('select extname as name, extversion as version from pg_extension')).rows.map((row) => [row.name, row.version]))),
  );
  for (const [name, version] of fileExtensions) {
    if (refExtensions.get(name) !== version) unsupported.push(`extension ${name} ${version} (the reference database has ${refExtensions.get(name) ?? 'none'})`);
  }

  const render = (entry: Entry, body = entry.body) => `-- Name: ${entry.name}; Type: ${entry.type}; Schema: ${entry.schema}\n${body}\n`;
  const extensions: string[] = [];
  const objects: string[] = [];
  let aclsStarted = false;
  let defaultsStarted = false;
  const startAcls = () => {
    if (aclsStarted) return;
    aclsStarted = true;
    if (resetSql.length === 0) return;
    objects.push(
      `-- Privileges. Each object starts from PostgreSQL's defaults for a new object, whatever the\n` +
        `-- database's default privileges gave it; then the grants follow.\n${resetSql.join('\n')}\n`,
    );
  };
  const startDefaults = () => {
    if (defaultsStarted) return;
    startAcls();
    defaultsStarted = true;
    if (maintainSql.length > 0) objects.push(`${maintainSql.join('\n')}\n`);
    if (defaultResetSql.length === 0) return;
    objects.push(`-- Default privileges of the migrating role, reset, then set.\n${defaultResetSql.join('\n')}\n`);
  };

  for (const entry of fileEntries) {
    const before = refByKey.get(entry.key);
    if (entry.type === 'EXTENSION') {
      // The reference database has the extensions too (runBaseline), so that what CREATE EXTENSION
      // makes is not taken for the migrations' own work; those the migrations create come first.
      if (created.extensions.includes(entry.name)) extensions.push(render(entry));
      continue;
    }
    if (entry.type === 'COMMENT' && entry.name.startsWith('EXTENSION ')) continue;
    if (entry.type === 'DEFAULT ACL') {
      startDefaults();
      objects.push(render(entry, entry.body.replace(new RegExp(`^ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} `, 'gm'), 'ALTER DEFAULT PRIVILEGES ')));
      continue;
    }
    if (before && before.body === entry.body) continue;
    if (entry.body === '') continue;
    if (entry.type === 'ACL') startAcls();
    let body = entry.body;
    if (before) {
      if (entry.type === 'FUNCTION') body = body.replace(/^CREATE FUNCTION /m, 'CREATE OR REPLACE FUNCTION ');
      else if (entry.type !== 'ACL' && entry.type !== 'COMMENT') {
        unsupported.push(`${entry.type} ${entry.schema}.${entry.name} (bootstrap.sql makes it; the migrations changed it)`);
        continue;
      }
    }
    objects.push(render(entry, body));
  }
  startDefaults();

  if (unsupported.length > 0) {
    throw new Error(`The migrations do what a baseline cannot carry:\n  ${unsupported.join('\n  ')}\nFold them by hand, or teach scripts/db-baseline.ts.`);
  }

  const header = [
    `-- ViewPact's schema as the ${folded.length} migrations up to ${lastFolded} built it, in one migration: the baseline`,
    '-- that replaces them (issue 30). Generated by `npm run db:baseline` (scripts/db-baseline.ts) from the',
    `-- migrations it replaces, on ${now.toISOString().slice(0, 10)}: pg_dump of the database they build (after bootstrap.sql,`,
    '-- without the seed), their objects and the rows they inserted (configuration: ledger_rules, pay_rules,',
    "-- platform_totals' shards…), shown equal to it object by object and row by row. Do not edit it: a change",
    '-- is a new migration. For the current definition of an object, read supabase/schema/ (npm run db:schema:',
    '-- one file per table, view and function, generated from the migrations); the folded files are in git history.',
    '--',
    '-- Run it in one transaction, as the Supabase CLI and server/db/migrate.ts do: its settings are local to it.',
    '-- A database that recorded every version below has this schema already: server/db/migrate.ts records the',
    '-- baseline there without running it, and refuses a database that recorded only some of them.',
    `-- folds: ${folded.join(' ')}`,
  ];
  const settings = [
    "select pg_catalog.set_config('search_path', '', true);",
    "select pg_catalog.set_config('check_function_bodies', 'false', true);",
    "select pg_catalog.set_config('standard_conforming_strings', 'on', true);",
    "select pg_catalog.set_config('client_min_messages', 'warning', true);",
  ];
  const sql = [header.join('\n'), '', settings.join('\n'), '', ...extensions, ...objects].join('\n').replace(/\n{3,}/g, '\n\n');
  return { sql: sql.endsWith('\n') ? sql : `${sql}\n`, folds: folded };
}

// ---------------------------------------------------------------------------------------------
// The proof
// ---------------------------------------------------------------------------------------------

async function compareDumps(files: Scratch, baseline: Scratch, report: string[]): Promise<{ equal: boolean; schema: boolean; data: boolean; objects: number; rows: number }> {
  const schemaArgs = ['--schema-only'];
  const [left, right] = await Promise.all([pgDump(files.url, schemaArgs), pgDump(baseline.url, schemaArgs)]).then((dumps) => dumps.map(withoutHeader));
  const leftEntries = dumpEntries(left);
  if (left !== right) {
    report.push('pg_dump --schema-only differs (files | baseline):');
    const rightEntries = new Map(dumpEntries(right).map((entry) => [entry.key, entry.body]));
    report.push(...differences('entry', new Map(leftEntries.map((entry) => [entry.key.replace(/\t/g, ' '), entry.body])), new Map([...rightEntries].map(([key, body]) => [key.replace(/\t/g, ' '), body])), ['files', 'baseline']));
    if (report.at(-1)?.endsWith('differs (files | baseline):')) report.push('  (the same entries, in another order)');
  }

  const dataArgs = ['--data-only', '--column-inserts', '--exclude-table-data=supabase_migrations.*'];
  const [leftData, rightData] = await Promise.all([pgDump(files.url, dataArgs), pgDump(baseline.url, dataArgs)]).then((dumps) =>
    dumps.map((dump) => new Map(dumpEntries(withoutHeader(dump)).map((entry) => [entry.key.replace(/\t/g, ' '), entry.body.split('\n').sort().join('\n')]))),
  );
  const rowDiff = differences('data', leftData, rightData, ['files', 'baseline']);
  if (rowDiff.length > 0) report.push('pg_dump --data-only differs (files | baseline):', ...rowDiff);
  const rows = [...leftData.values()].reduce((sum, body) => sum + body.split('\n').filter((line) => line.startsWith('INSERT INTO ')).length, 0);
  return { equal: left === right && rowDiff.length === 0, schema: left === right, data: rowDiff.length === 0, objects: leftEntries.length, rows };
}

/** Folds, proves, and (with fold) replaces the files. Drops every scratch database it made. */
export async function runBaseline(options: BaselineOptions = {}): Promise<BaselineResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const migrationsDir = options.migrationsDir ?? join(repoRoot, 'supabase/migrations');
  const databaseUrl = options.databaseUrl ?? defaultDatabaseUrl;
  const now = options.now ?? new Date();
  const version = `${now.toISOString().slice(0, 10).replace(/-/g, '')}000000`;
  const baselineName = `${version}_baseline.sql`;

  const names = (await readdir(migrationsDir)).filter((name) => /^\d+_.+\.sql$/.test(name)).sort();
  if (names.length === 0) throw new Error(`No migrations in ${migrationsDir}.`);
  const versions = names.map((name) => name.split('_')[0]);
  if (versions.includes(version)) {
    throw new Error(`A migration of version ${version} is in ${migrationsDir} already (${names[versions.indexOf(version)]}): a baseline dated today would replace it. Restore the folded files first (git checkout), or fold another day.`);
  }

  const suffix = randomBytes(5).toString('hex');
  const scratch: Created[] = [];
  const pglites: Database[] = [];
  const workDir = await mkdtemp(join(tmpdir(), 'viewpact-baseline-work-'));
  const report: string[] = [];
  try {
    const make = (role: string) => createScratch(databaseUrl, `viewpact_scratch_baseline_${suffix}_${role}`, scratch);
    const [ref, files, baseline] = [await make('ref'), await make('files'), await make('baseline')];
    const emptyDir = join(workDir, 'none');
    await mkdir(emptyDir);
    await migrate(ref.db, { seed: false, migrationsDir: emptyDir });
    const applied = await migrate(files.db, { seed: false, migrationsDir });
    log(`migrated ${files.name}: bootstrap.sql and ${applied.applied.length} migrations (no seed)`);
    // The same on PGlite (PostgreSQL 17+): who holds MAINTAIN there, and the PGlite half of the proof.
    const pgliteFiles = await openPglite('memory://');
    pglites.push(pgliteFiles);
    await migrate(pgliteFiles, { seed: false, migrationsDir });

    // The reference has what the files do not make: bootstrap.sql, and the extensions they create
    // (an extension's own objects and privileges are CREATE EXTENSION's, not the baseline's).
    const { rows: bootstrapped } = await ref.db.query<{ name: string }>('select extname as name from pg_extension');
    const { rows: extensions } = await files.db.query<{ name: string; statement: string }>(`
      select e.extname as name, format('create extension if not exists %I with schema %I', e.extname, e.extnamespace::regnamespace) as statement
        from pg_extension e where e.extname <> all ($1::text[]) order by e.oid`, [bootstrapped.map((row) => row.name)]);
    for (const { statement } of extensions) await ref.db.exec(statement);

    const created = { extensions: extensions.map((row) => row.name), maintain: await maintainHolders(pgliteFiles) };
    const built = await buildBaseline(ref, files, created, versions, names.at(-1)!.replace(/\.sql$/, ''), now);
    // Kept after the run (without --fold, it is the result): a folder of its own, the baseline alone.
    const baselineDir = await mkdtemp(join(tmpdir(), 'viewpact-baseline-'));
    const file = join(baselineDir, baselineName);
    await writeFile(file, built.sql);
    if (JSON.stringify(foldedVersions(built.sql)) !== JSON.stringify(versions)) throw new Error('The baseline header does not list the versions it folds.');
    log(`wrote ${file} (${built.sql.split('\n').length} lines, folds ${versions.length} migrations)`);

    // The proof, on PostgreSQL.
    const onBaseline = await migrate(baseline.db, { seed: false, migrationsDir: baselineDir });
    if (JSON.stringify(onBaseline.applied) !== JSON.stringify([baselineName])) throw new Error(`The migrator applied ${onBaseline.applied.join(', ') || 'nothing'}, not ${baselineName}.`);
    const dumps = await compareDumps(files, baseline, report);
    const [leftFacts, rightFacts] = await Promise.all([catalogFacts(files.db), catalogFacts(baseline.db)]);
    const factDiff = differences('catalog', leftFacts, rightFacts, ['files', 'baseline']);
    if (factDiff.length > 0) report.push('pg_catalog differs (files | baseline):', ...factDiff);
    const [leftRows, rightRows] = await Promise.all([tableRows(files.db), tableRows(baseline.db)]);
    const rowDiff = differences('rows', rowMap(leftRows), rowMap(rightRows), ['files', 'baseline']);
    if (rowDiff.length > 0) report.push('table rows differ (files | baseline):', ...rowDiff);
    let equal = dumps.equal && factDiff.length === 0 && rowDiff.length === 0;
    const same = (holds: boolean) => (holds ? 'identical' : 'DIFFERENT');
    report.push(
      equal ? `catalog equal: ${dumps.objects} objects, ${dumps.rows} rows` : `catalog NOT equal: see above (the files built ${dumps.objects} objects, ${dumps.rows} rows)`,
      `  PostgreSQL ${await serverVersion(files.db)}: pg_dump --schema-only of the whole database ${same(dumps.schema)} (${dumps.objects} entries; only the header's \\restrict line and versions set aside),`,
      `  pg_dump --data-only ${same(dumps.data)} (${dumps.rows} rows, supabase_migrations aside; rows compared as sets), pg_catalog ${same(factDiff.length === 0)} (${leftFacts.size} facts: functions' settings, volatility and security definer; RLS enabled and forced; privileges, columns' too; default privileges; schema grants; triggers; policies; extensions; comments)`,
    );

    // The migrator, on the database that recorded every folded version.
    const again = await migrate(files.db, { seed: false, migrationsDir: baselineDir });
    const recordedOnly = again.applied.length === 0 && JSON.stringify(again.recorded) === JSON.stringify([baselineName]);
    report.push(`  migrate() on the database the files built: ${recordedOnly ? 'recorded the baseline without running it' : `UNEXPECTED ${JSON.stringify(again)}`}`);
    equal &&= recordedOnly;

    // scripts/catalog.ts (npm run db:catalog-diff, supabase/schema/'s source) must see no difference either.
    const catalogDiff = diffCatalogs(await readCatalog(files.db), await readCatalog(baseline.db), ['files', 'baseline']);
    if (catalogDiff.length > 0) report.push('scripts/catalog.ts differs (files | baseline):', ...catalogDiff.slice(0, 40));
    report.push(`  scripts/catalog.ts (db:catalog-diff, db:schema): ${catalogDiff.length === 0 ? 'no difference' : `${catalogDiff.length} DIFFERENCES`}`);
    equal &&= catalogDiff.length === 0;

    // And on PGlite, the local backend's engine, through the same migrate().
    if (options.pglite !== false) {
      const fromBaseline = await openPglite('memory://');
      pglites.push(fromBaseline);
      await migrate(fromBaseline, { seed: false, migrationsDir: baselineDir });
      const [left, right] = [await catalogFacts(pgliteFiles), await catalogFacts(fromBaseline)];
      const pgliteFacts = differences('catalog', left, right, ['files', 'baseline']);
      const pgliteRows = differences('rows', rowMap(leftRows), rowMap(await tableRows(fromBaseline)), ['files on PostgreSQL', 'baseline on PGlite']);
      const pgliteCatalog = diffCatalogs(await readCatalog(pgliteFiles), await readCatalog(fromBaseline), ['files', 'baseline']);
      if (pgliteFacts.length > 0) report.push('PGlite: pg_catalog differs (files | baseline):', ...pgliteFacts);
      if (pgliteRows.length > 0) report.push('PGlite: rows differ:', ...pgliteRows);
      if (pgliteCatalog.length > 0) report.push('PGlite: scripts/catalog.ts differs (files | baseline):', ...pgliteCatalog.slice(0, 40));
      equal &&= pgliteFacts.length === 0 && pgliteRows.length === 0 && pgliteCatalog.length === 0;
      report.push(
        `  PGlite (PostgreSQL ${await serverVersion(pgliteFiles)}) through migrate(): pg_catalog ${same(pgliteFacts.length === 0)} (${left.size} facts, MAINTAIN included), ` +
          `scripts/catalog.ts ${pgliteCatalog.length === 0 ? 'no difference' : 'DIFFERENT'}, rows ${same(pgliteRows.length === 0)} to PostgreSQL's (${rowCount(leftRows)} rows)`,
      );
    }
    for (const line of report) log(line);

    if (!equal) return { equal, file, version, folds: versions, report };
    if (!options.fold) {
      log(`Not folded (no --fold): the baseline is ${file}.`);
      return { equal, file, version, folds: versions, report };
    }
    const target = join(migrationsDir, baselineName);
    await writeFile(target, built.sql);
    for (const name of names) await rm(join(migrationsDir, name));
    await rm(baselineDir, { recursive: true, force: true });
    log(`Folded: wrote ${relative(repoRoot, target)} and deleted the ${names.length} files it folds.`);
    await afterFold(names, log);
    return { equal, file: target, version, folds: versions, report };
  } finally {
    for (const db of pglites) await db.close();
    for (const { db, name } of scratch) {
      await db?.close();
      await adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
    }
    await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function serverVersion(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ version: string }>("select current_setting('server_version') as version");
  return rows[0].version.split(' ')[0];
}

/**
 * After a fold: what follows from it mechanically is done (the date rule's list of files exempt
 * until the fold is emptied, the README's start banner counts one migration); the files that still
 * name a folded migration are listed, for the one who folds to point them at supabase/schema/.
 */
async function afterFold(names: string[], log: (line: string) => void) {
  const exemptions = join(repoRoot, 'server/db/migration-order.test.ts');
  const test = await readFile(exemptions, 'utf8').catch(() => '');
  const list = /const datedInTheFutureBeforeTheRule(?:: string\[\])? = \[([^\]]*)\];/.exec(test);
  if (list) {
    const listed = [...list[1].matchAll(/'([^']+)'/g)].map((match) => match[1]);
    if (listed.length > 0 && listed.every((file) => names.includes(file))) {
      await writeFile(exemptions, test.replace(list[0], 'const datedInTheFutureBeforeTheRule: string[] = [];'));
      log(`Emptied the list of migrations exempt from the date rule until the fold (${relative(repoRoot, exemptions)}).`);
    }
  }
  const readmeFile = join(repoRoot, 'README.md');
  const readme = await readFile(readmeFile, 'utf8').catch(() => '');
  const banner = /\b(\d+) migration\(s\) applied/.exec(readme);
  if (banner && banner[1] !== '1') {
    await writeFile(readmeFile, readme.replace(banner[0], '1 migration(s) applied'));
    log(`README.md's start banner now says a first start applies 1 migration (it said ${banner[1]}; server/banner.test.ts holds it to the README).`);
  }
  const patterns = names.flatMap((name) => ['-e', name]);
  const { stdout } = await run('git', ['grep', '-l', '-F', ...patterns, '--', '.', ':!supabase/migrations'], { cwd: repoRoot }).catch(() => ({ stdout: '' }));
  const files = stdout.trim().split('\n').filter(Boolean);
  if (files.length > 0) log(`These files still name folded migrations (point them at supabase/schema/ or the baseline):\n  ${files.join('\n  ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const unknown = args.filter((arg) => arg !== '--fold' && arg !== '--no-pglite' && !arg.startsWith('--database-url='));
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown[0]}. Usage: npm run db:baseline [-- --fold] [--database-url=<postgres url>] [--no-pglite]`);
    process.exit(2);
  }
  const databaseUrl = args.find((arg) => arg.startsWith('--database-url='))?.slice('--database-url='.length) ?? process.env.DATABASE_URL ?? defaultDatabaseUrl;
  runBaseline({ fold: args.includes('--fold'), pglite: !args.includes('--no-pglite'), databaseUrl })
    .then((result) => process.exit(result.equal ? 0 : 1))
    .catch((error: Error) => {
      console.error(error.message);
      process.exit(1);
    });
}
