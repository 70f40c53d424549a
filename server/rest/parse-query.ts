import { parseError } from './errors';
import { parseCondition, parseCount, parseLogic, parseOrder, type FilterNode, type OrderItem } from './parse-filters';
import { parseFieldRef, parseSelect, splitTopLevel, type SelectItem } from './parse-select';

/** Query-string parameters addressed to one resource: the root ('') or an embed path ('owner', 'owner.tags'). */
export type Scoped = { filters: FilterNode[]; order?: OrderItem[]; limit?: number; offset?: number };

export type ParsedQuery = {
  select: SelectItem[];
  scopes: Map<string, Scoped>;
  columns?: string[];
  onConflict?: string[];
  /** Parameters that name arguments of the routine being called (GET/HEAD rpc). */
  args: Map<string, string>;
};

// Clients that cannot set headers may pass the key as a parameter; it is not a filter.
const ignored = new Set(['apikey']);

function scope(query: ParsedQuery, path: string[]): Scoped {
  const key = path.join('.');
  let scoped = query.scopes.get(key);
  if (!scoped) {
    scoped = { filters: [] };
    query.scopes.set(key, scoped);
  }
  return scoped;
}

function quotedNames(text: string, what: string): string[] {
  return splitTopLevel(text).map((name) => {
    const trimmed = name.trim();
    const unquoted = trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
    if (!unquoted) throw parseError(`Empty name in ${what}`);
    return unquoted;
  });
}

/** Parses a PostgREST query string into select, per-resource filters, order and paging. */
export function parseQuery(params: URLSearchParams, argNames: ReadonlySet<string> = new Set()): ParsedQuery {
  const query: ParsedQuery = { select: [{ kind: 'star' }], scopes: new Map(), args: new Map() };
  let selectSeen = false;
  for (const [key, value] of params) {
    if (ignored.has(key)) continue;
    if (argNames.has(key)) {
      query.args.set(key, value);
      continue;
    }
    if (key === 'select') {
      if (selectSeen) throw parseError('select given twice');
      selectSeen = true;
      query.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      query.columns = quotedNames(value, 'columns');
      continue;
    }
    if (key === 'on_conflict') {
      query.onConflict = quotedNames(value, 'on_conflict');
      continue;
    }
    const parts = key.split('.');
    if (parts.some((part) => part === '')) throw parseError(`Bad parameter name "${key}"`);
    const last = parts[parts.length - 1];
    const negatedLogic = parts.length >= 2 && parts[parts.length - 2] === 'not' && (last === 'or' || last === 'and');
    if (negatedLogic) {
      scope(query, parts.slice(0, -2)).filters.push(parseLogic(last as 'or' | 'and', true, value));
      continue;
    }
    const path = parts.slice(0, -1);
    switch (last) {
      case 'or':
      case 'and':
        scope(query, path).filters.push(parseLogic(last, false, value));
        break;
      case 'order':
        scope(query, path).order = parseOrder(value);
        break;
      case 'limit':
        scope(query, path).limit = parseCount(value, 'limit');
        break;
      case 'offset':
        scope(query, path).offset = parseCount(value, 'offset');
        break;
      default:
        scope(query, path).filters.push(parseCondition(parseFieldRef(last, true), value));
    }
  }
  return query;
}
