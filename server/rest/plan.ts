import { ApiError } from './errors';
import type { FilterNode, OrderItem } from './parse-filters';
import type { ParsedQuery, Scoped } from './parse-query';
import { aggregatesNotAllowed, type FieldRef, type SelectItem } from './parse-select';
import type { ForeignKey, Relation, SchemaCache } from './schema-cache';

export type Projected =
  | { kind: 'column'; field: FieldRef; name: string; cast?: string }
  | { kind: 'all' }
  | { kind: 'embed'; node: ResourceNode; spread: boolean };

/** A many-to-many link: rows of the junction table join the parent (source) to the child (target). */
export type Junction = { relation: Relation; source: ForeignKey; target: ForeignKey };

export type Link = { fk: ForeignKey; parentHasFk: boolean; toOne: boolean; inner: boolean; junction?: Junction };

/** One resource of a read: the root, or an embedded relation with its link to its parent. */
export type ResourceNode = {
  /** null for the rows of a routine that returns no table's row type. */
  relation: Relation | null;
  alias: string;
  name: string;
  items: Projected[];
  scoped: Scoped;
  link?: Link;
};

type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

/** A relationship from an origin table, as PostgREST's schema cache lists them. */
type Relationship = {
  target: string;
  cardinality: Cardinality;
  fk: ForeignKey;
  /** The foreign key is on the origin's side. */
  parentHasFk: boolean;
  /** Column pairs (origin column, target column), for hints by column name. */
  columns: [string, string][];
  junction?: Junction;
};

const sameColumns = (a: string[], b: string[]) => a.length === b.length && a.every((column) => b.includes(column));
const isUnique = (relation: Relation | undefined, columns: string[]) => !!relation?.uniqueKeys.some((key) => sameColumns(key, columns));

export const columnMissing = (relation: Relation, column: string) =>
  new ApiError(400, '42703', `column ${relation.name}.${column} does not exist`);

function checkField(relation: Relation | null, field: FieldRef) {
  if (relation && !relation.columns.has(field.column)) throw columnMissing(relation, field.column);
}

function checkFilter(relation: Relation | null, node: FilterNode) {
  if (node.kind === 'cond') checkField(relation, node.field);
  else node.children.forEach((child) => checkFilter(relation, child));
}

function checkOrder(relation: Relation | null, order: OrderItem[] | undefined) {
  order?.forEach((item) => checkField(relation, item.field));
}

function relationshipsOf(cache: SchemaCache, origin: Relation): Relationship[] {
  const found: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    const pairs = fk.fromColumns.map((column, i): [string, string] => [column, fk.toColumns[i]]);
    const oneToOne = isUnique(cache.relations.get(fk.from), fk.fromColumns);
    if (fk.from === origin.name) {
      found.push({ target: fk.to, cardinality: oneToOne ? 'one-to-one' : 'many-to-one', fk, parentHasFk: true, columns: pairs });
    }
    if (fk.to === origin.name) {
      found.push({
        target: fk.from, cardinality: oneToOne ? 'one-to-one' : 'one-to-many', fk, parentHasFk: false,
        columns: pairs.map(([from, to]): [string, string] => [to, from]),
      });
    }
  }
  // PostgREST's junctions: a table with keys to both sides, all of whose columns are in its primary key.
  for (const source of cache.foreignKeys) {
    if (source.to !== origin.name) continue;
    const junction = cache.relations.get(source.from);
    if (!junction) continue;
    for (const target of cache.foreignKeys) {
      if (target === source || target.from !== source.from || target.to === origin.name) continue;
      if (![...source.fromColumns, ...target.fromColumns].every((column) => junction.primaryKey.includes(column))) continue;
      found.push({ target: target.to, cardinality: 'many-to-many', fk: target, parentHasFk: false, columns: [], junction: { relation: junction, source, target } });
    }
  }
  return found;
}

/** PostgREST's findRel: which relationship `target!hint(...)` names, from the origin. */
function findRelationship(cache: SchemaCache, origin: Relation, target: string, hint?: string): Relationship {
  const single = (r: Relationship) => (r.columns.length === 1 ? r.columns[0] : undefined);
  const byColumn = (r: Relationship, name: string) => single(r)?.[0] === name;
  const byTargetColumn = (r: Relationship, name: string) => single(r)?.[1] === name;
  const byConstraint = (r: Relationship, name: string) => !r.junction && r.fk.name === name;
  const targetIsView = (r: Relationship) => cache.relations.get(r.target)?.kind === 'view';
  const all = relationshipsOf(cache, origin);
  const candidates = all.filter((r) => {
    if (r.target === origin.name && !r.junction) {
      // A self-reference is two relationships over one key: the table's name means the
      // children (one-to-many), the key's column the parent; a hint names the children's column.
      if (hint === undefined) return (target === r.target && !r.parentHasFk) || (byColumn(r, target) && r.parentHasFk);
      return target === r.target && !r.parentHasFk && byTargetColumn(r, hint);
    }
    if (r.target === origin.name) return false;
    if (hint === undefined) {
      return target === r.target || ((byConstraint(r, target) || byColumn(r, target)) && !targetIsView(r));
    }
    return target === r.target &&
      (byConstraint(r, hint) || byColumn(r, hint) || byTargetColumn(r, hint) || r.junction?.relation.name === hint);
  });
  if (candidates.length === 0) {
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin.name}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin.name}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${cache.schema}', but no matches were found.`,
    );
  }
  if (candidates.length > 1) {
    const columns = (names: string[]) => `(${names.join(', ')})`;
    throw new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${origin.name}' and '${target}'`,
      candidates.map((c) => ({
        cardinality: c.cardinality,
        embedding: `${origin.name} with ${c.target}`,
        relationship: c.junction
          ? `${c.junction.relation.name} using ${c.junction.source.name}${columns(c.junction.source.fromColumns)} and ${c.junction.target.name}${columns(c.junction.target.fromColumns)}`
          : `${c.fk.name} using ${origin.name}${columns(c.columns.map(([from]) => from))} and ${c.target}${columns(c.columns.map(([, to]) => to))}`,
      })),
      `Try changing '${target}' to one of the following: ${candidates.map((c) => `'${c.target}!${c.junction ? c.junction.relation.name : c.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  return candidates[0];
}

export class Planner {
  private aliases = 0;
  private usedScopes = new Set<string>();

  constructor(
    readonly cache: SchemaCache,
    readonly query: ParsedQuery,
  ) {}

  nextAlias(prefix = 't') {
    return `${prefix}${this.aliases++}`;
  }

  /** Builds the resource tree for select items over a relation, validating every name. */
  node(relation: Relation | null, items: SelectItem[], path: string[], name: string): ResourceNode {
    const key = path.join('.');
    this.usedScopes.add(key);
    const scoped = this.query.scopes.get(key) ?? { filters: [] };
    scoped.filters.forEach((filter) => checkFilter(relation, filter));
    checkOrder(relation, scoped.order);
    const node: ResourceNode = { relation, alias: this.nextAlias(), name, items: [], scoped };
    const embedded = new Set<string>();
    for (const item of items) {
      if (item.kind === 'star') node.items.push({ kind: 'all' });
      else if (item.kind === 'field') {
        // rel(count) counts the embedded rows in PostgREST: an aggregate, refused while they are off.
        if (path.length > 0 && item.field.column === 'count' && item.field.json.length === 0 && !relation?.columns.has('count')) {
          throw aggregatesNotAllowed();
        }
        checkField(relation, item.field);
        const last = item.field.json[item.field.json.length - 1];
        node.items.push({ kind: 'column', field: item.field, cast: item.cast, name: item.alias ?? last?.key ?? item.field.column });
      } else {
        if (!relation) throw new ApiError(400, 'PGRST100', 'Embedding needs a function that returns rows of a table or view');
        const found = findRelationship(this.cache, relation, item.name, item.hint);
        const childName = item.alias ?? item.name;
        // PostgREST's SQL names each embed after its table: the same one twice needs an alias.
        if (!item.alias && embedded.has(childName)) throw new ApiError(400, '42712', `table name "${relation.name}_${childName}_1" specified more than once`);
        embedded.add(childName);
        const toOne = found.cardinality === 'many-to-one' || found.cardinality === 'one-to-one';
        if (item.spread && !toOne) {
          throw new ApiError(400, 'PGRST119', `A spread operation on '${childName}' is not possible`,
            `'${relation.name}' and '${childName}' do not form a many-to-one or one-to-one relationship`);
        }
        const child = this.node(this.cache.relations.get(found.target)!, item.select, [...path, childName], childName);
        child.link = { fk: found.fk, parentHasFk: found.parentHasFk, toOne, inner: item.join === 'inner', junction: found.junction };
        node.items.push({ kind: 'embed', node: child, spread: item.spread === true });
      }
    }
    return node;
  }

  /** Every filter, order or limit must address the root or an embedded resource of the select. */
  checkScopesUsed() {
    for (const key of this.query.scopes.keys()) {
      if (!this.usedScopes.has(key)) {
        throw new ApiError(400, 'PGRST108', `'${key}' is not an embedded resource in this request`, null,
          `Verify that '${key}' is included in the 'select' query parameter.`);
      }
    }
  }
}
