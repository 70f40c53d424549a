import { Hono, type Context } from 'hono';
import type { Database, DatabaseError, Queryable } from '../db/types';
import { isDatabaseError } from '../db/types';
import type { Keys } from '../auth/keys';
import { isAuthFailure, resolveAuth, type RequestAuth } from '../http/request-auth';
import { apiAnswer } from '../http/api-answer';
import { ApiError, raisedByPgrst, statusForSqlState, unsupported } from './errors';
import { negotiate, type Media } from './media';
import { openApiDocument } from './openapi';
import { parseQuery, type ParsedQuery } from './parse-query';
import { appliedPreferences, parsePrefer, type Prefer } from './prefer';
import type { SchemaCache } from './schema-cache';
import {
  ambiguousHint,
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

/** The PostgREST release whose behaviour this endpoint follows, as the OpenAPI document names it. */
const postgrestVersion = '12.2.12';

/** PostgREST answers its OpenAPI document as application/openapi+json to an Accept of that, JSON or anything. */
function acceptsOpenApi(accept: string | undefined): boolean {
  const types = (accept ?? '*/*').split(',').map((part) => part.split(';')[0].trim().toLowerCase());
  return types.some((type) => ['application/openapi+json', 'application/json', '*/*'].includes(type));
}

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
  const { rows } = await tx.query<{ page_count: number; body: string | null; total: string | null; inserted?: number | null }>(statement.sql, statement.params);
  const row = rows[0];
  return {
    pageCount: Number(row.page_count),
    body: row.body,
    total: row.total === null ? null : Number(row.total),
    inserted: statement.countsInserted ? Number(row.inserted ?? 0) : null,
  };
}

/** A single object was asked for (Accept: application/vnd.pgrst.object+json): exactly one row, or 406. */
function checkSingle(pageCount: number) {
  if (pageCount !== 1) {
    throw new ApiError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${pageCount} rows`,
    );
  }
}

function singleObject(body: string, pageCount: number): string {
  checkSingle(pageCount);
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
  // A call PostgreSQL finds ambiguous although one overload was chosen by its argument names (a
  // function with an unnamed parameter, which PostgREST does not consider, has defaults too).
  if (error.code === '42725' && /^function .* is not unique/.test(error.message)) {
    return jsonError(300, { code: 'PGRST203', details: null, hint: ambiguousHint, message: `Could not choose the best candidate function: ${error.message}` });
  }
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

/**
 * request.headers, request.cookies and request.path as PostgREST sets them: every header but
 * Cookie (lower-case names; Authorization and apikey included), the cookies by name, and the path
 * PostgREST sees behind the gateway, which strips /rest/v1.
 */
export function requestGucs(request: Request) {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => {
    if (key !== 'cookie') headers[key] = value;
  });
  const cookies: Record<string, string> = {};
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) cookies[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return { headers, cookies, path: pathBehindGateway(request.url) };
}

/** The path PostgREST sees: Supabase's gateway strips /rest/v1 (`/videos`, `/rpc/fn`, `/`). */
const pathBehindGateway = (url: string) => new URL(url).pathname.replace(/^\/rest\/v1(?=\/|$)/, '') || '/';

/** The PostgREST endpoint: one request, one transaction, run as the caller's role. */
export function createRestApp(ctx: RestContext): Hono {
  const app = new Hono();

  async function inRequestTransaction<T>(c: Context, auth: RequestAuth, options: { readOnly: boolean; rollback: boolean }, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const { headers, cookies, path } = requestGucs(c.req.raw);
    try {
      // The caller's role and claims, as literals: sent with BEGIN, they cost no round trip of their own.
      // The role's statement_timeout too, as PostgREST applies it: a request hosted would cancel is cancelled here.
      const settings = [auth.role, JSON.stringify(auth.claims), c.req.method, path, JSON.stringify(headers), ctx.schema().statementTimeouts[auth.role] ?? '0', JSON.stringify(cookies)].map(sqlLiteral);
      const prelude = `select set_config('search_path', '"public", "extensions"', true), set_config('role', ${settings[0]}, true),
                  set_config('request.jwt.claims', ${settings[1]}, true), set_config('request.method', ${settings[2]}, true),
                  set_config('request.path', ${settings[3]}, true), set_config('request.headers', ${settings[4]}, true),
                  set_config('request.cookies', ${settings[6]}, true),
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
      // A write without return=representation answers no body, yet still writes exactly one row.
      else if (kind === 'write' && media.single) checkSingle(outcome.pageCount);
      return { ...outcome, body };
    });

    // PostgREST's ranges for writes: a PATCH counts the rows it wrote; an insert or a delete none.
    const ranged = kind !== 'write' || c.req.method === 'PATCH' ? result.pageCount : 0;
    const headers: Record<string, string> = {
      'Content-Type': media.contentType,
      'Content-Range': contentRange(offset, ranged, result.total),
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
    const returned = result.body !== null;
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
      const write = { representation: prefer.returnMode === 'representation', count: prefer.count, format: media.format };
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

  // The OpenAPI document: hosted Supabase serves it only to the secret (service_role) key since
  // April 2026; its gateway refuses other keys with 403 before PostgREST sees the request.
  async function openApi(c: Context): Promise<Response> {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return jsonError(405, { code: 'PGRST117', details: null, hint: null, message: `Unsupported HTTP method: ${c.req.method}` });
    }
    const apikey = c.req.header('apikey') || new URL(c.req.url).searchParams.get('apikey');
    const auth = await resolveAuth(c.req.raw.headers, ctx.keys, apikey);
    if (isAuthFailure(auth)) return jsonError(401, { code: 'PGRST301', details: null, hint: null, message: auth.message });
    if (auth.role !== 'service_role' || (apikey && apikey !== ctx.keys.serviceRoleKey && apikey !== ctx.keys.secretKey)) {
      return jsonError(403, {
        code: 'openapi_needs_secret_key', details: null, message: 'You cannot consume this service',
        hint: 'The OpenAPI document (GET /rest/v1/) is served only with the secret or service_role key, as on hosted Supabase',
      });
    }
    if (!acceptsOpenApi(c.req.header('accept'))) {
      return jsonError(406, { code: 'PGRST107', details: null, hint: null, message: `None of these media types are available: ${c.req.header('accept')}` });
    }
    const body = JSON.stringify(openApiDocument(ctx.schema(), new URL(c.req.url), postgrestVersion));
    return apiAnswer(c.req.header('accept-encoding'), c.req.method === 'HEAD' ? null : body, 200, { 'Content-Type': 'application/openapi+json; charset=utf-8' });
  }
  app.all('/', openApi);

  app.all('*', (c) => {
    // /rest/v1/ itself, which the mounted '/' (that is, /rest/v1) does not match.
    if (pathBehindGateway(c.req.url) === '/') return openApi(c);
    return jsonError(404, { code: 'PGRST125', details: null, hint: null, message: 'Invalid path specified in request URL' });
  });

  return app;
}
