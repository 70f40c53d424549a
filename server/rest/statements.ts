import { ApiError } from './errors';
import type { ParsedQuery } from './parse-query';
import { Planner, type ResourceNode } from './plan';
import { Params, conditionsSql, fromWhereSql, orderSql, pageSql, projectionSql, qualified, quoteIdent } from './sql';
import type { Relation, Routine, RoutineArg, SchemaCache } from './schema-cache';

/**
 * A statement whose single result row has page_count (rows in this answer), body
 * (JSON text) and total (the count asked for with Prefer: count), or, with
 * returnsNothing, a plain statement run for its affected-row count.
 */
export type Statement = { sql: string; params: unknown[]; returnsNothing?: boolean };

export type ReadOptions = { count: boolean; maxRows: number };

function resultSql(source: string, node: ResourceNode, params: Params, totalSql: string | null): string {
  const projected = `select ${projectionSql(params, node)} from ${source} as ${node.alias}`;
  return (
    `select (select count(*) from ${source})::int as page_count, ` +
    `coalesce((select json_agg(pgrst_r) from (${projected}) pgrst_r), '[]')::text as body, ` +
    `${totalSql ?? 'null'}::text as total`
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
    `coalesce((select json_agg(pgrst_r) from pgrst_source pgrst_r), '[]')::text as body, ` +
    `${total ?? 'null'}::text as total`;
  return { sql, params: params.values };
}

export type WriteOptions = {
  /** Return the written rows (Prefer: return=representation, or a single-object Accept). */
  representation: boolean;
  count: boolean;
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

export function insertStatement(cache: SchemaCache, relation: Relation, query: ParsedQuery, rows: Payload, options: InsertOptions): Statement {
  const params = new Params();
  // Which columns each row writes: the columns parameter, else every key present. With
  // missing=default each distinct key set is its own insert, so absent keys take defaults.
  const groups = new Map<string, { columns: string[]; rows: Payload }>();
  const union = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  checkColumns(relation, union);
  for (const row of rows) {
    const columns = options.missingDefault ? union.filter((column) => column in row) : union;
    const key = columns.join('\u0000');
    const group = groups.get(key) ?? { columns, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }

  let conflict = '';
  if (options.resolution) {
    const target = query.onConflict ?? relation.primaryKey;
    if (target.length === 0) throw new ApiError(400, 'PGRST100', `'${relation.name}' has no primary key: give on_conflict`);
    checkColumns(relation, target);
    const updates = union.filter((column) => !target.includes(column));
    conflict =
      options.resolution === 'ignore-duplicates' || updates.length === 0
        ? ` on conflict (${target.map(quoteIdent).join(', ')}) do nothing`
        : ` on conflict (${target.map(quoteIdent).join(', ')}) do update set ${updates
            .map((column) => `${quoteIdent(column)} = excluded.${quoteIdent(column)}`)
            .join(', ')}`;
  } else if (query.onConflict) {
    checkColumns(relation, query.onConflict);
  }

  const returning = options.representation || options.count;
  const inserts = [...groups.values()].map(({ columns, rows: groupRows }) => {
    const target = `insert into ${qualified(relation)} as pgrst_target`;
    const values =
      columns.length === 0
        ? `select from jsonb_array_elements(${params.add(JSON.stringify(groupRows))}::jsonb)`
        : `(${columns.map(quoteIdent).join(', ')}) select ${columns.map((c) => `r.${quoteIdent(c)}`).join(', ')} ` +
          `from jsonb_array_elements(${params.add(JSON.stringify(groupRows))}::jsonb) as e(j), ` +
          `lateral jsonb_populate_record(null::${qualified(relation)}, e.j) as r`;
    return `${target} ${values}${conflict}${returning ? ' returning pgrst_target.*' : ''}`;
  });

  if (!returning) {
    if (inserts.length === 1) return { sql: inserts[0], params: params.values, returnsNothing: true };
    const ctes = inserts.map((sql, i) => `pgrst_w${i} as (${sql})`).join(', ');
    return { sql: `with ${ctes} select 1`, params: params.values, returnsNothing: true };
  }
  return withReturnedRows(cache, relation, query, params, inserts, options);
}

function withReturnedRows(
  cache: SchemaCache,
  relation: Relation,
  query: ParsedQuery,
  params: Params,
  writes: string[],
  options: WriteOptions,
): Statement {
  const planner = new Planner(cache, query);
  const root = planner.node(relation, options.representation ? query.select : [{ kind: 'star' }], [], relation.name);
  planner.checkScopesUsed();
  const ctes = writes.map((sql, i) => `pgrst_w${i} as (${sql})`);
  const union = writes.map((_, i) => `select * from pgrst_w${i}`).join(' union all ');
  ctes.push(`pgrst_rows as (${union})`);
  const total = options.count ? '(select count(*) from pgrst_rows)' : null;
  return { sql: `with ${ctes.join(', ')} ${resultSql('pgrst_rows', root, params, total)}`, params: params.values };
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

export function updateStatement(cache: SchemaCache, relation: Relation, query: ParsedQuery, row: Record<string, unknown>, options: WriteOptions): Statement {
  const params = new Params();
  const columns = Object.keys(row);
  checkColumns(relation, columns);
  const where = rootFilters(cache, relation, query, params, 'pgrst_target', 'UPDATE');
  const returning = options.representation || options.count;
  const set = columns.length
    ? columns.map((column) => `${quoteIdent(column)} = r.${quoteIdent(column)}`).join(', ')
    : null;
  if (!set) {
    // Nothing to change: answer with the rows the filters select, as they are.
    const select = `select pgrst_target.* from ${qualified(relation)} as pgrst_target${where}`;
    return returning ? withReturnedRows(cache, relation, query, params, [select], options) : { sql: select, params: params.values, returnsNothing: true };
  }
  const update =
    `update ${qualified(relation)} as pgrst_target set ${set} ` +
    `from jsonb_populate_record(null::${qualified(relation)}, ${params.add(JSON.stringify(row))}::jsonb) as r${where}` +
    (returning ? ' returning pgrst_target.*' : '');
  return returning ? withReturnedRows(cache, relation, query, params, [update], options) : { sql: update, params: params.values, returnsNothing: true };
}

export function deleteStatement(cache: SchemaCache, relation: Relation, query: ParsedQuery, options: WriteOptions): Statement {
  const params = new Params();
  const where = rootFilters(cache, relation, query, params, 'pgrst_target', 'DELETE');
  const returning = options.representation || options.count;
  const remove = `delete from ${qualified(relation)} as pgrst_target${where}${returning ? ' returning pgrst_target.*' : ''}`;
  return returning ? withReturnedRows(cache, relation, query, params, [remove], options) : { sql: remove, params: params.values, returnsNothing: true };
}

/** Picks the overload whose named arguments match the given names. */
export function findRoutine(cache: SchemaCache, name: string, argNames: string[]): Routine {
  const candidates = (cache.routines.get(name) ?? []).filter(
    (routine) =>
      argNames.every((arg) => routine.args.some((a) => a.name === arg)) &&
      routine.args.every((a) => a.hasDefault || argNames.includes(a.name)),
  );
  if (candidates.length === 1) return candidates[0];
  const signature = `${cache.schema}.${name}(${[...argNames].sort().join(', ')})`;
  if (candidates.length === 0) {
    throw new ApiError(404, 'PGRST202', `Could not find the function ${signature} in the schema cache`, null,
      'Perhaps you meant to call a function with different arguments.');
  }
  throw new ApiError(300, 'PGRST203', `Could not choose the best candidate function between several for ${signature}`);
}

function argSql(params: Params, arg: RoutineArg, value: unknown, fromJson: boolean): string {
  if (value === null) return `null::${arg.type}`;
  if (!fromJson) return `${params.add(String(value))}::${arg.type}`;
  if (arg.isJson || (typeof value === 'object' && !Array.isArray(value))) return `${params.add(JSON.stringify(value))}::${arg.type}`;
  if (Array.isArray(value)) {
    return `array(select jsonb_array_elements_text(${params.add(JSON.stringify(value))}::jsonb))::${arg.type}`;
  }
  return `${params.add(String(value))}::${arg.type}`;
}

export type RpcOptions = ReadOptions & { single: boolean };

/** Calls a routine with named arguments; rows-returning routines take select, filters and order. */
export function rpcStatement(
  cache: SchemaCache,
  routine: Routine,
  args: Map<string, unknown>,
  fromJson: boolean,
  query: ParsedQuery,
  options: RpcOptions,
): Statement {
  const params = new Params();
  const argList = [...args].map(([name, value]) => {
    const arg = routine.args.find((a) => a.name === name)!;
    return `${quoteIdent(name)} => ${argSql(params, arg, value, fromJson)}`;
  });
  const call = `${quoteIdent(cache.schema)}.${quoteIdent(routine.name)}(${argList.join(', ')})`;

  if (!routine.returnsRows) {
    if (query.scopes.size > 0 || query.select.some((item) => item.kind !== 'star')) {
      throw new ApiError(400, 'PGRST100', `The result of ${routine.name} is not a set of rows: select, filters and order do not apply`);
    }
    const body = routine.returnsSet
      ? `coalesce((select json_agg(pgrst_x) from ${call} pgrst_x), '[]')`
      : routine.returnsVoid
        ? `(select 'null'::json from (select ${call}) pgrst_x)`
        : `to_json(${call})`;
    const count = routine.returnsSet ? `(select count(*) from ${call} pgrst_x)` : '1';
    const total = options.count && routine.returnsSet ? count : 'null';
    return { sql: `select ${count}::int as page_count, ${body}::text as body, ${total}::text as total`, params: params.values };
  }

  const planner = new Planner(cache, query);
  const root = planner.node(null, query.select, [], routine.name);
  planner.checkScopesUsed();
  const conditions = conditionsSql(params, root);
  const limit = Math.min(root.scoped.limit ?? options.maxRows, options.maxRows);
  const all = `select ${root.alias}.* from ${call} as ${root.alias}${conditions.length ? ` where ${conditions.join(' and ')}` : ''}`;
  const page =
    `select * from pgrst_all as ${root.alias}` + orderSql(params, root.alias, root.scoped.order) + pageSql(limit, root.scoped.offset);
  const sql =
    `with pgrst_all as materialized (${all}), pgrst_page as (${page}) ` +
    resultSql('pgrst_page', root, params, options.count ? '(select count(*) from pgrst_all)' : null);
  return { sql, params: params.values };
}

