import { parseError, unsupported } from './errors';
import { parseFieldRef, type FieldRef } from './parse-select';

export const operators = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch',
  'is', 'isdistinct', 'in', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
] as const;

/** Operators that take PostgREST's (any) and (all) modifiers, comparing with each item of a {…} list. */
const quantifiable: readonly string[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'];
export type Operator = (typeof operators)[number];

export type Condition = {
  kind: 'cond';
  field: FieldRef;
  negate: boolean;
  op: Operator;
  /** A list for `in`, else the raw value. */
  value: string | string[];
  /** Text-search configuration: fts(english). */
  language?: string;
  /** like(any).{a*,b*}: true when any (or all) of the list's items match. */
  quantifier?: 'any' | 'all';
};

export type LogicNode = { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: FilterNode[] };

export type FilterNode = Condition | LogicNode;

const isOperator = (text: string): text is Operator => (operators as readonly string[]).includes(text);

/** A cursor over a string, for the nested grammars of in-lists and logic trees. */
class Scanner {
  pos = 0;
  constructor(readonly text: string) {}
  get done() {
    return this.pos >= this.text.length;
  }
  peek() {
    return this.text[this.pos];
  }
  startsWith(prefix: string) {
    return this.text.startsWith(prefix, this.pos);
  }
  expect(char: string) {
    if (this.text[this.pos] !== char) {
      throw parseError(`Expected "${char}" at position ${this.pos + 1} of "${this.text}"`);
    }
    this.pos++;
  }
  /** A "quoted" value with \" and \\ escapes. */
  readQuoted(): string {
    this.expect('"');
    let value = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\' && this.pos + 1 < this.text.length) this.pos++;
      value += this.text[this.pos++];
    }
    this.expect('"');
    return value;
  }
  readUntil(stops: string): string {
    const start = this.pos;
    while (!this.done && !stops.includes(this.peek())) this.pos++;
    return this.text.slice(start, this.pos);
  }
}

/** (a,"b,c",d) — the value of an in filter. */
function readList(scanner: Scanner): string[] {
  scanner.expect('(');
  const items: string[] = [];
  if (scanner.peek() === ')') {
    scanner.pos++;
    return items;
  }
  for (;;) {
    items.push(scanner.peek() === '"' ? scanner.readQuoted() : scanner.readUntil(',)'));
    if (scanner.peek() === ',') {
      scanner.pos++;
      continue;
    }
    scanner.expect(')');
    return items;
  }
}

/** [not.]op[(language|any|all)] — returns the operator part; the scanner stops before ".value". */
function readOperator(scanner: Scanner): { negate: boolean; op: Operator; language?: string; quantifier?: 'any' | 'all' } {
  let negate = false;
  if (scanner.startsWith('not.')) {
    negate = true;
    scanner.pos += 4;
  }
  const name = scanner.readUntil('.(');
  if (!isOperator(name)) throw parseError(`Unknown operator "${name}" in "${scanner.text}"`);
  let language: string | undefined;
  let quantifier: 'any' | 'all' | undefined;
  if (scanner.peek() === '(') {
    scanner.pos++;
    const modifier = scanner.readUntil(')');
    scanner.expect(')');
    if ((modifier === 'any' || modifier === 'all') && quantifiable.includes(name)) quantifier = modifier;
    else if (['fts', 'plfts', 'phfts', 'wfts'].includes(name) && /^[A-Za-z_][A-Za-z0-9_]*$/.test(modifier)) language = modifier;
    else throw parseError(`Bad operator modifier in "${scanner.text}"`);
  }
  scanner.expect('.');
  return { negate, op: name, language, quantifier };
}

function checkIs(value: string): string {
  const lower = value.toLowerCase();
  if (!['null', 'true', 'false', 'unknown'].includes(lower)) {
    throw parseError(`"is" takes null, true, false or unknown, not "${value}"`);
  }
  return lower;
}

/** The value of a top-level filter parameter: [not.]op.value, the value taken as it is. */
export function parseCondition(field: FieldRef, text: string): Condition {
  const scanner = new Scanner(text);
  const { negate, op, language, quantifier } = readOperator(scanner);
  if (op === 'in') {
    const value = readList(scanner);
    if (!scanner.done) throw parseError(`Unexpected text after the list in "${text}"`);
    return { kind: 'cond', field, negate, op, value };
  }
  const raw = text.slice(scanner.pos);
  return { kind: 'cond', field, negate, op, value: op === 'is' ? checkIs(raw) : raw, language, quantifier };
}

/** A value inside a logic tree: quoted, a {…} array, or up to the next , or ). */
function readTreeValue(scanner: Scanner): string {
  if (scanner.peek() === '"') return scanner.readQuoted();
  if (scanner.peek() === '{') {
    const start = scanner.pos;
    const close = scanner.text.indexOf('}', start);
    if (close < 0) throw parseError(`Unclosed "{" in "${scanner.text}"`);
    scanner.pos = close + 1;
    return scanner.text.slice(start, close + 1);
  }
  return scanner.readUntil(',)');
}

const maxTreeDepth = 8;

function readTreeItem(scanner: Scanner, depth: number): FilterNode {
  for (const [prefix, op, negate] of [
    ['not.and(', 'and', true],
    ['not.or(', 'or', true],
    ['and(', 'and', false],
    ['or(', 'or', false],
  ] as const) {
    if (scanner.startsWith(prefix)) {
      scanner.pos += prefix.length - 1;
      return readTree(scanner, op, negate, depth + 1);
    }
  }
  const fieldText = scanner.peek() === '"' ? `"${scanner.readQuoted()}"` : '';
  const field = parseFieldRef(fieldText + scanner.readUntil('.'));
  scanner.expect('.');
  const { negate, op, language, quantifier } = readOperator(scanner);
  if (op === 'in') return { kind: 'cond', field, negate, op, value: readList(scanner) };
  const value = readTreeValue(scanner);
  return { kind: 'cond', field, negate, op, value: op === 'is' ? checkIs(value) : value, language, quantifier };
}

function readTree(scanner: Scanner, op: 'and' | 'or', negate: boolean, depth = 0): LogicNode {
  if (depth > maxTreeDepth) throw parseError(`Logic trees are nested more than ${maxTreeDepth} levels deep`);
  scanner.expect('(');
  const children: FilterNode[] = [];
  for (;;) {
    children.push(readTreeItem(scanner, depth));
    if (scanner.peek() === ',') {
      scanner.pos++;
      continue;
    }
    scanner.expect(')');
    return { kind: 'logic', op, negate, children };
  }
}

/** The value of or=(…) / and=(…) / not.or=(…). */
export function parseLogic(op: 'and' | 'or', negate: boolean, text: string): LogicNode {
  const scanner = new Scanner(text);
  const tree = readTree(scanner, op, negate);
  if (!scanner.done) throw parseError(`Unexpected text after "${text.slice(0, scanner.pos)}"`);
  return tree;
}

export type OrderItem = { field: FieldRef; direction: 'asc' | 'desc'; nulls?: 'first' | 'last' };

/** order=a.desc.nullslast,b */
export function parseOrder(text: string): OrderItem[] {
  return text.split(',').map((part) => {
    if (/^[^".]*\(/.test(part)) throw unsupported(`Ordering by an embedded resource's column ("${part}")`);
    const pieces = part.split('.');
    const modifiers = pieces.slice(1);
    const item: OrderItem = { field: parseFieldRef(pieces[0], true), direction: 'asc' };
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') item.direction = modifier;
      else if (modifier === 'nullsfirst') item.nulls = 'first';
      else if (modifier === 'nullslast') item.nulls = 'last';
      else throw parseError(`Bad order modifier "${modifier}" in "${text}"`);
    }
    return item;
  });
}

export function parseCount(text: string, what: string): number {
  if (!/^\d{1,9}$/.test(text)) throw parseError(`${what} must be a non-negative whole number, not "${text}"`);
  return Number(text);
}
