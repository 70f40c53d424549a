/**
 * A small SQL-aware scan for the checks of issue 30 (items 4 and 5): it finds the UPDATE and DELETE
 * statements of a piece of SQL or PL/pgSQL (a function body, a migration, seed.sql), with their
 * target table, whether they have a WHERE of their own, and their text. Comments are skipped and
 * string literals are not code; each literal's content is scanned in turn, so SQL written as a
 * string (a DO block's body, an EXECUTE format(...)) is checked too.
 *
 * It is not a parser: it knows what the checks need. A statement runs from its keyword to the `;`
 * at its own depth of parentheses, or to the `)` closing it (a data-modifying WITH), or to the end.
 * A WHERE counts only at the statement's own depth: one in a sub-select or a FILTER does not.
 */

export type Token = { text: string; lower: string; start: number; end: number; kind: 'word' | 'quoted' | 'punct' | 'number' | 'param' };

export type Literal = { content: string; start: number };

export type Stripped = { tokens: Token[]; literals: Literal[] };

const wordStart = /[A-Za-z_\u0080-\uffff]/;
const wordPart = /[A-Za-z0-9_$\u0080-\uffff]/;

/** Tokens of `sql` without comments and string literals; the literals' contents on the side. */
export function tokenize(sql: string): Stripped {
  const tokens: Token[] = [];
  const literals: Literal[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i];
    const next = sql[i + 1];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '-' && next === '-') {
      while (i < n && sql[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      // Block comments nest in PostgreSQL.
      let depth = 0;
      do {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      } while (i < n && depth > 0);
    } else if (c === "'" || ((c === 'E' || c === 'e') && next === "'" && !wordPart.test(sql[i - 1] ?? ' '))) {
      const escapes = c !== "'";
      const start = i;
      i += escapes ? 2 : 1;
      let content = '';
      while (i < n) {
        if (escapes && sql[i] === '\\') {
          content += sql[i + 1] ?? '';
          i += 2;
        } else if (sql[i] === "'" && sql[i + 1] === "'") {
          content += "'";
          i += 2;
        } else if (sql[i] === "'") {
          i++;
          break;
        } else content += sql[i++];
      }
      literals.push({ content, start });
      tokens.push({ text: sql.slice(start, i), lower: "''", start, end: i, kind: 'punct' });
    } else if (c === '$' && /[$A-Za-z_]/.test(next ?? '')) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (!tag) {
        tokens.push({ text: c, lower: c, start: i, end: i + 1, kind: 'punct' });
        i++;
        continue;
      }
      const start = i;
      const close = sql.indexOf(tag[0], i + tag[0].length);
      const end = close < 0 ? n : close + tag[0].length;
      literals.push({ content: sql.slice(i + tag[0].length, close < 0 ? n : close), start });
      tokens.push({ text: sql.slice(start, end), lower: "''", start, end, kind: 'punct' });
      i = end;
    } else if (c === '$' && /[0-9]/.test(next ?? '')) {
      const start = i++;
      while (i < n && /[0-9]/.test(sql[i])) i++;
      tokens.push({ text: sql.slice(start, i), lower: sql.slice(start, i), start, end: i, kind: 'param' });
    } else if (c === '%' && /[A-Za-z]/.test(next ?? '')) {
      // A format() placeholder (%I, %s, %L) stands for a name or a value.
      tokens.push({ text: sql.slice(i, i + 2), lower: sql.slice(i, i + 2).toLowerCase(), start: i, end: i + 2, kind: 'word' });
      i += 2;
    } else if (c === '"') {
      const start = i++;
      while (i < n) {
        if (sql[i] === '"' && sql[i + 1] === '"') i += 2;
        else if (sql[i] === '"') {
          i++;
          break;
        } else i++;
      }
      const text = sql.slice(start, i);
      // A quoted identifier is a name, never a keyword.
      tokens.push({ text, lower: text, start, end: i, kind: 'quoted' });
    } else if (wordStart.test(c)) {
      const start = i;
      while (i < n && wordPart.test(sql[i])) i++;
      const text = sql.slice(start, i);
      tokens.push({ text, lower: text.toLowerCase(), start, end: i, kind: 'word' });
    } else if (/[0-9]/.test(c)) {
      const start = i;
      while (i < n && /[0-9.eE]/.test(sql[i])) i++;
      tokens.push({ text: sql.slice(start, i), lower: sql.slice(start, i), start, end: i, kind: 'number' });
    } else {
      tokens.push({ text: c, lower: c, start: i, end: i + 1, kind: 'punct' });
      i++;
    }
  }
  return { tokens, literals };
}

const isName = (t: Token | undefined) => t !== undefined && (t.kind === 'word' || t.kind === 'quoted');

/** `a`, `a.b`, `"a".b`: the index after the name, and its text, or undefined. */
function qualifiedName(tokens: Token[], at: number): { next: number; name: string } | undefined {
  if (!isName(tokens[at])) return undefined;
  const parts = [tokens[at].kind === 'quoted' ? tokens[at].text : tokens[at].lower];
  let i = at + 1;
  while (tokens[i]?.text === '.' && isName(tokens[i + 1])) {
    parts.push(tokens[i + 1].kind === 'quoted' ? tokens[i + 1].text : tokens[i + 1].lower);
    i += 2;
  }
  return { next: i, name: parts.join('.') };
}

export type Write = {
  verb: 'update' | 'delete';
  /** The target table as written (schema-qualified when it is). */
  table: string;
  /** Whether the statement has a WHERE at its own level. */
  hasWhere: boolean;
  /** The statement, comments and literals included, as written. */
  text: string;
  /** The statement's tokens (no comments; literals as one token each). */
  tokens: Token[];
  /** Whether it was found inside a string literal (dynamic SQL, a DO block's body). */
  inLiteral: boolean;
};

/** Where the statement starting at `from` ends: the `;` at its depth, the `)` closing it, or the end. */
function statementEnd(tokens: Token[], from: number): number {
  let depth = 0;
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i].text;
    if (t === '(') depth++;
    else if (t === ')') {
      if (depth === 0) return i;
      depth--;
    } else if (t === ';' && depth === 0) return i;
  }
  return tokens.length;
}

/** `sql`'s tokens, then those of each string literal that holds SQL (a DO block, an EXECUTE), in turn. */
export function codeOf(sql: string, mentions: RegExp = /\b(update|delete|insert)\b/i): { tokens: Token[]; sql: string; inLiteral: boolean }[] {
  const pieces: { tokens: Token[]; sql: string; inLiteral: boolean }[] = [];
  const visit = (text: string, inLiteral: boolean) => {
    const { tokens, literals } = tokenize(text);
    pieces.push({ tokens, sql: text, inLiteral });
    for (const literal of literals) if (mentions.test(literal.content)) visit(literal.content, true);
  };
  visit(sql, false);
  return pieces;
}

/** The UPDATE and DELETE statements of `sql` (and of the SQL in its string literals). */
export function findWrites(sql: string): Write[] {
  const writes: Write[] = [];
  for (const { tokens, sql: text, inLiteral } of codeOf(sql)) {
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.kind !== 'word') continue;
      let verb: Write['verb'] | undefined;
      let target: { next: number; name: string } | undefined;
      if (t.lower === 'update' && !['do', 'for', 'key'].includes(tokens[i - 1]?.lower ?? '')) {
        // update [only] name [*] [[as] alias] set
        let j = i + 1;
        if (tokens[j]?.lower === 'only') j++;
        target = qualifiedName(tokens, j);
        if (target) {
          j = target.next;
          if (tokens[j]?.text === '*') j++;
          if (tokens[j]?.lower === 'as') j++;
          if (isName(tokens[j]) && tokens[j].lower !== 'set') j++;
          if (tokens[j]?.lower === 'set') verb = 'update';
        }
      } else if (t.lower === 'delete' && tokens[i + 1]?.lower === 'from') {
        let j = i + 2;
        if (tokens[j]?.lower === 'only') j++;
        target = qualifiedName(tokens, j);
        if (target) verb = 'delete';
      }
      if (!verb || !target) continue;
      const end = statementEnd(tokens, i);
      let depth = 0;
      let hasWhere = false;
      for (let k = i; k < end; k++) {
        const word = tokens[k].text;
        if (word === '(') depth++;
        else if (word === ')') depth--;
        else if (depth === 0 && tokens[k].kind === 'word' && tokens[k].lower === 'where') hasWhere = true;
      }
      const last = tokens[Math.max(i, end - 1)];
      writes.push({ verb, table: target.name, hasWhere, text: text.slice(t.start, last.end), tokens: tokens.slice(i, end), inLiteral });
    }
  }
  return writes;
}

/** The statements of `sql` that pg_safeupdate refuses: an UPDATE or DELETE without WHERE. */
export const writesWithoutWhere = (sql: string) => findWrites(sql).filter((w) => !w.hasWhere);

// Writes of columns ------------------------------------------------------------------------------

/** Splits tokens at the commas of depth 0. */
function splitTopLevel(tokens: Token[]): Token[][] {
  const parts: Token[][] = [[]];
  let depth = 0;
  for (const t of tokens) {
    if (t.text === '(' || t.text === '[') depth++;
    else if (t.text === ')' || t.text === ']') depth--;
    if (t.text === ',' && depth === 0) parts.push([]);
    else parts[parts.length - 1].push(t);
  }
  return parts.filter((p) => p.length > 0);
}

/** The tokens between the `(` at `open` and its `)`, and the index after the `)`. */
function parenthesised(tokens: Token[], open: number): { inner: Token[]; next: number } | undefined {
  if (tokens[open]?.text !== '(') return undefined;
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (tokens[i].text === '(') depth++;
    else if (tokens[i].text === ')' && --depth === 0) return { inner: tokens.slice(open + 1, i), next: i + 1 };
  }
  return undefined;
}

export type ColumnWrite = {
  verb: 'insert' | 'update';
  table: string;
  /** Each written column's value, as written (a row each for an INSERT of several rows). */
  rows: Map<string, string>[];
  /** Parts of the statement the check cannot read: a SET list built at run time, a `(a, b) = (...)`. */
  unreadable: string[];
  text: string;
  inLiteral: boolean;
};

const expressionText = (tokens: Token[]) => tokens.map((t) => t.text).join(' ');

/** Whether an expression is a NULL: `null`, `null::text`, `cast(null as text)`, `(null)`. */
export function isNullExpression(expression: string): boolean {
  const { tokens } = tokenize(expression);
  let words = tokens.map((t) => t.lower);
  while (words[0] === '(' && words[words.length - 1] === ')') words = words.slice(1, -1);
  if (words[0] === 'cast' && words[1] === '(' && words[2] === 'null' && words[3] === 'as') return true;
  return words[0] === 'null' && (words.length === 1 || words[1] === ':');
}

/**
 * The INSERTs into and UPDATEs of `table` (schema-qualified, as `auth.users`) in `sql` and its
 * string literals, with the value written into each column. `${...}` in `sql` (a TypeScript
 * template) reads as the word `__dynamic__`.
 */
export function findColumnWrites(sql: string, table: string): ColumnWrite[] {
  const writes: ColumnWrite[] = [];
  const wanted = table.toLowerCase();
  for (const { tokens, sql: text, inLiteral } of codeOf(sql, new RegExp(wanted.replace('.', '\\.'), 'i'))) {
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.kind !== 'word') continue;
      const isInsert = t.lower === 'insert' && tokens[i + 1]?.lower === 'into';
      const isUpdate = t.lower === 'update' && !['do', 'for', 'key'].includes(tokens[i - 1]?.lower ?? '');
      if (!isInsert && !isUpdate) continue;
      let j = isInsert ? i + 2 : i + 1;
      if (tokens[j]?.lower === 'only') j++;
      const target = qualifiedName(tokens, j);
      if (!target || target.name !== wanted) continue;
      const end = statementEnd(tokens, i);
      const statement = tokens.slice(i, end);
      const write: ColumnWrite = {
        verb: isInsert ? 'insert' : 'update',
        table: wanted,
        rows: [],
        unreadable: [],
        text: text.slice(t.start, tokens[Math.max(i, end - 1)].end),
        inLiteral,
      };
      j = target.next - i;
      if (statement[j]?.lower === 'as') j++;
      if (isName(statement[j]) && !['set', 'values', 'select', 'default'].includes(statement[j].lower) && statement[j].text !== '(') j++;
      if (isInsert) {
        const columns = parenthesised(statement, j);
        if (!columns) {
          write.unreadable.push('an INSERT without a column list');
        } else {
          const names = splitTopLevel(columns.inner).map((c) => expressionText(c).toLowerCase());
          let k = columns.next;
          if (statement[k]?.lower === 'values') {
            k++;
            for (;;) {
              const row = parenthesised(statement, k);
              if (!row) break;
              const values = splitTopLevel(row.inner);
              if (values.length !== names.length) write.unreadable.push(`a row of ${values.length} values for ${names.length} columns`);
              write.rows.push(new Map(names.map((name, n) => [name, values[n] ? expressionText(values[n]) : ''])));
              k = row.next;
              if (statement[k]?.text !== ',') break;
              k++;
            }
          } else if (statement[k]?.lower === 'select') {
            // select <list> [from ...]: the list ends at the FROM of depth 0, if any.
            const rest = statement.slice(k + 1);
            let depth = 0;
            let stop = rest.length;
            for (let m = 0; m < rest.length; m++) {
              if (rest[m].text === '(') depth++;
              else if (rest[m].text === ')') depth--;
              else if (depth === 0 && ['from', 'where', 'on'].includes(rest[m].lower)) {
                stop = m;
                break;
              }
            }
            const values = splitTopLevel(rest.slice(0, stop)).map((v) => {
              // A trailing alias (`as x`) is not part of the value.
              const as = v.findIndex((x, n) => x.lower === 'as' && n > 0);
              return as > 0 ? v.slice(0, as) : v;
            });
            if (values.length !== names.length) write.unreadable.push(`a SELECT of ${values.length} values for ${names.length} columns`);
            write.rows.push(new Map(names.map((name, n) => [name, values[n] ? expressionText(values[n]) : ''])));
          } else {
            write.unreadable.push('an INSERT that is neither VALUES nor SELECT');
          }
        }
      } else if (statement[j]?.lower === 'set') {
        const rest = statement.slice(j + 1);
        let depth = 0;
        let stop = rest.length;
        for (let m = 0; m < rest.length; m++) {
          if (rest[m].text === '(') depth++;
          else if (rest[m].text === ')') depth--;
          else if (depth === 0 && ['from', 'where', 'returning'].includes(rest[m].lower)) {
            stop = m;
            break;
          }
        }
        const row = new Map<string, string>();
        for (const item of splitTopLevel(rest.slice(0, stop))) {
          if (isName(item[0]) && item[0].lower !== '__dynamic__' && item[1]?.text === '=') row.set(item[0].lower, expressionText(item.slice(2)));
          else write.unreadable.push(expressionText(item));
        }
        write.rows.push(row);
      } else {
        continue;
      }
      writes.push(write);
    }
  }
  return writes;
}

/**
 * The string literals and template literals of TypeScript source, as text: the SQL a server file
 * sends. Comments are skipped; `${...}` in a template reads as `__dynamic__`.
 */
export function typescriptStrings(source: string): string[] {
  const strings: string[] = [];
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      while (i < n && source[i] !== '\n') i++;
    } else if (c === '/' && source[i + 1] === '*') {
      const close = source.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
    } else if (c === "'" || c === '"') {
      let text = '';
      i++;
      while (i < n && source[i] !== c && source[i] !== '\n') {
        if (source[i] === '\\') {
          text += source[i + 1] ?? '';
          i += 2;
        } else text += source[i++];
      }
      i++;
      strings.push(text);
    } else if (c === '`') {
      let text = '';
      i++;
      while (i < n && source[i] !== '`') {
        if (source[i] === '\\') {
          text += source[i + 1] ?? '';
          i += 2;
        } else if (source[i] === '$' && source[i + 1] === '{') {
          let depth = 0;
          i++;
          do {
            if (source[i] === '{') depth++;
            else if (source[i] === '}') depth--;
            i++;
          } while (i < n && depth > 0);
          text += ' __dynamic__ ';
        } else text += source[i++];
      }
      i++;
      strings.push(text);
    } else i++;
  }
  return strings;
}
