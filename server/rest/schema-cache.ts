import type { ApiRole } from '../auth/keys';
import type { Queryable } from '../db/types';

export type Column = { name: string; type: string; hasDefault: boolean; defaultExpr: string | null; nullable: boolean; description: string | null };

export type Relation = {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  /** Takes inserts, updates or deletes: a table, or an updatable view (for the OpenAPI document). */
  writable: boolean;
  description: string | null;
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Column sets that are unique (primary key and unique constraints). */
  uniqueKeys: string[][];
};

/** A foreign key from `from` to `to`; on views it is derived from the base table's. */
export type ForeignKey = {
  name: string;
  from: string;
  fromColumns: string[];
  to: string;
  toColumns: string[];
};

export type RoutineArg = { name: string; type: string; isArray: boolean; isJson: boolean; isComposite: boolean; hasDefault: boolean };

export type Routine = {
  name: string;
  args: RoutineArg[];
  returnType: string;
  returnsSet: boolean;
  /** Returns rows (a composite or table type), so select, filters and order apply. */
  returnsRows: boolean;
  returnsVoid: boolean;
  volatile: boolean;
  /** The table or view whose row type the routine returns, so its rows can embed like that relation's. */
  returnsRelation: string | null;
};

export type SchemaCache = {
  schema: string;
  /** The schema's comment: Supabase's public schema says "standard public schema". */
  description: string | null;
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  routines: Map<string, Routine[]>;
  /** Each API role's statement_timeout ('3s'…), or null for none: see loadStatementTimeouts. */
  statementTimeouts: Record<ApiRole, string | null>;
};

const relationsSql = `
  select c.relname as name,
         case when c.relkind in ('v', 'm') then 'view' else 'table' end as kind,
         c.relkind in ('r', 'p') or pg_relation_is_updatable(c.oid, true) & 28 > 0 as writable,
         obj_description(c.oid, 'pg_class') as description,
         coalesce(json_agg(json_build_object(
           'name', a.attname,
           'type', format_type(a.atttypid, a.atttypmod),
           'hasDefault', a.atthasdef,
           'nullable', not a.attnotnull,
           'description', col_description(c.oid, a.attnum),
           -- Identity columns keep their default in a sequence, not in pg_attrdef.
           'defaultExpr', coalesce(pg_get_expr(d.adbin, d.adrelid), case when a.attidentity <> '' then
             format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname)) end)
         ) order by a.attnum) filter (where a.attname is not null), '[]') as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
   where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
   group by c.oid, c.relname, c.relkind`;

const constraintsSql = `
  select con.conname as name, con.contype as type, src.relname as "from", dst.relname as "to",
         (select json_agg(a.attname order by k.i) from unnest(con.conkey) with ordinality k(num, i)
            join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num) as "fromColumns",
         (select json_agg(a.attname order by k.i) from unnest(con.confkey) with ordinality k(num, i)
            join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num) as "toColumns"
    from pg_constraint con
    join pg_class src on src.oid = con.conrelid
    join pg_namespace n on n.oid = src.relnamespace
    left join pg_class dst on dst.oid = con.confrelid
    left join pg_namespace dn on dn.oid = dst.relnamespace
   where n.nspname = $1 and con.contype in ('p', 'u', 'f') and (con.contype <> 'f' or dn.nspname = $1)`;

// A view's single base table, for views that are plain projections of one table.
const viewBasesSql = `
  select distinct v.relname as view, t.relname as base
    from pg_class v
    join pg_namespace n on n.oid = v.relnamespace
    join pg_rewrite r on r.ev_class = v.oid
    join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass and d.refobjsubid > 0
    join pg_class t on t.oid = d.refobjid and t.oid <> v.oid and t.relkind in ('r', 'p')
   where n.nspname = $1 and v.relkind in ('v', 'm')`;

const routinesSql = `
  select p.proname as name,
         coalesce(p.proargnames, '{}') as "argNames",
         coalesce(p.proargmodes::text[], '{}') as "argModes",
         (select coalesce(json_agg(json_build_object(
             'type', format_type(t.oid, null),
             'isArray', t.typcategory = 'A',
             'isJson', t.typname in ('json', 'jsonb'),
             'isComposite', t.typtype = 'c') order by i), '[]')
            from unnest(p.proargtypes) with ordinality as x(oid, i) join pg_type t on t.oid = x.oid) as "inArgTypes",
         p.pronargs as "inArgCount",
         p.pronargdefaults as "defaultCount",
         format_type(p.prorettype, null) as "returnType",
         p.proretset as "returnsSet",
         (rt.typtype = 'c' or rt.typname = 'record') as "returnsRows",
         rt.typname = 'void' as "returnsVoid",
         p.provolatile = 'v' as volatile,
         (select rc.relname from pg_class rc where rc.reltype = p.prorettype and rc.relnamespace = n.oid) as "returnsRelation"
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type rt on rt.oid = p.prorettype
   where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')`;

type RoutineRow = {
  name: string;
  argNames: string[];
  argModes: string[];
  inArgTypes: { type: string; isArray: boolean; isJson: boolean; isComposite: boolean }[];
  inArgCount: number;
  defaultCount: number;
  returnType: string;
  returnsSet: boolean;
  returnsRows: boolean;
  returnsVoid: boolean;
  volatile: boolean;
  returnsRelation: string | null;
};

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Reads the catalog of one schema: relations, keys, foreign keys and routines. */
export async function loadSchemaCache(db: Queryable, schema = 'public'): Promise<SchemaCache> {
  const relations = new Map<string, Relation>();
  const { rows: relationRows } = await db.query<{ name: string; kind: 'table' | 'view'; writable: boolean; description: string | null; columns: unknown }>(relationsSql, [schema]);
  for (const row of relationRows) {
    const columns = new Map<string, Column>();
    for (const column of parseJson<Column[]>(row.columns)) columns.set(column.name, column);
    relations.set(row.name, { schema, name: row.name, kind: row.kind, writable: row.writable, description: row.description, columns, primaryKey: [], uniqueKeys: [] });
  }

  const foreignKeys: ForeignKey[] = [];
  const { rows: constraintRows } = await db.query<{
    name: string;
    type: string;
    from: string;
    to: string | null;
    fromColumns: unknown;
    toColumns: unknown;
  }>(constraintsSql, [schema]);
  for (const row of constraintRows) {
    const relation = relations.get(row.from);
    if (!relation) continue;
    const fromColumns = parseJson<string[]>(row.fromColumns);
    if (row.type === 'p') relation.primaryKey = fromColumns;
    if (row.type === 'p' || row.type === 'u') relation.uniqueKeys.push(fromColumns);
    if (row.type === 'f' && row.to) {
      foreignKeys.push({ name: row.name, from: row.from, fromColumns, to: row.to, toColumns: parseJson<string[]>(row.toColumns) });
    }
  }

  // Views inherit the keys of their base table for the columns they expose by the same name.
  const { rows: viewRows } = await db.query<{ view: string; base: string }>(viewBasesSql, [schema]);
  const basesByView = new Map<string, string[]>();
  for (const row of viewRows) basesByView.set(row.view, [...(basesByView.get(row.view) ?? []), row.base]);
  const derived: ForeignKey[] = [];
  for (const [viewName, bases] of basesByView) {
    const view = relations.get(viewName);
    const base = relations.get(bases[0]);
    if (!view || !base) continue;
    const exposes = (columns: string[]) => columns.every((column) => view.columns.has(column));
    if (exposes(base.primaryKey)) view.primaryKey = [...base.primaryKey];
    view.uniqueKeys = base.uniqueKeys.filter(exposes).map((key) => [...key]);
    // Only single-base views take part in embedding, like PostgREST's simple views.
    if (bases.length !== 1) continue;
    for (const fk of foreignKeys) {
      if (fk.from === base.name && exposes(fk.fromColumns)) derived.push({ ...fk, from: viewName });
      if (fk.to === base.name && exposes(fk.toColumns)) derived.push({ ...fk, to: viewName });
    }
  }

  const routines = new Map<string, Routine[]>();
  const { rows: routineRows } = await db.query<RoutineRow>(routinesSql, [schema]);
  for (const row of routineRows) {
    const types = parseJson<RoutineRow['inArgTypes']>(row.inArgTypes);
    const modes = row.argModes;
    const inNames = row.argNames.filter((_, i) => modes.length === 0 || ['i', 'b', 'v'].includes(modes[i]));
    const args = types.map((type, i) => ({
      name: inNames[i] ?? '',
      ...type,
      hasDefault: i >= row.inArgCount - row.defaultCount,
    }));
    const routine: Routine = {
      name: row.name,
      args,
      returnType: row.returnType,
      returnsSet: row.returnsSet,
      returnsRows: row.returnsRows,
      returnsVoid: row.returnsVoid,
      volatile: row.volatile,
      returnsRelation: row.returnsRelation,
    };
    routines.set(row.name, [...(routines.get(row.name) ?? []), routine]);
  }

  const { rows: [described] } = await db.query<{ description: string | null }>(`select obj_description(oid, 'pg_namespace') as description from pg_namespace where nspname = $1`, [schema]);
  return { schema, description: described?.description ?? null, relations, foreignKeys: [...foreignKeys, ...derived], routines, statementTimeouts: await loadStatementTimeouts(db) };
}

/**
 * The statement_timeout each API role's requests run under, as PostgREST 12 applies them on
 * hosted Supabase: the impersonated role's own setting (this database's, else every
 * database's), else the authenticator's, the role PostgREST logs in as (anon 3 s,
 * authenticated 8 s, service_role the authenticator's 8 s: server/db/bootstrap.sql).
 */
async function loadStatementTimeouts(db: Queryable): Promise<Record<ApiRole, string | null>> {
  const { rows } = await db.query<{ role: string; timeout: string | null }>(
    `select r.rolname as role,
            (select split_part(c, '=', 2)
               from pg_db_role_setting s, unnest(s.setconfig) c
              where s.setrole = r.oid and c like 'statement\\_timeout=%'
                and s.setdatabase in (0, (select d.oid from pg_database d where d.datname = current_database()))
              order by s.setdatabase desc limit 1) as timeout
       from pg_roles r
      where r.rolname in ('anon', 'authenticated', 'service_role', 'authenticator')`,
  );
  const own = new Map(rows.map((row) => [row.role, row.timeout]));
  const timeout = (role: ApiRole) => own.get(role) ?? own.get('authenticator') ?? null;
  return { anon: timeout('anon'), authenticated: timeout('authenticated'), service_role: timeout('service_role') };
}
