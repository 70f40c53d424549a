import { ApiError, parseError } from './errors';

export type JsonStep = { arrow: '->' | '->>'; key: string };

/** A column reference with an optional JSON path: col->a->>b. */
export type FieldRef = { column: string; json: JsonStep[] };

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: FieldRef; alias?: string; cast?: string }
  | { kind: 'embed'; name: string; alias?: string; hint?: string; join: 'left' | 'inner'; select: SelectItem[]; spread?: boolean };

/** PostgREST's answer while db-aggregates-enabled is off, its default and hosted Supabase's. */
export const aggregatesNotAllowed = () => new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed');

/** Splits on a separator at depth 0, outside double quotes. */
export function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '\\' && i + 1 < text.length) {
        current += char + text[++i];
        continue;
      }
      if (char === '"') quoted = false;
      current += char;
      continue;
    }
    if (char === '"') quoted = true;
    else if (char === '(') depth++;
    else if (char === ')') {
      depth--;
      if (depth < 0) throw parseError(`Unexpected ")" in "${text}"`);
    } else if (char === separator && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  if (quoted || depth !== 0) throw parseError(`Unbalanced quotes or parentheses in "${text}"`);
  parts.push(current);
  return parts;
}

const identifier = /^[^\s"(),:!.*\-<>]+$/;

/** An identifier: "quoted with ""anything""" or plain. */
function readName(text: string, what: string): string {
  if (text.startsWith('"')) {
    if (!text.endsWith('"') || text.length < 2) throw parseError(`Bad quoted ${what} ${text}`);
    return text.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  if (!identifier.test(text)) throw parseError(`"${text}" is not a valid ${what}`);
  return text;
}

/**
 * Parses col, col->a->>b. In filter keys and order a name may be written bare even
 * with spaces (loose); every name is checked against the catalog afterwards.
 */
export function parseFieldRef(text: string, loose = false): FieldRef {
  const pieces = text.split(/(->>|->)/);
  const column = loose && !pieces[0].startsWith('"') && pieces[0] !== '' ? pieces[0] : readName(pieces[0], 'column name');
  const json: JsonStep[] = [];
  for (let i = 1; i < pieces.length; i += 2) {
    const key = pieces[i + 1];
    if (!key) throw parseError(`Empty JSON key in "${text}"`);
    json.push({ arrow: pieces[i] as JsonStep['arrow'], key: key.startsWith('"') ? readName(key, 'JSON key') : key });
  }
  return { column, json };
}

/** alias:rest, where the colon is not part of a :: cast. */
function splitAlias(text: string): { alias?: string; rest: string } {
  const match = /^("(?:[^"\\]|\\.)*"|[^:"(]+):(?!:)/.exec(text);
  if (!match) return { rest: text };
  return { alias: readName(match[1], 'alias'), rest: text.slice(match[0].length) };
}

// Deeper nesting is never needed and would only let a request exhaust the stack.
const maxDepth = 8;

function parseItem(raw: string, depth: number): SelectItem {
  const text = raw.trim();
  if (text === '') throw parseError('Empty item in select');
  if (text === '*') return { kind: 'star' };
  const spread = text.startsWith('...');
  const { alias, rest } = splitAlias(spread ? text.slice(3) : text);
  if (/^count\(\)(::[A-Za-z_][A-Za-z0-9_]*)?$/.test(rest) || /\.(sum|avg|max|min|count)\(\)(::[A-Za-z_][A-Za-z0-9_]*)?$/.test(rest)) {
    throw aggregatesNotAllowed();
  }
  const open = rest.indexOf('(');
  if (spread && !(open > 0 && rest.endsWith(')'))) throw parseError(`Only an embedded resource can be spread: "${text}"`);
  if (open > 0 && rest.endsWith(')')) {
    const head = rest.slice(0, open).split('!');
    const name = readName(head[0], 'relation name');
    let hint: string | undefined;
    let join: 'left' | 'inner' = 'left';
    for (const part of head.slice(1)) {
      if (part === 'inner' || part === 'left') join = part;
      else if (hint === undefined) hint = readName(part, 'embedding hint');
      else throw parseError(`Too many hints in "${text}"`);
    }
    const inner = rest.slice(open + 1, -1);
    // An empty embed, rel(), filters the parent without appearing in the answer.
    const select = inner.trim() === '' ? [] : parseSelect(inner, depth + 1);
    return { kind: 'embed', name, alias, hint, join, select, ...(spread ? { spread } : {}) };
  }

  const [fieldText, cast, extra] = rest.split('::');
  if (extra !== undefined) throw parseError(`Bad cast in "${text}"`);
  if (cast !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(cast)) throw parseError(`Bad cast type "${cast}"`);
  return { kind: 'field', field: parseFieldRef(fieldText), alias, cast };
}

/** Parses PostgREST's select parameter. */
export function parseSelect(text: string, depth = 0): SelectItem[] {
  if (depth > maxDepth) throw parseError(`Embedding is nested more than ${maxDepth} levels deep`);
  if (text.trim() === '') return [{ kind: 'star' }];
  return splitTopLevel(text).map((item) => parseItem(item, depth));
}
