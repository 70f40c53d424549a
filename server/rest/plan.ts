import { ApiError } from './errors';
import type { FilterNode, OrderItem } from './parse-filters';
import type { ParsedQuery, Scoped } from './parse-query';
import type { FieldRef, SelectItem } from './parse-select';
import type { ForeignKey, Relation, SchemaCache } from './schema-cache';

export type Projected =
  | { kind: 'column'; field: FieldRef; name: string; cast?: string }
  | { kind: 'all' }
  | { kind: 'embed'; node: ResourceNode };

/** One resource of a read: the root, or an embedded relation with its link to its parent. */
export type ResourceNode = {
  /** null for the rows of a routine, whose columns are not in the cache. */
  relation: Relation | null;
  alias: string;
  name: string;
  items: Projected[];
  scoped: Scoped;
  link?: { fk: ForeignKey; parentHasFk: boolean; toOne: boolean; inner: boolean };
};

type Candidate = { fk: ForeignKey; target: string; parentHasFk: boolean; toOne: boolean };

const sameColumns = (a: string[], b: string[]) => a.length === b.length && a.every((column) => b.includes(column));

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

function findRelationship(cache: SchemaCache, parent: Relation, name: string, hint?: string): Candidate {
  const target = cache.relations.get(name);
  let candidates: Candidate[] = [];
  for (const fk of cache.foreignKeys) {
    const namesColumn = fk.fromColumns.length === 1 && fk.fromColumns[0] === name;
    if (fk.from === parent.name && (fk.to === name || namesColumn)) {
      candidates.push({ fk, target: fk.to, parentHasFk: true, toOne: true });
    }
    if (target && fk.from === name && fk.to === parent.name) {
      const toOne = target.uniqueKeys.some((key) => sameColumns(key, fk.fromColumns));
      candidates.push({ fk, target: fk.from, parentHasFk: false, toOne });
    }
  }
  if (hint) {
    candidates = candidates.filter(
      (c) => c.fk.name === hint || c.fk.fromColumns.join(',') === hint || c.fk.toColumns.join(',') === hint,
    );
  }
  // A self-referencing key shows up in both directions; with a column name it means the parent side.
  if (candidates.length > 1 && candidates.every((c) => c.fk === candidates[0].fk)) {
    candidates = [candidates.find((c) => c.parentHasFk) ?? candidates[0]];
  }
  if (candidates.length === 0) {
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
    );
  }
  if (candidates.length > 1) {
    throw new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      JSON.stringify(
        candidates.map((c) => ({
          cardinality: c.toOne ? (c.parentHasFk ? 'many-to-one' : 'one-to-one') : 'one-to-many',
          embedding: `${parent.name} with ${c.target}`,
          relationship: `${c.fk.name} using ${c.fk.from}(${c.fk.fromColumns.join(', ')}) and ${c.fk.to}(${c.fk.toColumns.join(', ')})`,
        })),
      ),
      `Try changing '${name}' to one of the following: ${candidates.map((c) => `'${c.target}!${c.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
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
    for (const item of items) {
      if (item.kind === 'star') node.items.push({ kind: 'all' });
      else if (item.kind === 'field') {
        checkField(relation, item.field);
        const last = item.field.json[item.field.json.length - 1];
        node.items.push({ kind: 'column', field: item.field, cast: item.cast, name: item.alias ?? last?.key ?? item.field.column });
      } else {
        if (!relation) throw new ApiError(400, 'PGRST100', 'Embedding is not supported on the result of a function');
        const found = findRelationship(this.cache, relation, item.name, item.hint);
        const target = this.cache.relations.get(found.target)!;
        const childName = item.alias ?? item.name;
        const child = this.node(target, item.select, [...path, childName], childName);
        child.link = { fk: found.fk, parentHasFk: found.parentHasFk, toOne: found.toOne, inner: item.join === 'inner' };
        node.items.push({ kind: 'embed', node: child });
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
