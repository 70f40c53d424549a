/**
 * npm run db:types: writes src/lib/database.types.ts, the TypeScript types of the `public`
 * schema in the format of `supabase gen types typescript` (docs/architecture.md §2.11: types come
 * from the schema, never by hand). The schema is the one supabase/migrations build: a
 * throw-away in-memory PGlite gets bootstrap.sql and every migration (no seed), so this runs
 * on a clean machine with no network and no Docker. Then the catalog is read the way
 * postgres-meta (the generator behind the Supabase CLI) reads it.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import type { Queryable } from '../server/db/types';
import { repoRoot } from '../server/paths';

export const databaseTypesFile = join(repoRoot, 'src/lib/database.types.ts');

const schema = 'public';

// ---------------------------------------------------------------------------------------------
// The catalog
// ---------------------------------------------------------------------------------------------

type PgType = {
  oid: number;
  name: string;
  schema: string;
  /** pg_type.typtype: b base, c composite, d domain, e enum, p pseudo, r range. */
  kind: string;
  elem: number;
  base: number;
  isArray: boolean;
  /** The row type's relation (0 for other types) and its relkind: r/p/f table, v/m view, c composite type. */
  relid: number;
  relkind: string | null;
  labels: string[];
};

type Column = {
  relation: number;
  attnum: number;
  name: string;
  type: number;
  nullable: boolean;
  hasDefault: boolean;
  identity: '' | 'a' | 'd';
  updatable: boolean;
};

type Relation = { oid: number; name: string; kind: string; updatable: boolean; columns: Column[] };

type ForeignKey = {
  oid: number;
  name: string;
  relation: number;
  referenced: number;
  columns: string[];
  columnNums: number[];
  referencedColumns: string[];
  referencedNums: number[];
  isOneToOne: boolean;
};

type FunctionArg = { name: string; mode: string; type: number; hasDefault: boolean };

type PgFunction = { name: string; args: FunctionArg[]; returnType: number; returnsSet: boolean };

type Catalog = {
  types: Map<number, PgType>;
  relations: Map<number, Relation>;
  foreignKeys: ForeignKey[];
  functions: PgFunction[];
  /** Each view column's origin table column (PostgREST's view key dependencies). */
  viewOrigins: Map<number, ViewOrigin[]>;
};

type ViewOrigin = { column: string; attnum: number; table: number; tableAttnum: number };

// Oids come back as numbers from PGlite and node-postgres alike; JSON columns too.
const typesSql = `
  select t.oid, t.typname as name, n.nspname as schema, t.typtype as kind, t.typelem as elem,
         t.typbasetype as base, t.typcategory = 'A' and t.typelem <> 0 as "isArray", t.typrelid as relid, c.relkind as relkind,
         coalesce((select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '[]') as labels
    from pg_type t
    join pg_namespace n on n.oid = t.typnamespace
    left join pg_class c on c.oid = t.typrelid`;

// Tables, views and composite types of the schema. Views are updatable for supabase when
// UPDATE and DELETE go through (bits 4 and 16 of pg_relation_is_updatable).
const relationsSql = `
  select c.oid, c.relname as name, c.relkind as kind,
         c.relkind in ('v', 'm') and (pg_relation_is_updatable(c.oid, false) & 20) = 20 as updatable
    from pg_class c
   where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'p', 'f', 'v', 'm', 'c')`;

// Nullable as information_schema.columns says (a NOT NULL domain is not nullable); view
// columns never carry NOT NULL, so every view column is nullable, as supabase emits them.
const columnsSql = `
  select a.attrelid as relation, a.attnum, a.attname as name, a.atttypid as type,
         not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as nullable,
         a.atthasdef as "hasDefault", a.attidentity::text as identity,
         c.relkind in ('r', 'p', 'c') or pg_column_is_updatable(c.oid, a.attnum, false) as updatable
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_type t on t.oid = a.atttypid
   where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'p', 'f', 'v', 'm', 'c')
     and a.attnum > 0 and not a.attisdropped`;

// Foreign keys declared on the schema's tables (not the copies partitions inherit). One-to-one
// when the key's columns, in key order, are exactly a primary key or unique constraint's
// columns in table order: postgres-meta's (and PostgREST's) test.
const foreignKeysSql = `
  with keys as (
    select con.conrelid, json_agg(a.attname order by a.attnum) as columns
      from pg_constraint con
      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = any (con.conkey)
     where con.contype in ('p', 'u') and con.connamespace = $1::regnamespace
     group by con.oid, con.conrelid
  )
  select con.oid, con.conname as name, con.conrelid as relation, con.confrelid as referenced,
         cols.columns, cols.nums as "columnNums", cols.refs as "referencedColumns", cols.refnums as "referencedNums",
         exists (select 1 from keys k where k.conrelid = con.conrelid and k.columns::jsonb = cols.columns::jsonb) as "isOneToOne"
    from pg_constraint con
    cross join lateral (
      select json_agg(a.attname order by k.ord) as columns, json_agg(r.attname order by k.ord) as refs,
             json_agg(k.col order by k.ord) as nums, json_agg(k.ref order by k.ord) as refnums
        from unnest(con.conkey, con.confkey) with ordinality as k(col, ref, ord)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.col
        join pg_attribute r on r.attrelid = con.confrelid and r.attnum = k.ref
    ) cols
   where con.contype = 'f' and con.conparentid = 0 and con.connamespace = $1::regnamespace`;

// Functions callable by rpc(): plain functions, not triggers. Argument arrays cover every
// argument (in, out, inout, variadic, table); modes and names are null when trivial.
const functionsSql = `
  select p.proname as name, p.prorettype as "returnType", p.proretset as "returnsSet",
         p.pronargdefaults as "defaultCount",
         to_json(coalesce(p.proallargtypes, p.proargtypes::oid[])) as "argTypes",
         to_json(p.proargmodes::text[]) as "argModes", to_json(p.proargnames) as "argNames"
    from pg_proc p
    join pg_type rt on rt.oid = p.prorettype
   where p.pronamespace = $1::regnamespace and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')`;

const viewDefinitionsSql = `
  select r.ev_class as view, r.ev_action::text as tree
    from pg_rewrite r
    join pg_class c on c.oid = r.ev_class
   where c.relnamespace = $1::regnamespace and c.relkind in ('v', 'm') and r.rulename = '_RETURN'`;

async function readCatalog(db: Queryable): Promise<Catalog> {
  const types = new Map<number, PgType>();
  for (const row of (await db.query<PgType>(typesSql)).rows) {
    const oid = Number(row.oid);
    types.set(oid, { ...row, oid, elem: Number(row.elem), base: Number(row.base), relid: Number(row.relid) });
  }

  const relations = new Map<number, Relation>();
  for (const row of (await db.query<Omit<Relation, 'columns'>>(relationsSql, [schema])).rows) {
    relations.set(Number(row.oid), { ...row, oid: Number(row.oid), columns: [] });
  }
  for (const row of (await db.query<Column>(columnsSql, [schema])).rows) {
    const column = { ...row, relation: Number(row.relation), type: Number(row.type) };
    relations.get(column.relation)?.columns.push(column);
  }

  const foreignKeys = (await db.query<ForeignKey>(foreignKeysSql, [schema])).rows.map((row) => ({
    ...row,
    oid: Number(row.oid),
    relation: Number(row.relation),
    referenced: Number(row.referenced),
  }));

  type FunctionRow = {
    name: string;
    returnType: number;
    returnsSet: boolean;
    defaultCount: number;
    argTypes: number[];
    argModes: string[] | null;
    argNames: string[] | null;
  };
  const functions = (await db.query<FunctionRow>(functionsSql, [schema])).rows.map((row): PgFunction => {
    const modes = row.argModes ?? row.argTypes.map(() => 'i');
    // pronargdefaults counts the last input arguments (in, inout, variadic).
    const inputs = modes.map((mode, i) => (isInputMode(mode) ? i : -1)).filter((i) => i >= 0);
    const withDefault = new Set(inputs.slice(inputs.length - row.defaultCount));
    return {
      name: row.name,
      returnType: Number(row.returnType),
      returnsSet: row.returnsSet,
      args: row.argTypes.map((type, i) => ({
        name: row.argNames?.[i] ?? '',
        mode: modes[i],
        type: Number(type),
        hasDefault: withDefault.has(i),
      })),
    };
  });

  const trees = (await db.query<{ view: number; tree: string }>(viewDefinitionsSql, [schema])).rows;
  const viewOrigins = resolveViewOrigins(
    new Map(trees.map((row) => [Number(row.view), targetListOrigins(row.tree)])),
    relations,
  );

  return { types, relations, foreignKeys, functions, viewOrigins };
}

const isInputMode = (mode: string) => mode === 'i' || mode === 'b' || mode === 'v';

// ---------------------------------------------------------------------------------------------
// Views: which table column each view column shows (pg_rewrite's stored query tree)
// ---------------------------------------------------------------------------------------------

type NodeValue = string | NodeTree | NodeValue[];
type NodeTree = { node: string; fields: Record<string, NodeValue> };

/**
 * Parses a pg_node_tree's text: `{NODE :field value ...}`, `(...)` lists and tokens, where a
 * backslash escapes the next character (PostgreSQL's pg_strtok rules).
 */
function parseNodeTree(text: string): NodeValue {
  const tokens: string[] = [];
  for (let i = 0; i < text.length; ) {
    if (/\s/.test(text[i])) {
      i += 1;
    } else if ('(){}'.includes(text[i])) {
      tokens.push(text[i++]);
    } else {
      let token = '';
      while (i < text.length && !/[\s(){}]/.test(text[i])) {
        if (text[i] === '\\') i += 1;
        token += text[i++] ?? '';
      }
      tokens.push(token);
    }
  }
  let at = 0;
  const isField = (token: string | undefined) => token !== undefined && /^:[a-zA-Z_]\w*$/.test(token);
  const read = (): NodeValue => {
    const token = tokens[at++];
    if (token === '(') {
      const items: NodeValue[] = [];
      while (at < tokens.length && tokens[at] !== ')') items.push(read());
      at += 1;
      return items;
    }
    if (token !== '{') return token;
    const tree: NodeTree = { node: tokens[at++], fields: {} };
    while (at < tokens.length && tokens[at] !== '}') {
      const field = tokens[at++].slice(1);
      // Most values are one item; a Const's datum is a length and a bracketed byte list.
      const parts: NodeValue[] = [];
      while (at < tokens.length && tokens[at] !== '}' && !isField(tokens[at])) parts.push(read());
      tree.fields[field] = parts.length === 1 ? parts[0] : parts;
    }
    at += 1;
    return tree;
  };
  return read();
}

type TargetOrigin = { attnum: number; table: number; tableAttnum: number };

/** The top-level query's output columns that are plain references to a relation's column. */
function targetListOrigins(tree: string): TargetOrigin[] {
  const root = parseNodeTree(tree);
  const query = Array.isArray(root) ? root[0] : root;
  if (typeof query !== 'object' || Array.isArray(query) || query.node !== 'QUERY') {
    throw new Error('Unexpected view definition: no QUERY node');
  }
  const targetList = query.fields.targetList;
  const entries = Array.isArray(targetList) ? targetList : [];
  return entries.flatMap((entry) => {
    if (typeof entry !== 'object' || Array.isArray(entry) || entry.fields.resjunk === 'true') return [];
    const [attnum, table, tableAttnum] = ['resno', 'resorigtbl', 'resorigcol'].map((field) => Number(entry.fields[field]));
    return table > 0 ? [{ attnum, table, tableAttnum }] : [];
  });
}

/** Follows views built on views down to the table column, as PostgREST does. */
function resolveViewOrigins(direct: Map<number, TargetOrigin[]>, relations: Map<number, Relation>): Map<number, ViewOrigin[]> {
  const resolve = (table: number, attnum: number, seen: Set<number>): { table: number; attnum: number } | null => {
    const inner = direct.get(table);
    if (!inner) return { table, attnum };
    if (seen.has(table)) return null;
    const next = inner.find((origin) => origin.attnum === attnum);
    return next ? resolve(next.table, next.tableAttnum, new Set([...seen, table])) : null;
  };
  const result = new Map<number, ViewOrigin[]>();
  for (const [view, origins] of direct) {
    const columns = relations.get(view)?.columns ?? [];
    result.set(
      view,
      origins.flatMap((origin) => {
        const base = resolve(origin.table, origin.tableAttnum, new Set([view]));
        const column = columns.find((candidate) => candidate.attnum === origin.attnum);
        return base && column ? [{ column: column.name, attnum: origin.attnum, table: base.table, tableAttnum: base.attnum }] : [];
      }),
    );
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Relationships: foreign keys, and those views inherit (postgres-meta's PostgresMetaRelationships)
// ---------------------------------------------------------------------------------------------

type Relationship = {
  foreignKeyName: string;
  relation: number;
  columns: string[];
  isOneToOne: boolean;
  referenced: number;
  referencedColumns: string[];
};

/** Every combination of one view column per key column (a view may show a column twice). */
const combinations = (choices: string[][]): string[][] =>
  choices.reduce<string[][]>((done, options) => done.flatMap((prefix) => options.map((option) => [...prefix, option])), [[]]);

/** For each view exposing all of a key's columns: the view column lists that stand for them. */
function viewsExposing(catalog: Catalog, table: number, attnums: number[]): { view: number; columns: string[] }[] {
  return [...catalog.viewOrigins].flatMap(([view, origins]) => {
    const choices = attnums.map((attnum) =>
      origins
        .filter((origin) => origin.table === table && origin.tableAttnum === attnum)
        .sort((a, b) => a.attnum - b.attnum)
        .map((origin) => origin.column),
    );
    return choices.every((options) => options.length > 0) ? combinations(choices).map((columns) => ({ view, columns })) : [];
  });
}

function relationships(catalog: Catalog): Relationship[] {
  return catalog.foreignKeys.flatMap((fk) => {
    const own: Relationship = {
      foreignKeyName: fk.name,
      relation: fk.relation,
      columns: fk.columns,
      isOneToOne: fk.isOneToOne,
      referenced: fk.referenced,
      referencedColumns: fk.referencedColumns,
    };
    const fromViews = viewsExposing(catalog, fk.relation, fk.columnNums);
    const toViews = viewsExposing(catalog, fk.referenced, fk.referencedNums);
    return [
      own,
      ...fromViews.map((from) => ({ ...own, relation: from.view, columns: from.columns })),
      ...toViews.map((to) => ({ ...own, referenced: to.view, referencedColumns: to.columns })),
      ...fromViews.flatMap((from) =>
        toViews.map((to) => ({ ...own, relation: from.view, columns: from.columns, referenced: to.view, referencedColumns: to.columns })),
      ),
    ];
  });
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

// Deterministic on every machine: a fixed locale, like the CLI's localeCompare in English.
const byName = (a: string, b: string) => a.localeCompare(b, 'en');
const sortedBy = <T>(items: T[], name: (item: T) => string) => [...items].sort((a, b) => byName(name(a), name(b)));

const quote = (text: string) => JSON.stringify(text);
const property = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name));
const indent = (text: string) => text.split('\n').map((line) => (line ? `  ${line}` : line)).join('\n');

/** An object type, one member a line; `{}` when empty. */
const objectType = (members: string[]) => (members.length === 0 ? '{}' : `{\n${members.map((member) => indent(member)).join('\n')}\n}`);
/** A section of a schema (Tables, Views, ...): supabase writes an empty one as a never-mapped type. */
const section = (members: string[]) => objectType(members.length === 0 ? ['[_ in never]: never'] : members);

const numberTypes = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);
const stringTypes = new Set(['bytea', 'bpchar', 'varchar', 'date', 'text', 'citext', 'time', 'timetz', 'timestamp', 'timestamptz', 'uuid', 'vector']);

/** postgres-meta's pgTypeToTsType, by oid: domains count as their base type. */
function tsType(catalog: Catalog, oid: number): string {
  const type = catalog.types.get(oid);
  if (!type) return 'unknown';
  if (type.kind === 'd') return tsType(catalog, type.base);
  if (type.isArray) {
    const element = tsType(catalog, type.elem);
    return element.includes('|') ? `(${element})[]` : `${element}[]`;
  }
  if (type.name === 'bool') return 'boolean';
  if (numberTypes.has(type.name)) return 'number';
  if (stringTypes.has(type.name)) return 'string';
  if (type.name === 'json' || type.name === 'jsonb') return 'Json';
  if (type.name === 'void') return 'undefined';
  if (type.name === 'record') return 'Record<string, unknown>';
  const inSchema = type.schema === schema;
  if (type.kind === 'e') return inSchema ? `Database[${quote(schema)}]["Enums"][${quote(type.name)}]` : type.labels.map(quote).join(' | ');
  if (type.kind === 'c' && inSchema) {
    if (type.relkind === 'c') return `Database[${quote(schema)}]["CompositeTypes"][${quote(type.name)}]`;
    if (type.relkind === 'v' || type.relkind === 'm') return `Database[${quote(schema)}]["Views"][${quote(type.name)}]["Row"]`;
    return `Database[${quote(schema)}]["Tables"][${quote(type.name)}]["Row"]`;
  }
  return 'unknown';
}

const nullable = (type: string, isNullable: boolean) => (isNullable ? `${type} | null` : type);
const sortedColumns = (relation: Relation) => sortedBy(relation.columns, (column) => column.name);
const rowMembers = (catalog: Catalog, relation: Relation) =>
  sortedColumns(relation).map((column) => `${property(column.name)}: ${nullable(tsType(catalog, column.type), column.nullable)}`);

function renderRelationships(catalog: Catalog, all: Relationship[], relation: Relation): string {
  // Keys to other schemas (auth.users) are left out, as supabase leaves them out.
  const own = all
    .flatMap((r) => {
      const referenced = catalog.relations.get(r.referenced);
      return r.relation === relation.oid && referenced ? [{ ...r, referencedName: referenced.name }] : [];
    })
    .sort(
      (a, b) =>
        byName(a.foreignKeyName, b.foreignKeyName) ||
        byName(a.referencedName, b.referencedName) ||
        byName(JSON.stringify(a.referencedColumns), JSON.stringify(b.referencedColumns)),
    );
  if (own.length === 0) return 'Relationships: []';
  const items = own.map((r) =>
    [
      '{',
      `  foreignKeyName: ${quote(r.foreignKeyName)}`,
      `  columns: [${r.columns.map(quote).join(', ')}]`,
      `  isOneToOne: ${r.isOneToOne}`,
      `  referencedRelation: ${quote(r.referencedName)}`,
      `  referencedColumns: [${r.referencedColumns.map(quote).join(', ')}]`,
      '},',
    ].join('\n'),
  );
  return `Relationships: [\n${items.map((item) => indent(item)).join('\n')}\n]`;
}

function renderTable(catalog: Catalog, all: Relationship[], table: Relation): string {
  const writable = (column: Column, optional: boolean) =>
    // GENERATED ALWAYS AS IDENTITY refuses values: supabase types it as never.
    column.identity === 'a'
      ? `${property(column.name)}?: never`
      : `${property(column.name)}${optional ? '?' : ''}: ${nullable(tsType(catalog, column.type), column.nullable)}`;
  const columns = sortedColumns(table);
  return `${property(table.name)}: ${objectType([
    `Row: ${objectType([...rowMembers(catalog, table), ...computedFields(catalog, table)])}`,
    `Insert: ${objectType(columns.map((column) => writable(column, column.nullable || column.hasDefault || column.identity !== '')))}`,
    `Update: ${objectType(columns.map((column) => writable(column, true)))}`,
    renderRelationships(catalog, all, table),
  ])}`;
}

function renderView(catalog: Catalog, all: Relationship[], view: Relation): string {
  // Through an updatable view every column may be left out; those that are not a base
  // table's column cannot be written at all.
  const writable = sortedColumns(view).map((column) =>
    column.updatable ? `${property(column.name)}?: ${tsType(catalog, column.type)} | null` : `${property(column.name)}?: never`,
  );
  return `${property(view.name)}: ${objectType([
    `Row: ${objectType(rowMembers(catalog, view))}`,
    ...(view.updatable ? [`Insert: ${objectType(writable)}`, `Update: ${objectType(writable)}`] : []),
    renderRelationships(catalog, all, view),
  ])}`;
}

function renderFunctionVariant(catalog: Catalog, fn: PgFunction): string {
  const inputs = fn.args.filter((arg) => isInputMode(arg.mode));
  const args =
    inputs.length === 0
      ? 'never'
      : objectType(sortedBy(inputs, (arg) => arg.name).map((arg) => `${property(arg.name)}${arg.hasDefault ? '?' : ''}: ${tsType(catalog, arg.type)}`));
  const members = [`Args: ${args}`];
  const setOf = fn.returnsSet ? '[]' : '';

  // returns table (...), or out parameters: the row is those columns, as supabase types them (not null).
  const outputs = fn.args.filter((arg) => arg.mode === 't' || ((arg.mode === 'o' || arg.mode === 'b') && catalog.types.get(fn.returnType)?.name === 'record'));
  const returnRelation = catalog.relations.get(catalog.types.get(fn.returnType)?.relid ?? 0);
  if (outputs.length > 0) {
    members.push(`Returns: ${objectType(sortedBy(outputs, (arg) => arg.name).map((arg) => `${property(arg.name)}: ${tsType(catalog, arg.type)}`))}${setOf}`);
  } else if (returnRelation && returnRelation.kind !== 'c') {
    members.push(`Returns: ${objectType(rowMembers(catalog, returnRelation))}${setOf}`);
  } else {
    members.push(`Returns: ${tsType(catalog, fn.returnType)}${setOf}`);
  }

  // Functions returning rows of a relation or composite type can be embedded by postgrest-js.
  if (returnRelation) {
    // A function of one row (a computed relationship) embeds from that row's relation.
    const source = inputs.length === 1 ? catalog.relations.get(catalog.types.get(inputs[0].type)?.relid ?? 0) : undefined;
    const from = source?.name ?? '*';
    members.push(
      `SetofOptions: ${objectType([
        `from: ${quote(from)}`,
        `to: ${quote(returnRelation.name)}`,
        `isOneToOne: ${!fn.returnsSet}`,
        `isSetofReturn: ${fn.returnsSet}`,
      ])}`,
    );
  }
  return objectType(members);
}

// PostgREST calls with named arguments: a function needs all its inputs named, or exactly one.
const callableFunctions = (catalog: Catalog) =>
  catalog.functions.filter((fn) => {
    const inputs = fn.args.filter((arg) => isInputMode(arg.mode));
    return inputs.length === 1 || inputs.every((arg) => arg.name !== '');
  });

/** Functions of one unnamed row of the table: PostgREST selects them like columns (computed fields). */
const computedFields = (catalog: Catalog, table: Relation) =>
  callableFunctions(catalog)
    .filter((fn) => {
      const inputs = fn.args.filter((arg) => isInputMode(arg.mode));
      return inputs.length === 1 && inputs[0].name === '' && catalog.types.get(inputs[0].type)?.relid === table.oid;
    })
    .sort((a, b) => byName(a.name, b.name))
    .map((fn) => `${property(fn.name)}: ${tsType(catalog, fn.returnType)} | null`);

function renderFunctions(catalog: Catalog): string[] {
  const callable = callableFunctions(catalog);
  const names = [...new Set(callable.map((fn) => fn.name))].sort(byName);
  return names.map((name) => {
    const variants = callable
      .filter((fn) => fn.name === name)
      .map((fn) => renderFunctionVariant(catalog, fn))
      .sort();
    if (variants.length === 1) return `${property(name)}: ${variants[0]}`;
    // Overloads: a union, one `| {...}` per signature, as prettier lays out the CLI's output.
    return `${property(name)}:\n${variants.map((variant) => indent(`| ${indent(variant).slice(2)}`)).join('\n')}`;
  });
}

function renderDatabase(catalog: Catalog): string {
  const all = relationships(catalog);
  const relations = sortedBy([...catalog.relations.values()], (relation) => relation.name);
  const enums = sortedBy(
    [...catalog.types.values()].filter((type) => type.schema === schema && type.kind === 'e'),
    (type) => type.name,
  );
  const tables = relations.filter((relation) => ['r', 'p', 'f'].includes(relation.kind)).map((table) => renderTable(catalog, all, table));
  const views = relations.filter((relation) => ['v', 'm'].includes(relation.kind)).map((view) => renderView(catalog, all, view));
  const composites = relations
    .filter((relation) => relation.kind === 'c')
    .map(
      (composite) =>
        `${property(composite.name)}: ${objectType(
          [...composite.columns].sort((a, b) => a.attnum - b.attnum).map((column) => `${property(column.name)}: ${tsType(catalog, column.type)} | null`),
        )}`,
    );
  const database = objectType([
    // What supabase-js reads to offer PostgREST 13's features (maxAffected, spread of to-many
    // embeds); the local backend implements them and hosted Supabase runs PostgREST 13.
    `__InternalSupabase: ${objectType(['PostgrestVersion: "13"'])}`,
    `${property(schema)}: ${objectType([
      `Tables: ${section(tables)}`,
      `Views: ${section(views)}`,
      `Functions: ${section(renderFunctions(catalog))}`,
      `Enums: ${section(enums.map((type) => `${property(type.name)}: ${type.labels.map(quote).join(' | ')}`))}`,
      `CompositeTypes: ${section(composites)}`,
    ])}`,
  ]);
  const constants = [
    'export const Constants = {',
    `  ${property(schema)}: {`,
    enums.length === 0 ? '    Enums: {},' : '    Enums: {',
    ...enums.map((type) => `      ${property(type.name)}: [${type.labels.map(quote).join(', ')}],`),
    ...(enums.length === 0 ? [] : ['    },']),
    '  },',
    '} as const',
  ].join('\n');
  return [header, json, `export type Database = ${database}`, helpers, constants].join('\n\n') + '\n';
}

const header = `// Generated by \`npm run db:types\` from supabase/migrations, in the format of
// \`supabase gen types typescript\`. Do not edit by hand: change a migration, then run
// \`npm run db:types\` again (a test fails while this file is out of date).`;

const json = `export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]`;

// The helper types exactly as the Supabase CLI writes them.
const helpers = `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never`;

// ---------------------------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------------------------

/** The types file for the schema of a migrated database. */
export async function renderDatabaseTypes(db: Queryable): Promise<string> {
  return renderDatabase(await readCatalog(db));
}

/** The types file for supabase/migrations as they are now: a fresh PGlite, migrated, read, dropped. */
export async function generateDatabaseTypes(): Promise<string> {
  const db = await openPglite('memory://');
  try {
    await migrate(db, { seed: false });
    return await renderDatabaseTypes(db);
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeFile(databaseTypesFile, await generateDatabaseTypes());
  console.log(`Wrote ${databaseTypesFile}`);
}
