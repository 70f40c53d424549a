import { Hono, type Context } from 'hono';
import type { Database, Queryable } from '../db/types';
import { isDatabaseError } from '../db/types';
import type { Keys } from '../auth/keys';
import { isAuthFailure, resolveAuth, type RequestAuth } from '../http/request-auth';
import { ApiError, statusForSqlState } from './errors';
import { parseQuery, type ParsedQuery } from './parse-query';
import { parsePrefer, type Prefer } from './prefer';
import type { SchemaCache } from './schema-cache';
import {
  deleteStatement,
  findRoutine,
  insertStatement,
  payloadRows,
  readStatement,
  rpcStatement,
  updateStatement,
  type Statement,
} from './statements';

export type RestContext = {
  db: Database;
  keys: Keys;
  schema: () => SchemaCache;
  statementTimeoutMs: number;
  /** Like Supabase's "max rows": no answer carries more rows than this. */
  maxRows: number;
  maxBodyBytes: number;
};

const objectMediaType = 'application/vnd.pgrst.object+json';

type Outcome = { status: number; body: string | null; headers: Record<string, string> };

function jsonError(status: number, body: object, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Range': '*/*', ...headers },
  });
}

async function readJsonBody(c: Context, limit: number): Promise<unknown> {
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
    return { pageCount: result.affectedRows, body: null, total: null };
  }
  const { rows } = await tx.query<{ page_count: number; body: string; total: string | null }>(statement.sql, statement.params);
  const row = rows[0];
  return { pageCount: Number(row.page_count), body: row.body, total: row.total === null ? null : Number(row.total) };
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

/** The PostgREST endpoint: one request, one transaction, run as the caller's role. */
export function createRestApp(ctx: RestContext): Hono {
  const app = new Hono();

  async function inRequestTransaction<T>(c: Context, auth: RequestAuth, readOnly: boolean, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, key) => {
      if (key !== 'authorization' && key !== 'cookie' && key !== 'apikey') headers[key] = value;
    });
    return ctx.db.transaction(async (tx) => {
      await tx.query(
        `select set_config('search_path', '"public", "extensions"', true), set_config('role', $1, true),
                set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true),
                set_config('request.path', $4, true), set_config('request.headers', $5, true),
                set_config('statement_timeout', $6, true)`,
        [auth.role, JSON.stringify(auth.claims), c.req.method, new URL(c.req.url).pathname, JSON.stringify(headers), String(ctx.statementTimeoutMs)],
      );
      return fn(tx);
    }, { readOnly });
  }

  function checkProfile(c: Context) {
    const read = c.req.method === 'GET' || c.req.method === 'HEAD';
    const profile = c.req.header(read ? 'accept-profile' : 'content-profile');
    if (profile && profile !== ctx.schema().schema) {
      throw new ApiError(406, 'PGRST106', `The schema must be one of the following: ${ctx.schema().schema}`);
    }
  }

  async function execute(c: Context, auth: RequestAuth, build: (cache: SchemaCache, query: ParsedQuery, prefer: Prefer, single: boolean) => Promise<{
    statement: Statement;
    kind: 'read' | 'write' | 'rpc';
    offset: number;
    voidResult?: boolean;
    /** A function's scalar answer: returned as it is, never coerced to a single object. */
    scalar?: boolean;
  }>, argNames: ReadonlySet<string> = new Set()): Promise<Outcome> {
    const cache = ctx.schema();
    const query = parseQuery(new URL(c.req.url).searchParams, argNames);
    const prefer = parsePrefer(c.req.header('prefer'));
    const single = (c.req.header('accept') ?? '').includes(objectMediaType);
    const { statement, kind, offset, voidResult, scalar } = await build(cache, query, prefer, single);
    const readOnly = c.req.method === 'GET' || c.req.method === 'HEAD';

    const result = await inRequestTransaction(c, auth, readOnly, async (tx) => {
      const outcome = await runStatement(tx, statement);
      // Inside the transaction, so that a refused write is rolled back.
      const body = single && !scalar && outcome.body !== null ? singleObject(outcome.body, outcome.pageCount) : outcome.body;
      return { ...outcome, body };
    });

    const headers: Record<string, string> = {
      'Content-Range': contentRange(offset, statement.returnsNothing ? 0 : result.pageCount, result.total),
    };
    if (prefer.applied.length) headers['Preference-Applied'] = prefer.applied.join(', ');
    if (single) headers['Content-Type'] = `${objectMediaType}; charset=utf-8`;

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
    if (result.body === null || prefer.returnMode !== 'representation' && !single) {
      return { status: created ? 201 : 204, body: null, headers };
    }
    return { status: created ? 201 : 200, body: result.body, headers };
  }

  async function handle(c: Context, build: Parameters<typeof execute>[2], argNames?: ReadonlySet<string>): Promise<Response> {
    const auth = await resolveAuth(c.req.raw.headers, ctx.keys, new URL(c.req.url).searchParams.get('apikey'));
    if (isAuthFailure(auth)) {
      const code = auth.reason === 'expired' ? 'PGRST303' : 'PGRST301';
      return jsonError(401, { code, details: null, hint: null, message: auth.message }, {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description="${auth.message}"`,
      });
    }
    try {
      checkProfile(c);
      const outcome = await execute(c, auth, build, argNames);
      const body = c.req.method === 'HEAD' ? null : outcome.body;
      return new Response(body, {
        status: outcome.status,
        headers: { 'Content-Type': 'application/json; charset=utf-8', ...outcome.headers },
      });
    } catch (error) {
      if (error instanceof ApiError) return jsonError(error.status, error.toJSON(), error.headers);
      if (isDatabaseError(error)) {
        const status = statusForSqlState(error.code!, auth.role);
        return jsonError(status, {
          code: error.code,
          details: error.detail ?? null,
          hint: error.hint ?? null,
          message: error.message,
        });
      }
      console.error('[rest] unexpected error:', error);
      return jsonError(500, { code: 'PGRST000', details: null, hint: null, message: 'Internal server error' });
    }
  }

  const supported = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);

  app.all('/rpc/:fn', async (c) => {
    const name = c.req.param('fn');
    const readOnly = c.req.method === 'GET' || c.req.method === 'HEAD';
    if (!readOnly && c.req.method !== 'POST') {
      return jsonError(405, { code: 'PGRST117', details: null, hint: null, message: `Unsupported HTTP method: ${c.req.method}` });
    }
    const overloads = ctx.schema().routines.get(name) ?? [];
    const argNames = new Set(overloads.flatMap((routine) => routine.args.map((arg) => arg.name)));
    return handle(c, async (cache, query, prefer, single) => {
      let args: Map<string, unknown>;
      if (readOnly) args = query.args;
      else {
        const body = (await readJsonBody(c, ctx.maxBodyBytes)) ?? {};
        if (body === null || typeof body !== 'object' || Array.isArray(body)) {
          throw new ApiError(400, 'PGRST102', 'The arguments of a function call must be a JSON object');
        }
        args = new Map(Object.entries(body));
      }
      const routine = findRoutine(cache, name, [...args.keys()]);
      const statement = rpcStatement(cache, routine, args, !readOnly, query, { count: prefer.count, maxRows: ctx.maxRows, single });
      return {
        statement,
        kind: 'rpc',
        offset: query.scopes.get('')?.offset ?? 0,
        voidResult: routine.returnsVoid,
        scalar: !routine.returnsRows && !routine.returnsSet,
      };
    }, readOnly ? argNames : undefined);
  });

  app.all('/:relation', async (c) => {
    if (!supported.has(c.req.method)) {
      return jsonError(405, { code: 'PGRST117', details: null, hint: null, message: `Unsupported HTTP method: ${c.req.method}` });
    }
    const name = c.req.param('relation');
    return handle(c, async (cache, query, prefer, single) => {
      const relation = cache.relations.get(name);
      if (!relation) {
        throw new ApiError(404, 'PGRST205', `Could not find the table '${cache.schema}.${name}' in the schema cache`);
      }
      const offset = query.scopes.get('')?.offset ?? 0;
      const write = { representation: prefer.returnMode === 'representation' || single, count: prefer.count };
      switch (c.req.method) {
        case 'GET':
        case 'HEAD':
          return { statement: readStatement(cache, relation, query, { count: prefer.count, maxRows: ctx.maxRows }), kind: 'read', offset };
        case 'POST': {
          const body = await readJsonBody(c, ctx.maxBodyBytes);
          if (body === undefined) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
          const rows = payloadRows(body, true);
          const statement = insertStatement(cache, relation, query, rows, {
            ...write,
            resolution: prefer.resolution,
            missingDefault: prefer.missingDefault,
          });
          return { statement, kind: 'write', offset: 0 };
        }
        case 'PATCH': {
          const body = await readJsonBody(c, ctx.maxBodyBytes);
          if (body === undefined) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
          const [row] = payloadRows(body, false);
          return { statement: updateStatement(cache, relation, query, row, write), kind: 'write', offset: 0 };
        }
        default:
          return { statement: deleteStatement(cache, relation, query, write), kind: 'write', offset: 0 };
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
