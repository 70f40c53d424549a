import { ApiError } from './errors';
import type { ParsedQuery } from './parse-query';
import { Planner, type ResourceNode } from './plan';
import type { BodyFormat } from './media';
import { Params, bodySql, conditionsSql, fromWhereSql, orderSql, pageSql, projectionSql, qualified, quoteIdent } from './sql';
import type { Relation, Routine, RoutineArg, SchemaCache } from './schema-cache';

/**
 * A statement whose single result row has page_count (rows in this answer, or rows written),
 * body (JSON text, null for a write that returns no rows) and total (the count asked for with
 * Prefer: count).
 */
export type Statement = {
  sql: string;
  params: unknown[];
  /** The result row also has inserted: how many rows an upsert inserted rather than updated. */
  countsInserted?: boolean;
};

export type ReadOptions = { count: boolean; maxRows: number; format: BodyFormat };

function resultSql(source: string, node: ResourceNode, params: Params, totalSql: string | null, format: BodyFormat, extra = ''): string {
  const projected = `select ${projectionSql(params, node)} from ${source} as ${node.alias}`;
  return (
    `select (select count(*) from ${source})::int as page_count, ` +
    `${bodySql(`(${projected})`, format)} as body, ` +
    `${totalSql ?? 'null'}::text as total${extra}`
  );
}

function readBody(params: Params, root: ResourceNode, maxRows: number): string {
  const limit = Math.min(root.scoped.limit ?? maxRows, maxRows);
  return (
    `select ${projectionSql(params, root)} ${fromWhereSql(params, root)}` +
    orderSql(params, root.alias, root.scoped.order) +
    pageSql(limit, root.scoped.offset)
  );
}

export function readStatement(cache: SchemaCache, relation: Relation, query: ParsedQuery, options: ReadOptions): Statement {
  const planner = new Planner(cache, query);
  const root = planner.node(relation, query.select, [], relation.name);
  planner.checkScopesUsed();
  const params = new Params();
  const body = readBody(params, root, options.maxRows);
  const total = options.count ? `(select count(*) ${fromWhereSql(params, root)})` : null;
  const sql =
    `with pgrst_source as (${body}) ` +
    `select (select count(*) from pgrst_source)::int as page_count, ` +
    `${bodySql('pgrst_source', options.format)} as body, ` +
    `${total ?? 'null'}::text as total`;
  return { sql, params: params.values };
}

export type WriteOptions = {
  /** Return the written rows (Prefer: return=representation). */
  representation: boolean;
  count: boolean;
  format: BodyFormat;
};

type Payload = Record<string, unknown>[];

/** Checks a write body: an object or an array of objects. */
export function payloadRows(body: unknown, allowArray: boolean): Payload {
  const rows = Array.isArray(body) && allowArray ? body : [body];
  if (rows.some((row) => row === null || typeof row !== 'object' || Array.isArray(row))) {
    throw new ApiError(400, 'PGRST102', allowArray ? 'Expected a JSON object or an array of objects' : 'Expected a JSON object');
  }
  return rows as Payload;
}

function checkColumns(relation: Relation, columns: Iterable<string>) {
  for (const column of columns) {
    if (!relation.columns.has(column)) {
      throw new ApiError(400, 'PGRST204', `Could not find the '${column}' column of '${relation.name}' in the schema cache`);
    }
  }
}

export type InsertOptions = WriteOptions & {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
};

/**
 * PostgREST's insert: one statement over the JSON rows, in their order. With missing=default a
 * row's absent keys take the column default, evaluated for every row (PostgREST merges the
 * defaults under each row, so a sequence advances once per row). Upserts set every written
 * column, keys included, so a key-only upsert still returns the existing row.
 */
export function insertStatement(cache: SchemaCache, relation: Relation, query: ParsedQuery, rows: Payload, options: InsertOptions): Statement {
  const params = new Params();
  // PostgREST takes the columns from ?columns=, else from the objects, which must all have the same keys.
  const keys = rows.length ? Object.keys(rows[0]) : [];
  const sameKeys = (row: object) => Object.keys(row).length === keys.length && keys.every((key) => Object.hasOwn(row, key));
  if (!query.columns && !rows.every(sameKeys)) throw new ApiError(400, 'PGRST102', 'All object keys must match');
  const columns = query.columns ?? keys;
  checkColumns(relation, columns);

  // A merging upsert answers 200 when it inserted nothing. As PostgREST does, a counter in the
  // transaction counts each row offered and uncounts each one merged, so no row is read back.
  const merging = options.resolution === 'merge-duplicates';
  let conflict = '';
  if (options.resolution) {
    const target = query.onConflict ?? relation.primaryKey;
    if (target.length === 0) throw new ApiError(400, 'PGRST100', `'${relation.name}' has no primary key: give on_conflict`);
    checkColumns(relation, target);
    conflict =
      !merging || columns.length === 0
        ? ` on conflict (${target.map(quoteIdent).join(', ')}) do nothing`
        : ` on conflict (${target.map(quoteIdent).join(', ')}) do update set ${columns
            .map((column) => `${quoteIdent(column)} = excluded.${quoteIdent(column)}`)
            .join(', ')} where ${countInserted('-')}`;
  } else if (query.onConflict) {
    checkColumns(relation, query.onConflict);
  }

  const defaults = options.missingDefault
    ? columns
        .map((column) => [column, relation.columns.get(column)!.defaultExpr] as const)
        .filter(([, expr]) => expr !== null)
        .map(([column, expr]) => `${params.add(column)}::text, ${expr}`)
    : [];
  const row = defaults.length ? `jsonb_build_object(${defaults.join(', ')}) || e.j` : 'e.j';
  const source = `jsonb_array_elements(${params.add(JSON.stringify(rows))}::jsonb) as e(j)`;
  const counted = merging ? ` where ${countInserted('+')}` : '';
  const values =
    columns.length === 0
      ? `select from ${source}${counted}`
      : `(${columns.map(quoteIdent).join(', ')}) select ${columns.map((c) => `r.${quoteIdent(c)}`).join(', ')} ` +
        `from ${source}, lateral jsonb_populate_record(null::${qualified(relation)}, ${row}) as r${counted}`;
  const insert = `insert into ${qualified(relation)} as pgrst_target ${values}${conflict}`;
  const extra = merging ? `, ${insertedSql} as inserted` : '';
  return { ...writeStatement(cache, relation, query, params, insert, options, extra), countsInserted: merging };
}

/** PostgREST's pgrst.inserted: set_config is always true here, so it only counts. */
const countInserted = (sign: '+' | '-') =>
  `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${sign} 1)::text, true) <> '${sign === '+' ? '0' : '-1'}'`;

/** Read once every written row has been counted: the aggregate runs the write to its end first. */
const insertedSql = `(select nullif(current_setting('pgrst.inserted', true), '')::int from (select count(*) from pgrst_rows) as pgrst_done)`;

/**
 * A write's statement: with return=representation the written rows, shaped by select;
 * otherwise only how many it wrote (PostgREST's RETURNING 1), so it needs no read policy.
 */
function writeStatement(
  cache: SchemaCache,
  relation: Relation,
  query: ParsedQuery,
  params: Params,
  write: string,
  options: WriteOptions,
  extra = '',
): Statement {
  if (options.representation) return withReturnedRows(cache, relation, query, params, `${write} returning pgrst_target.*`, options, extra);
  const total = options.count ? 'count(*)' : 'null';
  return {
    sql: `with pgrst_rows as (${write} returning 1) select count(*)::int as page_count, null::text as body, ${total}::text as total${extra} from pgrst_rows`,
    params: params.values,
  };
}

function withReturnedRows(
  cache: SchemaCache,
  relation: Relation,
  query: ParsedQuery,
  params: Params,
  write: string,
  options: WriteOptions,
  extra = '',
): Statement {
  const planner = new Planner(cache, query);
  const root = planner.node(relation, query.select, [], relation.name);
  planner.checkScopesUsed();
  const total = options.count ? '(select count(*) from pgrst_rows)' : null;
  return { sql: `with pgrst_rows as (${write}) ${resultSql('pgrst_rows', root, params, total, options.format, extra)}`, params: params.values };
}

function rootFilters(cache: SchemaCache, relation: Relation, query: ParsedQuery, params: Params, alias: string, verb: string): string {
  const planner = new Planner(cache, { ...query, select: [], scopes: new Map([['', query.scopes.get('') ?? { filters: [] }]]) });
  const node = planner.node(relation, [], [], relation.name);
  node.alias = alias;
  const conditions = conditionsSql(params, node);
  // Like Supabase's safeupdate: a write without a filter is almost always a mistake.
  if (conditions.length === 0) throw new ApiError(400, '21000', `${verb} requires a WHERE clause`);
  return ` where ${conditions.join(' and ')}`;
}

/**
 * PATCH. An empty body changes nothing and matches no row, as in PostgREST (its
 * `SELECT … WHERE false`): 204, or 200 with [] under return=representation, filters or none.
 */
export function updateStatement(cache: SchemaCache, relation: Relation, query: ParsedQuery, row: Record<string, unknown>, options: WriteOptions): Statement {
  const params = new Params();
  const columns = Object.keys(row);
  checkColumns(relation, columns);
  if (columns.length === 0) {
    const nothing = `select pgrst_target.* from ${qualified(relation)} as pgrst_target where false`;
    if (options.representation) return withReturnedRows(cache, relation, query, params, nothing, options);
    return { sql: `select 0 as page_count, null::text as body, ${options.count ? "'0'" : 'null'}::text as total`, params: [] };
  }
  const where = rootFilters(cache, relation, query, params, 'pgrst_target', 'UPDATE');
  const set = columns.map((column) => `${quoteIdent(column)} = r.${quoteIdent(column)}`).join(', ');
  const update =
    `update ${qualified(relation)} as pgrst_target set ${set} ` +
    `from jsonb_populate_record(null::${qualified(relation)}, ${params.add(JSON.stringify(row))}::jsonb) as r${where}`;
  return writeStatement(cache, relation, query, params, update, options);
}

export function deleteStatement(cache: SchemaCache, relation: Relation, query: ParsedQuery, options: WriteOptions): Statement {
  const params = new Params();
  const where = rootFilters(cache, relation, query, params, 'pgrst_target', 'DELETE');
  return writeStatement(cache, relation, query, params, `delete from ${qualified(relation)} as pgrst_target${where}`, options);
}

/** A function of one unnamed json/jsonb parameter: PostgREST passes it the whole POST body. */
export const takesWholeBody = (routine: Routine) => routine.args.length === 1 && routine.args[0].name === '' && routine.args[0].isJson;

/**
 * PostgREST's choice of overload: every given name is a parameter's (an unnamed one's is ''),
 * and every parameter without a default is given. Overloads with defaults can both fit: then 300
 * PGRST203, never PostgreSQL's own "function is not unique" (42725).
 */
/** PostgREST's hint for PGRST203. */
export const ambiguousHint = 'Try renaming the parameters or the function itself in the database so function overloading can be resolved';

export function findRoutine(cache: SchemaCache, name: string, argNames: string[], wholeBody: boolean): Routine {
  const overloads = cache.routines.get(name) ?? [];
  const fits = (routine: Routine) =>
    routine.args.length === 0
      ? argNames.length === 0
      : argNames.every((arg) => routine.args.some((a) => a.name === arg)) &&
        routine.args.every((a) => a.hasDefault || argNames.includes(a.name));
  // As PostgREST: a function with an unnamed parameter is called only with the whole body (a single
  // unnamed json/jsonb parameter), never by name; an empty key names no parameter.
  const named = (routine: Routine) => routine.args.every((arg) => arg.name !== '');
  let candidates = overloads.filter((routine) => named(routine) && fits(routine));
  if (candidates.length === 0 && wholeBody) candidates = overloads.filter(takesWholeBody);
  if (candidates.length === 1) return candidates[0];
  const signature = `${cache.schema}.${name}`;
  const names = [...argNames].sort().join(', ');
  if (candidates.length === 0) {
    throw new ApiError(404, 'PGRST202', `Could not find the function ${signature}${argNames.length ? `(${names})` : ' without parameters'} in the schema cache`,
      `Searched for the function ${signature}${argNames.length ? ` with parameter${argNames.length > 1 ? 's' : ''} ${names}` : ' without parameters'}${wholeBody ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
      'Perhaps you meant to call a function with different arguments.');
  }
  throw new ApiError(300, 'PGRST203', `Could not choose the best candidate function between: ${candidates
    .map((routine) => `${signature}(${routine.args.map((arg) => `${arg.name} => ${arg.type}`).join(', ')})`).sort().join(', ')}`, null,
    ambiguousHint);
}

function argSql(params: Params, arg: RoutineArg, value: unknown, fromJson: boolean): string {
  if (value === null) return `null::${arg.type}`;
  if (!fromJson) return `${params.add(String(value))}::${arg.type}`;
  if (arg.isComposite && typeof value === 'object' && !Array.isArray(value)) {
    return `jsonb_populate_record(null::${arg.type}, ${params.add(JSON.stringify(value))}::jsonb)`;
  }
  if (arg.isJson || (typeof value === 'object' && !Array.isArray(value))) return `${params.add(JSON.stringify(value))}::${arg.type}`;
  if (Array.isArray(value)) {
    return `array(select jsonb_array_elements_text(${params.add(JSON.stringify(value))}::jsonb))::${arg.type}`;
  }
  return `${params.add(String(value))}::${arg.type}`;
}

export type RpcOptions = ReadOptions & { single: boolean };

/** The call: named arguments, or the whole JSON body for a single unnamed json parameter. */
function callSql(cache: SchemaCache, routine: Routine, params: Params, args: Map<string, unknown> | { body: unknown }, fromJson: boolean): string {
  const argList =
    args instanceof Map
      ? [...args].map(([name, value]) => `${quoteIdent(name)} => ${argSql(params, routine.args.find((a) => a.name === name)!, value, fromJson)}`)
      : [`${params.add(JSON.stringify(args.body))}::${routine.args[0].type}`];
  return `${quoteIdent(cache.schema)}.${quoteIdent(routine.name)}(${argList.join(', ')})`;
}

/** Calls a routine; routines that return rows take select, filters, order, paging and embeds. */
export function rpcStatement(
  cache: SchemaCache,
  routine: Routine,
  args: Map<string, unknown> | { body: unknown },
  fromJson: boolean,
  query: ParsedQuery,
  options: RpcOptions,
): Statement {
  const params = new Params();
  const call = callSql(cache, routine, params, args, fromJson);

  if (!routine.returnsRows) {
    if (query.scopes.size > 0 || query.select.some((item) => item.kind !== 'star')) {
      throw new ApiError(400, 'PGRST100', `The result of ${routine.name} is not a set of rows: select, filters and order do not apply`);
    }
    if (options.format === 'csv') throw new ApiError(406, 'PGRST107', `None of these media types are available: text/csv`);
    if (routine.returnsSet) {
      const total = options.count ? 'count(*)' : 'null';
      return {
        sql: `with pgrst_all as materialized (select pgrst_x from ${call} pgrst_x) ` +
          `select count(*)::int as page_count, coalesce(json_agg(pgrst_x), '[]')::text as body, ${total}::text as total from pgrst_all`,
        params: params.values,
      };
    }
    const body = routine.returnsVoid ? `(select 'null'::json from (select ${call}) pgrst_x)` : `to_json(${call})`;
    return { sql: `select 1 as page_count, ${body}::text as body, ${options.count ? '1' : 'null'}::text as total`, params: params.values };
  }

  const planner = new Planner(cache, query);
  const relation = routine.returnsRelation ? cache.relations.get(routine.returnsRelation) ?? null : null;
  const root = planner.node(relation, query.select, [], routine.name);
  planner.checkScopesUsed();
  const conditions = conditionsSql(params, root);
  const limit = Math.min(root.scoped.limit ?? options.maxRows, options.maxRows);
  const all = `select ${root.alias}.* from ${call} as ${root.alias}${conditions.length ? ` where ${conditions.join(' and ')}` : ''}`;
  const page =
    `select * from pgrst_all as ${root.alias}` + orderSql(params, root.alias, root.scoped.order) + pageSql(limit, root.scoped.offset);
  const sql =
    `with pgrst_all as materialized (${all}), pgrst_page as (${page}) ` +
    resultSql('pgrst_page', root, params, options.count ? '(select count(*) from pgrst_all)' : null, options.format);
  return { sql, params: params.values };
}
