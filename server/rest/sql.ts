import type { BodyFormat } from './media';
import type { FilterNode, OrderItem } from './parse-filters';
import type { FieldRef } from './parse-select';
import type { ResourceNode } from './plan';
import type { Relation } from './schema-cache';

/** Quotes an identifier; names reach here only after being checked against the catalog. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const qualified = (relation: Pick<Relation, 'schema' | 'name'>) => `${quoteIdent(relation.schema)}.${quoteIdent(relation.name)}`;

/** Collects bound parameters: values never enter the SQL text. */
export class Params {
  readonly values: unknown[] = [];
  private names = 0;
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /** A fresh name for a derived table of this statement. */
  name(prefix: string): string {
    return `${prefix}${this.names++}`;
  }
}

/**
 * The answer's body from the rows of a from-item, as text: a JSON array (PostgREST's json_agg,
 * json_strip_nulls for nulls=stripped), or PostgREST's CSV: the first row's keys as the header,
 * then each row in PostgreSQL's record text form without its parentheses.
 */
export function bodySql(rows: string, format: BodyFormat): string {
  if (format === 'csv') {
    const header = `coalesce((select string_agg(k, ',') from json_object_keys((select row_to_json(pgrst_h) from ${rows} pgrst_h limit 1)) k), '')`;
    return `(select ${header} || chr(10) || coalesce(string_agg(substring(pgrst_r::text, 2, length(pgrst_r::text) - 2), chr(10)), '') from ${rows} pgrst_r)`;
  }
  const array = format === 'json-stripped' ? 'json_strip_nulls(json_agg(pgrst_r))' : 'json_agg(pgrst_r)';
  return `coalesce((select ${array} from ${rows} pgrst_r), '[]')::text`;
}

export function fieldSql(params: Params, alias: string, field: FieldRef): string {
  let sql = `${alias}.${quoteIdent(field.column)}`;
  for (const step of field.json) {
    sql += /^-?\d{1,9}$/.test(step.key) ? `${step.arrow}${params.add(step.key)}::int` : `${step.arrow}${params.add(step.key)}::text`;
  }
  return sql;
}

const comparisons: Record<string, string> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=',
  like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', isdistinct: 'is distinct from',
  sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
};

const textSearch: Record<string, string> = {
  fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery',
};

export function filterSql(params: Params, alias: string, node: FilterNode): string {
  if (node.kind === 'logic') {
    const inner = node.children.map((child) => filterSql(params, alias, child)).join(` ${node.op} `);
    return node.negate ? `not (${inner})` : `(${inner})`;
  }
  const column = fieldSql(params, alias, node.field);
  let sql: string;
  if (node.op === 'in') {
    const list = node.value as string[];
    sql = list.length === 0 ? 'false' : `${column} in (${list.map((value) => params.add(value)).join(', ')})`;
  } else if (node.op === 'is') {
    // One of null, true, false, unknown: checked by the parser.
    sql = `${column} is ${node.value as string}`;
  } else if (node.op in textSearch) {
    const language = node.language ? `${params.add(node.language)}::regconfig, ` : '';
    sql = `${column} @@ ${textSearch[node.op]}(${language}${params.add(node.value)})`;
  } else {
    const value = node.op === 'like' || node.op === 'ilike' ? (node.value as string).replace(/\*/g, '%') : node.value;
    // With (any)/(all) the value is a {…} array literal; PostgreSQL infers its element type from the column.
    sql = node.quantifier
      ? `${column} ${comparisons[node.op]} ${node.quantifier}(${params.add(value)})`
      : `${column} ${comparisons[node.op]} ${params.add(value)}`;
  }
  return node.negate ? `not (${sql})` : sql;
}

export function orderSql(params: Params, alias: string, order: OrderItem[] | undefined): string {
  if (!order?.length) return '';
  const items = order.map(
    (item) => `${fieldSql(params, alias, item.field)} ${item.direction}${item.nulls ? ` nulls ${item.nulls}` : ''}`,
  );
  return ` order by ${items.join(', ')}`;
}

export function pageSql(limit: number | undefined, offset: number | undefined): string {
  return `${limit !== undefined ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;
}

/** An embed that selects nothing, rel(), at any depth: it filters but is left out of the answer. */
const selectsNothing = (node: ResourceNode): boolean =>
  node.items.every((item) => item.kind === 'embed' && !item.spread && selectsNothing(item.node));

/** The named expressions a resource contributes to its parent's select list. */
function projectionParts(params: Params, node: ResourceNode): { sql: string; name: string }[] {
  const parts: { sql: string; name: string }[] = [];
  for (const item of node.items) {
    if (item.kind === 'all') {
      if (node.relation) {
        for (const column of node.relation.columns.keys()) parts.push({ sql: `${node.alias}.${quoteIdent(column)}`, name: column });
      } else parts.push({ sql: `${node.alias}.*`, name: '' });
    } else if (item.kind === 'column') {
      const value = fieldSql(params, node.alias, item.field);
      parts.push({ sql: item.cast ? `(${value})::${item.cast}` : value, name: item.name });
    } else if (item.spread) {
      // ...rel(): each of the (to-one) embed's columns joins the parent's, as PostgREST spreads them.
      for (const part of projectionParts(params, item.node)) {
        parts.push({ sql: `(select ${part.sql} ${fromWhereSql(params, item.node, node.alias)} limit 1)`, name: part.name });
      }
    } else if (!selectsNothing(item.node)) {
      parts.push({ sql: embedSql(params, item.node, node.alias), name: item.node.name });
    }
  }
  return parts;
}

/** The select list of a resource: its columns and, for each embed, a correlated subquery. */
export function projectionSql(params: Params, node: ResourceNode): string {
  const parts = projectionParts(params, node).map((part) => (part.name === '' ? part.sql : `${part.sql} as ${quoteIdent(part.name)}`));
  return parts.length ? parts.join(', ') : 'null as "_"';
}

function linkConditions(node: ResourceNode, parentAlias: string): string[] {
  const { fk, parentHasFk, junction } = node.link!;
  const equal = (leftAlias: string, left: string[], rightAlias: string, right: string[]) =>
    left.map((column, i) => `${leftAlias}.${quoteIdent(column)} = ${rightAlias}.${quoteIdent(right[i])}`);
  if (junction) {
    const via = `${node.alias}_j`;
    const joins = [
      ...equal(via, junction.source.fromColumns, parentAlias, junction.source.toColumns),
      ...equal(via, junction.target.fromColumns, node.alias, junction.target.toColumns),
    ];
    return [`exists (select 1 from ${qualified(junction.relation)} as ${via} where ${joins.join(' and ')})`];
  }
  return parentHasFk ? equal(node.alias, fk.toColumns, parentAlias, fk.fromColumns) : equal(node.alias, fk.fromColumns, parentAlias, fk.toColumns);
}

/** `where` conditions of a resource: its link, its filters, and its !inner embeds. */
export function conditionsSql(params: Params, node: ResourceNode, parentAlias?: string): string[] {
  const conditions = node.link && parentAlias ? linkConditions(node, parentAlias) : [];
  for (const filter of node.scoped.filters) conditions.push(filterSql(params, node.alias, filter));
  for (const item of node.items) {
    if (item.kind === 'embed' && item.node.link?.inner) {
      conditions.push(`exists (select 1 ${fromWhereSql(params, item.node, node.alias)})`);
    }
  }
  return conditions;
}

export function fromWhereSql(params: Params, node: ResourceNode, parentAlias?: string): string {
  const conditions = conditionsSql(params, node, parentAlias);
  return `from ${qualified(node.relation!)} as ${node.alias}${conditions.length ? ` where ${conditions.join(' and ')}` : ''}`;
}

function embedSql(params: Params, node: ResourceNode, parentAlias: string): string {
  const row = params.name('pgrst_e');
  const core = `select ${projectionSql(params, node)} ${fromWhereSql(params, node, parentAlias)}`;
  if (node.link!.toOne) return `(select row_to_json(${row}) from (${core} limit 1) ${row})`;
  const tail = orderSql(params, node.alias, node.scoped.order) + pageSql(node.scoped.limit, node.scoped.offset);
  return `(select coalesce(json_agg(${row}), '[]'::json) from (${core}${tail}) ${row})`;
}
