/**
 * A normalized, engine-neutral description of what a database's schema is: every schema,
 * extension, default privilege, type, sequence, table (columns, constraints, indexes, policies,
 * grants, triggers, comments), view and function (its full definition, settings and grants), and
 * the rows of the small tables a migration fills (public.ledger_rules, public.pay_rules, the
 * private tally shards…). Two databases built differently — the 36 migration files, or one
 * baseline — have the same schema when diffCatalogs() finds nothing between their catalogs.
 *
 * Everything is keyed by name and sorted, and nothing depends on an oid, so the catalog of a
 * database is the same on every run; values are read with an empty search_path, so every name
 * outside pg_catalog is schema-qualified (as pg_dump writes them).
 *
 * `npm run db:schema` (scripts/db-schema.ts) renders the tree supabase/schema/ from it, and
 * `npm run db:catalog-diff` (scripts/db-catalog-diff.ts) compares two databases with it.
 */
import type { Database, Queryable } from '../server/db/types';

/** Privileges of one object: grantee → privileges (`SELECT`, `EXECUTE`…, with ` WITH GRANT OPTION` when so). */
export type Grants = Record<string, string[]>;

export type Column = {
  type: string;
  notNull: boolean;
  default: string | null;
  /** `a` generated always as identity, `d` by default, '' neither. */
  identity: string;
  /** `s` a stored generated column ('' otherwise); its expression is `default`. */
  generated: string;
  collation: string | null;
  comment: string | null;
  /** Column-level privileges (those granted on the column, not through the table). */
  grants: Grants;
};

export type Constraint = { type: string; definition: string; comment: string | null };
export type Index = { definition: string; /** Made by a primary key, unique or exclusion constraint. */ constraint: boolean; comment: string | null };
export type Trigger = { definition: string; /** pg_trigger.tgenabled: O on, D disabled, R replica, A always. */ enabled: string; comment: string | null };
export type Policy = { permissive: boolean; command: string; roles: string[]; using: string | null; check: string | null; comment: string | null };

export type Table = {
  owner: string;
  /** `r` a table, `p` a partitioned table, `f` a foreign table. */
  kind: string;
  rowSecurity: boolean;
  forceRowSecurity: boolean;
  options: string[];
  /** pg_class.relreplident: d default, n nothing, f full, i index. */
  replicaIdentity: string;
  comment: string | null;
  /** In column order. */
  columns: Record<string, Column>;
  constraints: Record<string, Constraint>;
  indexes: Record<string, Index>;
  policies: Record<string, Policy>;
  triggers: Record<string, Trigger>;
  grants: Grants;
};

export type View = {
  owner: string;
  /** `v` a view, `m` a materialized view. */
  kind: string;
  definition: string;
  options: string[];
  comment: string | null;
  /** In column order. */
  columns: Record<string, { type: string; comment: string | null; grants: Grants }>;
  indexes: Record<string, Index>;
  triggers: Record<string, Trigger>;
  grants: Grants;
};

export type Routine = {
  /** `f` function, `p` procedure, `a` aggregate, `w` window. */
  kind: string;
  owner: string;
  /** pg_get_functiondef(): the whole CREATE OR REPLACE statement (null for an aggregate). */
  definition: string | null;
  returns: string;
  language: string;
  securityDefiner: boolean;
  volatility: string;
  /** proconfig: the SET clauses, `search_path=""` and the like. */
  settings: string[];
  comment: string | null;
  grants: Grants;
};

export type Sequence = {
  owner: string;
  type: string;
  start: string;
  increment: string;
  min: string;
  max: string;
  cache: string;
  cycle: boolean;
  /** The column it belongs to (table `schema.name`), and how: an identity column's, or owned by a serial column. */
  ownedBy: { table: string; column: string; how: 'identity' | 'owned' } | null;
  comment: string | null;
  grants: Grants;
};

export type Type = {
  /** `e` enum, `d` domain, `c` composite. */
  kind: string;
  owner: string;
  /** Enum labels in order; a composite type's attributes (`name type`); a domain's base type first, then its constraints. */
  definition: string[];
  default: string | null;
  notNull: boolean;
  comment: string | null;
  grants: Grants;
};

export type Rows = {
  /** Each row as JSON, sorted; the masked columns left out. */
  rows: unknown[];
  /** Columns whose default is the clock or a random value (`updated_at default now()`): their values differ each time. */
  masked: string[];
};

export type Catalog = {
  /** Every privilege an owner holds on each kind of object, on this server version (PostgreSQL 17 added MAINTAIN). */
  privileges: Record<string, string[]>;
  schemas: Record<string, { owner: string; comment: string | null; grants: Grants }>;
  extensions: Record<string, { schema: string; version: string }>;
  /** `role in schema on kind` (schema `*` for every schema) → privileges new objects get. */
  defaultPrivileges: Record<string, Grants>;
  types: Record<string, Type>;
  sequences: Record<string, Sequence>;
  tables: Record<string, Table>;
  views: Record<string, View>;
  /** `schema.name(identity arguments)` → the function. */
  functions: Record<string, Routine>;
  /** `schema.table` → its rows, for the tables chosen by CatalogOptions.rows. */
  rows: Record<string, Rows>;
};

export type CatalogOptions = {
  /**
   * Whose rows to read: `non-empty` (the default) every table outside auth and
   * supabase_migrations that has a row — on a freshly migrated database, exactly the rows the
   * migrations insert; a list of `schema.table` names; or none.
   */
  rows?: 'non-empty' | string[] | false;
  /** At most this many rows per table (default 1000); more is an error: the catalog is for configuration, not data. */
  maxRows?: number;
};

/** Schemas the catalog leaves out: PostgreSQL's own. */
const systemSchemas = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_(toast|temp)'`;

/** Not a member of an extension (pg_trgm's functions are the extension's, not the schema's). */
const notInExtension = (classTable: string, oid: string) =>
  `not exists (select 1 from pg_depend e where e.classid = '${classTable}'::regclass and e.objid = ${oid} and e.deptype = 'e')`;

/** Privileges as aclexplode() gives them, the default ACL standing in for a null one. */
const grantsOf = (acl: string, kind: string, owner: string) => `
  (select coalesce(json_agg(json_build_object(
            'grantee', case when a.grantee = 0 then 'PUBLIC' else a.grantee::regrole::text end,
            'privilege', a.privilege_type, 'grantable', a.is_grantable)), '[]')
     from aclexplode(coalesce(${acl}, acldefault('${kind}', ${owner}))) a)`;

/** Column privileges: no default, a null ACL grants nothing. */
const columnGrantsOf = (acl: string) => `
  (select coalesce(json_agg(json_build_object(
            'grantee', case when a.grantee = 0 then 'PUBLIC' else a.grantee::regrole::text end,
            'privilege', a.privilege_type, 'grantable', a.is_grantable)), '[]')
     from aclexplode(${acl}) a)`;

type AclItem = { grantee: string; privilege: string; grantable: boolean };

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** An object whose keys are in the given order (sorted by name unless told). */
function record<T>(entries: [string, T][], sort = true): Record<string, T> {
  const sorted = sort ? [...entries].sort(([a], [b]) => byText(a, b)) : entries;
  return Object.fromEntries(sorted);
}

function grants(items: AclItem[]): Grants {
  const byGrantee = new Map<string, string[]>();
  for (const item of items) {
    const list = byGrantee.get(item.grantee) ?? [];
    list.push(item.grantable ? `${item.privilege} WITH GRANT OPTION` : item.privilege);
    byGrantee.set(item.grantee, list);
  }
  return record([...byGrantee].map(([grantee, privileges]) => [grantee, privileges.sort(byText)]));
}

const queries = {
  privileges: `
    select k.kind, json_agg(a.privilege_type order by a.privilege_type) as privileges
      from (values ('table', 'r'), ('sequence', 's'), ('function', 'f'), ('schema', 'n'), ('type', 'T')) k(kind, code)
      cross join lateral aclexplode(acldefault(k.code::"char", 10::oid)) a
     where a.grantee = 10
     group by k.kind`,

  schemas: `
    select n.nspname as name, pg_get_userbyid(n.nspowner) as owner, obj_description(n.oid, 'pg_namespace') as comment,
           ${grantsOf('n.nspacl', 'n', 'n.nspowner')} as grants
      from pg_namespace n
     where ${systemSchemas}`,

  extensions: `
    select x.extname as name, n.nspname as schema, x.extversion as version
      from pg_extension x join pg_namespace n on n.oid = x.extnamespace`,

  defaultPrivileges: `
    select pg_get_userbyid(d.defaclrole) as role, coalesce(n.nspname, '*') as schema,
           case d.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences' when 'f' then 'functions'
                                when 'T' then 'types' when 'n' then 'schemas' else d.defaclobjtype::text end as kind,
           ${columnGrantsOf('d.defaclacl')} as grants
      from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace`,

  types: `
    select n.nspname as schema, t.typname as name, t.typtype as kind, pg_get_userbyid(t.typowner) as owner,
           case t.typtype
             when 'e' then (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid)
             when 'c' then (select json_agg(format('%I %s', a.attname, format_type(a.atttypid, a.atttypmod)) order by a.attnum)
                              from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped)
             else (select json_agg(x order by o) from (
                     select 0 as o, format_type(t.typbasetype, t.typtypmod) as x
                     union all
                     select 1, format('constraint %I %s', c.conname, pg_get_constraintdef(c.oid, true))
                       from pg_constraint c where c.contypid = t.oid) d)
           end as definition,
           t.typdefault as default, t.typnotnull as "notNull", obj_description(t.oid, 'pg_type') as comment,
           ${grantsOf('t.typacl', 'T', 't.typowner')} as grants
      from pg_type t
      join pg_namespace n on n.oid = t.typnamespace
      left join pg_class c on c.oid = t.typrelid
     where ${systemSchemas} and ${notInExtension('pg_type', 't.oid')}
       and (t.typtype in ('e', 'd') or (t.typtype = 'c' and c.relkind = 'c'))`,

  sequences: `
    select n.nspname as schema, c.relname as name, pg_get_userbyid(c.relowner) as owner,
           format_type(s.seqtypid, null) as type, s.seqstart::text as start, s.seqincrement::text as increment,
           s.seqmin::text as min, s.seqmax::text as max, s.seqcache::text as cache, s.seqcycle as cycle,
           (select json_build_object('table', tn.nspname || '.' || tc.relname, 'column', a.attname,
                                     'how', case d.deptype when 'i' then 'identity' else 'owned' end)
              from pg_depend d
              join pg_class tc on tc.oid = d.refobjid
              join pg_namespace tn on tn.oid = tc.relnamespace
              join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
             where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.refclassid = 'pg_class'::regclass
               and d.deptype in ('a', 'i')) as "ownedBy",
           obj_description(c.oid, 'pg_class') as comment,
           ${grantsOf('c.relacl', 's', 'c.relowner')} as grants
      from pg_class c
      join pg_sequence s on s.seqrelid = c.oid
      join pg_namespace n on n.oid = c.relnamespace
     where ${systemSchemas} and ${notInExtension('pg_class', 'c.oid')}`,

  relations: `
    select c.oid, n.nspname as schema, c.relname as name, c.relkind as kind, pg_get_userbyid(c.relowner) as owner,
           c.relrowsecurity as "rowSecurity", c.relforcerowsecurity as "forceRowSecurity",
           coalesce(to_json(c.reloptions), '[]') as options, c.relreplident as "replicaIdentity",
           obj_description(c.oid, 'pg_class') as comment,
           case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid, true) end as definition,
           ${grantsOf('c.relacl', 'r', 'c.relowner')} as grants
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where ${systemSchemas} and c.relkind in ('r', 'p', 'f', 'v', 'm') and ${notInExtension('pg_class', 'c.oid')}`,

  columns: `
    select a.attrelid as relation, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
           a.attnotnull as "notNull", pg_get_expr(d.adbin, d.adrelid) as default,
           a.attidentity::text as identity, a.attgenerated::text as generated,
           case when a.attcollation <> t.typcollation then (select format('%I.%I', cn.nspname, co.collname)
                  from pg_collation co join pg_namespace cn on cn.oid = co.collnamespace where co.oid = a.attcollation) end as collation,
           col_description(a.attrelid, a.attnum) as comment,
           ${columnGrantsOf('a.attacl')} as grants
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where ${systemSchemas} and c.relkind in ('r', 'p', 'f', 'v', 'm') and a.attnum > 0 and not a.attisdropped
     order by a.attrelid, a.attnum`,

  // Not-null constraints (PostgreSQL 18 lists them here too) are the columns' notNull; a
  // constraint trigger is one of the triggers.
  constraints: `
    select c.conrelid as relation, c.conname as name, c.contype as type, pg_get_constraintdef(c.oid, true) as definition,
           obj_description(c.oid, 'pg_constraint') as comment
      from pg_constraint c
     where c.conrelid <> 0 and c.contype not in ('n', 't')`,

  indexes: `
    select i.indrelid as relation, c.relname as name, pg_get_indexdef(i.indexrelid) as definition,
           exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid and k.contype in ('p', 'u', 'x')) as constraint,
           obj_description(i.indexrelid, 'pg_class') as comment
      from pg_index i join pg_class c on c.oid = i.indexrelid`,

  policies: `
    select p.polrelid as relation, p.polname as name, p.polpermissive as permissive,
           case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end as command,
           (select json_agg(case when r = 0 then 'public' else r::regrole::text end) from unnest(p.polroles) r) as roles,
           pg_get_expr(p.polqual, p.polrelid) as using, pg_get_expr(p.polwithcheck, p.polrelid) as check,
           obj_description(p.oid, 'pg_policy') as comment
      from pg_policy p`,

  triggers: `
    select t.tgrelid as relation, t.tgname as name, pg_get_triggerdef(t.oid, true) as definition, t.tgenabled::text as enabled,
           obj_description(t.oid, 'pg_trigger') as comment
      from pg_trigger t
     where not t.tgisinternal`,

  functions: `
    select n.nspname as schema, p.proname as name, pg_get_function_identity_arguments(p.oid) as arguments,
           p.prokind::text as kind, pg_get_userbyid(p.proowner) as owner,
           case when p.prokind <> 'a' then pg_get_functiondef(p.oid) end as definition,
           coalesce(pg_get_function_result(p.oid), '') as returns, l.lanname as language,
           p.prosecdef as "securityDefiner", p.provolatile::text as volatility,
           coalesce(to_json(p.proconfig), '[]') as settings, obj_description(p.oid, 'pg_proc') as comment,
           ${grantsOf('p.proacl', 'f', 'p.proowner')} as grants
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      join pg_language l on l.oid = p.prolang
     where ${systemSchemas} and ${notInExtension('pg_proc', 'p.oid')}`,
};

/** A column default that is the clock or a random value: its value is not part of the schema. */
const volatileDefault = /\b(now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|gen_random_uuid|uuid_generate_v\d\w*)\s*\(|\bcurrent_(timestamp|date|time)\b|\blocal(timestamp|time)\b/i;

/** An identifier as SQL writes it: bare when it can be, quoted otherwise. */
export function ident(name: string): string {
  return /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

type RelationRow = {
  oid: number;
  schema: string;
  name: string;
  kind: string;
  owner: string;
  rowSecurity: boolean;
  forceRowSecurity: boolean;
  options: string[];
  replicaIdentity: string;
  comment: string | null;
  definition: string | null;
  grants: AclItem[];
};

/**
 * Reads the catalog of a database, in one read-only transaction with an empty search_path (so
 * every name outside pg_catalog comes out schema-qualified). PGlite and PostgreSQL alike.
 */
export async function readCatalog(db: Database, options: CatalogOptions = {}): Promise<Catalog> {
  return db.transaction((tx) => readCatalogIn(tx, options), { readOnly: true, prelude: "set local search_path to ''" });
}

async function readCatalogIn(tx: Queryable, options: CatalogOptions): Promise<Catalog> {
  const rowsOf = async <T>(sql: string) => (await tx.query<T>(sql)).rows;

  const privileges = record((await rowsOf<{ kind: string; privileges: string[] }>(queries.privileges)).map((row) => [row.kind, row.privileges]));

  const schemas = record(
    (await rowsOf<{ name: string; owner: string; comment: string | null; grants: AclItem[] }>(queries.schemas)).map((row) => [
      row.name,
      { owner: row.owner, comment: row.comment, grants: grants(row.grants) },
    ]),
  );

  const extensions = record(
    (await rowsOf<{ name: string; schema: string; version: string }>(queries.extensions)).map((row) => [row.name, { schema: row.schema, version: row.version }]),
  );

  const defaultPrivileges = record(
    (await rowsOf<{ role: string; schema: string; kind: string; grants: AclItem[] }>(queries.defaultPrivileges)).map((row) => [
      `${row.role} in ${row.schema} on ${row.kind}`,
      grants(row.grants),
    ]),
  );

  type TypeRow = Omit<Type, 'grants'> & { schema: string; name: string; grants: AclItem[] };
  const types = record(
    (await rowsOf<TypeRow>(queries.types)).map(({ schema, name, grants: acl, ...type }) => [`${schema}.${name}`, { ...type, grants: grants(acl) }]),
  );

  type SequenceRow = Omit<Sequence, 'grants'> & { schema: string; name: string; grants: AclItem[] };
  const sequences = record(
    (await rowsOf<SequenceRow>(queries.sequences)).map(({ schema, name, grants: acl, ...sequence }) => [
      `${schema}.${name}`,
      { ...sequence, grants: grants(acl) },
    ]),
  );

  // Everything that hangs off a relation, grouped by its oid (oids never leave this function).
  const relations = (await rowsOf<RelationRow>(queries.relations)).map((row) => ({ ...row, oid: Number(row.oid) }));
  const group = async <T extends { relation: number; name: string }>(sql: string) => {
    const byRelation = new Map<number, T[]>();
    for (const row of await rowsOf<T>(sql)) {
      const relation = Number(row.relation);
      byRelation.set(relation, [...(byRelation.get(relation) ?? []), row]);
    }
    return (oid: number) => byRelation.get(oid) ?? [];
  };
  type ColumnRow = Omit<Column, 'grants'> & { relation: number; name: string; grants: AclItem[] };
  const columnsOf = await group<ColumnRow>(queries.columns);
  const constraintsOf = await group<Constraint & { relation: number; name: string }>(queries.constraints);
  const indexesOf = await group<Index & { relation: number; name: string }>(queries.indexes);
  const policiesOf = await group<Policy & { relation: number; name: string }>(queries.policies);
  const triggersOf = await group<Trigger & { relation: number; name: string }>(queries.triggers);

  const strip = <T extends { relation: number; name: string }>(rows: T[]) =>
    record(rows.map(({ relation: _relation, name, ...rest }) => [name, rest as Omit<T, 'relation' | 'name'>]));
  const columnEntries = (oid: number) =>
    record(
      columnsOf(oid).map(({ relation: _relation, name, grants: acl, ...column }) => [name, { ...column, grants: grants(acl) }]),
      false,
    );

  const tables: [string, Table][] = [];
  const views: [string, View][] = [];
  for (const relation of relations) {
    const key = `${relation.schema}.${relation.name}`;
    const common = {
      owner: relation.owner,
      kind: relation.kind,
      options: [...relation.options].sort(byText),
      comment: relation.comment,
    };
    if (relation.kind === 'v' || relation.kind === 'm') {
      views.push([
        key,
        {
          ...common,
          definition: relation.definition ?? '',
          columns: record(
            columnsOf(relation.oid).map((column) => [column.name, { type: column.type, comment: column.comment, grants: grants(column.grants) }]),
            false,
          ),
          indexes: strip(indexesOf(relation.oid)),
          triggers: strip(triggersOf(relation.oid)),
          grants: grants(relation.grants),
        },
      ]);
    } else {
      tables.push([
        key,
        {
          ...common,
          rowSecurity: relation.rowSecurity,
          forceRowSecurity: relation.forceRowSecurity,
          replicaIdentity: relation.replicaIdentity,
          columns: columnEntries(relation.oid),
          constraints: strip(constraintsOf(relation.oid)),
          indexes: strip(indexesOf(relation.oid)),
          policies: record(
            policiesOf(relation.oid).map(({ relation: _relation, name, roles, ...policy }) => [name, { ...policy, roles: [...roles].sort(byText) }]),
          ),
          triggers: strip(triggersOf(relation.oid)),
          grants: grants(relation.grants),
        },
      ]);
    }
  }

  type FunctionRow = Omit<Routine, 'grants'> & { schema: string; name: string; arguments: string; grants: AclItem[] };
  const functions = record(
    (await rowsOf<FunctionRow>(queries.functions)).map(({ schema, name, arguments: args, grants: acl, settings, ...fn }) => [
      `${schema}.${name}(${args})`,
      { ...fn, settings: [...settings].sort(byText), grants: grants(acl) },
    ]),
  );

  const tableRecord = record(tables);
  return {
    privileges,
    schemas,
    extensions,
    defaultPrivileges,
    types,
    sequences,
    tables: tableRecord,
    views: record(views),
    functions,
    rows: await readRows(tx, tableRecord, options),
  };
}

async function readRows(tx: Queryable, tables: Record<string, Table>, options: CatalogOptions): Promise<Record<string, Rows>> {
  const choice = options.rows ?? 'non-empty';
  if (choice === false) return {};
  const maxRows = options.maxRows ?? 1000;
  const [schemaOf, nameOf] = [(key: string) => key.slice(0, key.indexOf('.')), (key: string) => key.slice(key.indexOf('.') + 1)];
  const sqlName = (key: string) => `${ident(schemaOf(key))}.${ident(nameOf(key))}`;

  let chosen: string[];
  if (choice === 'non-empty') {
    chosen = [];
    for (const key of Object.keys(tables)) {
      if (['auth', 'supabase_migrations'].includes(schemaOf(key)) || tables[key].kind === 'f') continue;
      const { rows } = await tx.query<{ any: boolean }>(`select exists (select 1 from ${sqlName(key)}) as any`);
      if (rows[0].any) chosen.push(key);
    }
  } else {
    chosen = [...choice].sort(byText);
    for (const key of chosen) if (!tables[key]) throw new Error(`No table ${key} to read the rows of`);
  }

  const result: [string, Rows][] = [];
  for (const key of chosen) {
    const masked = Object.entries(tables[key].columns)
      .filter(([, column]) => column.default !== null && volatileDefault.test(column.default))
      .map(([name]) => name);
    const { rows } = await tx.query<{ row: Record<string, unknown> }>(`select to_jsonb(t) as row from ${sqlName(key)} t limit ${maxRows + 1}`);
    if (rows.length > maxRows) {
      throw new Error(`${key} has more than ${maxRows} rows: the catalog reads configuration rows, not data (pass rows: [...] or a larger maxRows)`);
    }
    // Columns in the table's order; rows by primary key (numbers as numbers), then as text.
    const columns = Object.keys(tables[key].columns).filter((column) => !masked.includes(column));
    const primaryKey = (
      await tx.query<{ name: string }>(
        `select a.attname as name from pg_index i cross join unnest(i.indkey) with ordinality k(attnum, ord)
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indrelid = $1::regclass and i.indisprimary order by k.ord`,
        [sqlName(key)],
      )
    ).rows.map((row) => row.name);
    const values = rows.map(({ row }) => record(columns.map((column) => [column, row[column] ?? null]), false));
    const compare = (x: unknown, y: unknown) =>
      typeof x === 'number' && typeof y === 'number' ? x - y : byText(JSON.stringify(x) ?? '', JSON.stringify(y) ?? '');
    values.sort((x, y) => {
      for (const column of primaryKey) {
        const order = compare(x[column], y[column]);
        if (order !== 0) return order;
      }
      return compare(x, y);
    });
    result.push([key, { rows: values, masked }]);
  }
  return record(result);
}

// ---------------------------------------------------------------------------------------------
// Differences
// ---------------------------------------------------------------------------------------------

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const shorten = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function describeChange(a: unknown, b: unknown): string {
  if (typeof a === 'string' && typeof b === 'string' && (a.includes('\n') || b.includes('\n'))) {
    const [linesA, linesB] = [a.split('\n'), b.split('\n')];
    let line = 0;
    while (line < linesA.length && line < linesB.length && linesA[line] === linesB[line]) line += 1;
    return `line ${line + 1}: ${JSON.stringify(shorten(linesA[line] ?? '(end)'))} ≠ ${JSON.stringify(shorten(linesB[line] ?? '(end)'))}`;
  }
  return `${shorten(JSON.stringify(a) ?? 'undefined')} ≠ ${shorten(JSON.stringify(b) ?? 'undefined')}`;
}

/**
 * What differs between two catalogs, one line each: `only in A: functions › public.f(integer)`,
 * `functions › public.f(integer) › definition: line 7: "…" ≠ "…"`. Empty when they are the same.
 * The names label the two sides in the lines (default `A` and `B`). The key order inside an
 * object counts only for columns (their order is the table's).
 */
export function diffCatalogs(a: Catalog, b: Catalog, names: [string, string] = ['A', 'B']): string[] {
  const out: string[] = [];
  const walk = (path: string[], x: unknown, y: unknown) => {
    if (JSON.stringify(x) === JSON.stringify(y)) return;
    const where = path.join(' › ');
    if (isObject(x) && isObject(y)) {
      const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])].sort(byText);
      for (const key of keys) {
        if (!(key in y)) out.push(`only in ${names[0]}: ${[...path, key].join(' › ')}`);
        else if (!(key in x)) out.push(`only in ${names[1]}: ${[...path, key].join(' › ')}`);
        else walk([...path, key], x[key], y[key]);
      }
      if (path[path.length - 1] === 'columns' && keys.every((key) => key in x && key in y) && Object.keys(x).join() !== Object.keys(y).join()) {
        out.push(`${where}: order ${Object.keys(x).join(', ')} ≠ ${Object.keys(y).join(', ')}`);
      }
      return;
    }
    // Rows: row by row, when there are as many on each side.
    if (Array.isArray(x) && Array.isArray(y) && x.length === y.length && [...x, ...y].every(isObject)) {
      x.forEach((row, i) => walk([...path, String(i)], row, y[i]));
      return;
    }
    out.push(`${where}: ${describeChange(x, y)}`);
  };
  walk([], a, b);
  return out;
}
