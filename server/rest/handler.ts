import { Hono, type Context } from 'hono';
import type { Database, DatabaseError, Queryable } from '../db/types';
import { isDatabaseError } from '../db/types';
import type { Keys } from '../auth/keys';
import { isAuthFailure, resolveAuth, type RequestAuth } from '../http/request-auth';
import { apiAnswer } from '../http/api-answer';
import { ApiError, raisedByPgrst, statusForSqlState, unsupported } from './errors';
import { negotiate, type Media } from './media';
import { parseQuery, type ParsedQuery } from './parse-query';
import { appliedPreferences, parsePrefer, type Prefer } from './prefer';
import type { SchemaCache } from './schema-cache';
import {
  deleteStatement,
  findRoutine,
  insertStatement,
  payloadRows,
  readStatement,
  rpcStatement,
  takesWholeBody,
  updateStatement,
  type Statement,
} from './statements';

export type RestContext = {
  db: Database;
  keys: Keys;
  schema: () => SchemaCache;
  /** Like Supabase's "max rows": no answer carries more rows than this. */
  maxRows: number;
  maxBodyBytes: number;
};

type Outcome = { status: number; body: string | null; headers: Record<string, string> };

/** What a request runs, and how its answer is shaped. */
type Plan = {
  statement: Statement;
  kind: 'read' | 'write' | 'rpc';
  offset: number;
  /** Run in a read-only transaction: GET and HEAD, and calls of STABLE or IMMUTABLE functions. */
  readOnly: boolean;
  voidResult?: boolean;
  /** A function's scalar answer: returned as it is, never coerced to a single object. */
  scalar?: boolean;
  /** A function that returns one row (not SETOF): PostgREST answers that row as an object. */
  oneRow?: boolean;
  /** Whether max-affected applies: PATCH, DELETE and calls of set-returning functions. */
  limitsAffected?: boolean;
};

type Build = (cache: SchemaCache, query: ParsedQuery, prefer: Prefer, media: Media) => Promise<Plan>;

function jsonError(status: number, body: object, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Range': '*/*', ...headers },
  });
}

async function readJsonBody(c: Context, limit: number): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type && type !== 'application/json' && !/^application\/[\w.+-]*\+json$/.test(type)) {
    throw unsupported(`A ${type} request body (only JSON bodies are read)`, 415);
  }
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > limit) throw new ApiError(413, 'PGRST413', `The request body is larger than ${limit} bytes`);
  const text = await c.req.text();
  if (Buffer.byteLength(text) > limit) throw new ApiError(413, 'PGRST413', `The request body is larger than ${limit} bytes`);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  }
}

async function runStatement(tx: Queryable, statement: Statement) {
  if (statement.returnsNothing) {
    const result = await tx.query(statement.sql, statement.params);
    return { pageCount: result.affectedRows, body: null, total: null, inserted: null };
  }
  const { rows } = await tx.query<{ page_count: number; body: string; total: string | null; inserted?: number }>(statement.sql, statement.params);
  const row = rows[0];
  return {
    pageCount: Number(row.page_count),
    body: row.body,
    total: row.total === null ? null : Number(row.total),
    inserted: statement.countsInserted ? Number(row.inserted) : null,
  };
}

function singleObject(body: string, pageCount: number): string {
  if (pageCount !== 1) {
    throw new ApiError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${pageCount} rows`,
    );
  }
  const rows = JSON.parse(body) as unknown[];
  return JSON.stringify(rows[0]);
}

function contentRange(offset: number, pageCount: number, total: number | null): string {
  const size = total ?? '*';
  return pageCount > 0 ? `${offset}-${offset + pageCount - 1}/${size}` : `*/${size}`;
}

/**
 * Range: 0-9 (PostgREST's row range, with Range-Unit: items), intersected with the
 * limit and offset parameters as PostgREST does.
 */
function applyRangeHeader(query: ParsedQuery, header: string | undefined) {
  if (!header) return;
  const match = /^(?:items=)?(\d{1,9})-(\d{0,9})$/.exec(header.trim());
  if (!match) return;
  const lower = Number(match[1]);
  const upper = match[2] === '' ? Infinity : Number(match[2]);
  if (lower > upper) {
    throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', 'The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  }
  const root = query.scopes.get('') ?? { filters: [] };
  const from = Math.max(lower, root.offset ?? 0);
  const to = Math.min(upper, root.limit === undefined ? Infinity : (root.offset ?? 0) + root.limit - 1);
  root.offset = from;
  if (to !== Infinity) root.limit = Math.max(0, to - from + 1);
  query.scopes.set('', root);
}

/** Thrown inside a transaction to roll it back (Prefer: tx=rollback) while keeping its answer. */
class RollBack extends Error {
  constructor(readonly result: unknown) {
    super('rolled back on request');
  }
}

/** The answer PostgREST gives for an error raised by the database (its mapSQLtoHTTP). */
function databaseErrorResponse(error: DatabaseError, auth: RequestAuth): Response {
  const status = statusForSqlState(error.code!, error.message, auth.role !== 'anon');
  return jsonError(
    status,
    { code: error.code, details: error.detail ?? null, hint: error.hint ?? null, message: error.message },
    status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
  );
}

function errorResponse(error: unknown, auth: RequestAuth): Response {
  if (error instanceof ApiError) return jsonError(error.status, error.toJSON(), error.headers);
  // A malformed PGRST error is answered as PostgREST does, with the ApiError (PGRST121) parsing throws.
  if (isDatabaseError(error)) return error.code === 'PGRST' ? pgrstErrorResponse(error) : databaseErrorResponse(error, auth);
  console.error('[rest] unexpected error:', error);
  return jsonError(500, { code: 'PGRST000', details: null, hint: null, message: 'Internal server error' });
}

function pgrstErrorResponse(error: DatabaseError): Response {
  try {
    const { body, response } = raisedByPgrst(error);
    return jsonError(response.status, body, response.headers);
  } catch (malformed) {
    if (malformed instanceof ApiError) return jsonError(malformed.status, malformed.toJSON());
    throw malformed;
  }
}

/**
 * A string as an SQL literal (standard_conforming_strings, on in every supported PostgreSQL:
 * only the quote needs doubling). PostgreSQL text holds no NUL, so one is refused.
 */
export function sqlLiteral(value: string): string {
  if (value.includes('\0')) throw new ApiError(400, 'PGRST100', 'A request value contains a NUL character', null, null);
  return `'${value.replaceAll("'", "''")}'`;
}

/** The PostgREST endpoint: one request, one transaction, run as the caller's role. */
export function createRestApp(ctx: RestContext): Hono {
  const app = new Hono();

  async function inRequestTransaction<T>(c: Context, auth: RequestAuth, options: { readOnly: boolean; rollback: boolean }, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, key) => {
      if (key !== 'authorization' && key !== 'cookie' && key !== 'apikey') headers[key] = value;
    });
    try {
      // The caller's role and claims, as literals: sent with BEGIN, they cost no round trip of their own.
      // The role's statement_timeout too, as PostgREST applies it: a request hosted would cancel is cancelled here.
      const settings = [auth.role, JSON.stringify(auth.claims), c.req.method, new URL(c.req.url).pathname, JSON.stringify(headers), ctx.schema().statementTimeouts[auth.role] ?? '0'].map(sqlLiteral);
      const prelude = `select set_config('search_path', '"public", "extensions"', true), set_config('role', ${settings[0]}, true),
                  set_config('request.jwt.claims', ${settings[1]}, true), set_config('request.method', ${settings[2]}, true),
                  set_config('request.path', ${settings[3]}, true), set_config('request.headers', ${settings[4]}, true),
                  set_config('statement_timeout', ${settings[5]}, true)`;
      return await ctx.db.transaction(async (tx) => {
        const result = await fn(tx);
        if (options.rollback) throw new RollBack(result);
        return result;
      }, { readOnly: options.readOnly, prelude });
    } catch (error) {
      if (error instanceof RollBack) return error.result as T;
      throw error;
    }
  }

  function checkProfile(c: Context) {
    const read = c.req.method === 'GET' || c.req.method === 'HEAD';
    const profile = c.req.header(read ? 'accept-profile' : 'content-profile');
    if (profile && profile !== ctx.schema().schema) {
      throw new ApiError(406, 'PGRST106', `Invalid schema: ${profile}`, null, `Only the following schemas are exposed: ${ctx.schema().schema}`);
    }
  }

  /** timezone=: applied for this transaction when PostgreSQL knows the name (else, like PostgREST, not applied). */
  async function applyTimezone(tx: Queryable, prefer: Prefer): Promise<boolean> {
    if (!prefer.timezone) return false;
    const { rows } = await tx.query(`select set_config('timezone', name, true) from pg_timezone_names where name = $1`, [prefer.timezone]);
    if (rows.length === 0 && prefer.strict) throw invalidPreferences([`timezone=${prefer.timezone}`]);
    return rows.length > 0;
  }

  const invalidPreferences = (values: string[]) =>
    new ApiError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${values.join(', ')}`);

  async function execute(c: Context, auth: RequestAuth, build: Build, argNames: ReadonlySet<string> = new Set()): Promise<Outcome> {
    const cache = ctx.schema();
    const query = parseQuery(new URL(c.req.url).searchParams, argNames);
    const root = query.scopes.get('');
    if (c.req.method === 'GET' || c.req.method === 'HEAD') applyRangeHeader(query, c.req.header('range'));
    else if ((c.req.method === 'PATCH' || c.req.method === 'DELETE') && (root?.limit !== undefined || root?.offset !== undefined)) {
      throw unsupported('limit and offset on PATCH and DELETE');
    }
    const prefer = parsePrefer(c.req.header('prefer'));
    if (prefer.strict && prefer.invalid.length) throw invalidPreferences(prefer.invalid);
    if (prefer.returnMode === 'headers-only') throw unsupported('Prefer: return=headers-only');
    const media = negotiate(c.req.header('accept'));
    const plan = await build(cache, query, prefer, media);
    const { statement, kind, offset, voidResult, scalar, oneRow } = plan;
    const maxAffected = prefer.strict && plan.limitsAffected ? prefer.maxAffected : undefined;

    let timezoneApplied = false;
    const result = await inRequestTransaction(c, auth, { readOnly: plan.readOnly, rollback: prefer.rollback }, async (tx) => {
      timezoneApplied = await applyTimezone(tx, prefer);
      const outcome = await runStatement(tx, statement);
      // Inside the transaction, so that a refused write is rolled back.
      if (maxAffected !== undefined && outcome.pageCount > maxAffected) {
        throw new ApiError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${outcome.pageCount} rows`);
      }
      let body = outcome.body;
      if (body !== null && oneRow && media.format !== 'csv') body = JSON.stringify((JSON.parse(body) as unknown[])[0] ?? null);
      else if (body !== null && media.single && !scalar) body = singleObject(body, outcome.pageCount);
      return { ...outcome, body };
    });

    // A write's range counts the rows it answers with: none for return=minimal.
    const answered = kind === 'write' && prefer.returnMode !== 'representation' && !media.single ? 0 : result.pageCount;
    const headers: Record<string, string> = {
      'Content-Type': media.contentType,
      'Content-Range': contentRange(offset, statement.returnsNothing ? 0 : answered, result.total),
    };
    const applied = appliedPreferences(prefer, timezoneApplied);
    if (applied.length) headers['Preference-Applied'] = applied.join(', ');

    if (kind === 'read' || kind === 'rpc') {
      if (voidResult) return { status: 204, body: null, headers };
      if (prefer.count && result.total !== null && offset > 0 && offset >= result.total) {
        throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${result.total} rows.`, null, {
          'Content-Range': `*/${result.total}`,
        });
      }
      const partial = result.total !== null && (offset > 0 || result.pageCount < result.total);
      return { status: partial ? 206 : 200, body: result.body, headers };
    }
    const created = c.req.method === 'POST';
    const returned = result.body !== null && (prefer.returnMode === 'representation' || media.single);
    // PostgREST: an upsert that only merged into existing rows answers 200, not 201.
    const status = created ? (result.inserted === 0 ? 200 : 201) : returned ? 200 : 204;
    return { status, body: returned ? result.body : null, headers };
  }

  async function handle(c: Context, build: Build, argNames?: ReadonlySet<string>): Promise<Response> {
    const auth = await resolveAuth(c.req.raw.headers, ctx.keys, new URL(c.req.url).searchParams.get('apikey'));
    if (isAuthFailure(auth)) {
      const code = auth.reason === 'expired' ? 'PGRST303' : 'PGRST301';
      return jsonError(401, { code, details: null, hint: null, message: auth.message }, {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(auth.message)}`,
      });
    }
    try {
      checkProfile(c);
      const outcome = await execute(c, auth, build, argNames);
      const body = c.req.method === 'HEAD' ? null : outcome.body;
      return await apiAnswer(c.req.header('accept-encoding'), body, outcome.status, outcome.headers);
    } catch (error) {
      return errorResponse(error, auth);
    }
  }

  const supported = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);

  app.all('/rpc/:fn', async (c) => {
    const name = c.req.param('fn');
    const get = c.req.method === 'GET' || c.req.method === 'HEAD';
    if (!get && c.req.method !== 'POST') {
      return jsonError(405, { code: 'PGRST117', details: null, hint: null, message: `Unsupported HTTP method: ${c.req.method}` });
    }
    const overloads = ctx.schema().routines.get(name) ?? [];
    const argNames = new Set(overloads.flatMap((routine) => routine.args.map((arg) => arg.name)));
    return handle(c, async (cache, query, prefer, media) => {
      if (prefer.singleObjectParams) throw unsupported('Prefer: params=single-object');
      let args: Map<string, unknown>;
      let body: unknown;
      if (get) args = query.args;
      else {
        body = (await readJsonBody(c, ctx.maxBodyBytes)) ?? {};
        const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
        if (!isObject && !overloads.some(takesWholeBody)) {
          throw new ApiError(400, 'PGRST102', 'The arguments of a function call must be a JSON object');
        }
        args = new Map(isObject ? Object.entries(body as object) : []);
      }
      const routine = findRoutine(cache, name, [...args.keys()], !get);
      const statement = rpcStatement(cache, routine, takesWholeBody(routine) ? { body } : args, !get, query, {
        count: prefer.count,
        maxRows: ctx.maxRows,
        single: media.single,
        format: media.format,
      });
      if (prefer.strict && prefer.maxAffected !== undefined && !routine.returnsSet) {
        throw new ApiError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');
      }
      return {
        statement,
        kind: 'rpc',
        offset: query.scopes.get('')?.offset ?? 0,
        // PostgREST runs STABLE and IMMUTABLE functions read-only, whatever the method.
        readOnly: get || !routine.volatile,
        voidResult: routine.returnsVoid,
        scalar: !routine.returnsRows && !routine.returnsSet,
        oneRow: routine.returnsRows && !routine.returnsSet,
        limitsAffected: true,
      };
    }, get ? argNames : undefined);
  });

  app.all('/:relation', async (c) => {
    if (!supported.has(c.req.method)) {
      return jsonError(405, { code: 'PGRST117', details: null, hint: null, message: `Unsupported HTTP method: ${c.req.method}` });
    }
    const name = c.req.param('relation');
    return handle(c, async (cache, query, prefer, media) => {
      const relation = cache.relations.get(name);
      if (!relation) {
        throw new ApiError(404, 'PGRST205', `Could not find the table '${cache.schema}.${name}' in the schema cache`);
      }
      const offset = query.scopes.get('')?.offset ?? 0;
      const write = { representation: prefer.returnMode === 'representation' || media.single, count: prefer.count, format: media.format };
      switch (c.req.method) {
        case 'GET':
        case 'HEAD':
          return {
            statement: readStatement(cache, relation, query, { count: prefer.count, maxRows: ctx.maxRows, format: media.format }),
            kind: 'read',
            offset,
            readOnly: true,
          };
        case 'POST': {
          const body = await readJsonBody(c, ctx.maxBodyBytes);
          if (body === undefined) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
          const rows = payloadRows(body, true);
          const statement = insertStatement(cache, relation, query, rows, {
            ...write,
            resolution: prefer.resolution,
            missingDefault: prefer.missingDefault,
          });
          return { statement, kind: 'write', offset: 0, readOnly: false };
        }
        case 'PATCH': {
          const body = await readJsonBody(c, ctx.maxBodyBytes);
          if (body === undefined) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
          const [row] = payloadRows(body, false);
          return { statement: updateStatement(cache, relation, query, row, write), kind: 'write', offset: 0, readOnly: false, limitsAffected: true };
        }
        default:
          return { statement: deleteStatement(cache, relation, query, write), kind: 'write', offset: 0, readOnly: false, limitsAffected: true };
      }
    });
  });

  app.all('/', async (c) => {
    const auth = await resolveAuth(c.req.raw.headers, ctx.keys);
    if (isAuthFailure(auth)) return jsonError(401, { code: 'PGRST301', details: null, hint: null, message: auth.message });
    const cache = ctx.schema();
    return c.json({
      schema: cache.schema,
      relations: [...cache.relations.keys()].sort(),
      functions: [...cache.routines.keys()].sort(),
    });
  });

  app.all('*', () => jsonError(404, { code: 'PGRST125', details: null, hint: null, message: 'Invalid path specified in request URL' }));

  return app;
}
