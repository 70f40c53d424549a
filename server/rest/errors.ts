import type { DatabaseError } from '../db/types';

/** An error PostgREST itself would raise, with its code and HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A string, or (PGRST201) the candidate relationships as an array. */
    readonly details: string | object[] | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toJSON() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export const parseError = (message: string, details: string | null = null) =>
  new ApiError(400, 'PGRST100', message, details);

/** A request the local backend understands but does not implement: a 4xx that says so, never a different answer. */
export const unsupported = (feature: string, status = 400) =>
  new ApiError(status, 'PGRST127', 'Feature not implemented', `${feature} is not supported by the local backend`);

/** HTTP status for a PostgreSQL error, following PostgREST's mapSQLtoHTTP. */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  const exact: Record<string, number> = {
    '23503': 409, '23505': 409, '25006': 405, '53400': 500, '57P01': 503,
    P0001: 400, '42883': 404, '42P01': 404, '42P17': 500,
  };
  if (code in exact) return exact[code];
  if (code === '42501') return authenticated ? 403 : 401;
  // pg-safeupdate's refusal is the client's mistake; other cardinality errors are the server's.
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  const byClass: Record<string, number> = {
    '08': 503, '09': 500, '0L': 403, '0P': 403, '25': 500, '28': 403, '2D': 500, '38': 500, '39': 500,
    '3B': 500, '40': 500, '53': 503, '54': 500, '55': 500, '57': 500, '58': 500, F0: 500, HV: 500, P0: 500, XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

type RaisedBody = { code: string; message: string; details: string | null; hint: string | null };
type RaisedResponse = { status: number; headers: Record<string, string> };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown) => value === undefined || value === null || typeof value === 'string';

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * `raise sqlstate 'PGRST' using message = <json>, detail = <json>`: the SQL chooses the
 * JSON body and the HTTP status (PostgREST 11.2+). A malformed one is PostgREST's 500 PGRST121.
 */
export function raisedByPgrst(error: DatabaseError): { body: RaisedBody; response: RaisedResponse } {
  const body = parseJson(error.message);
  if (!isObject(body) || typeof body.code !== 'string' || typeof body.message !== 'string' || !optionalString(body.details) || !optionalString(body.hint)) {
    throw new ApiError(500, 'PGRST121', `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
      `Invalid JSON value for MESSAGE: '${error.message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.");
  }
  const detailHint = "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  if (error.detail === undefined || error.detail === null) {
    throw new ApiError(500, 'PGRST121', `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`, 'DETAIL is missing in the RAISE statement', detailHint);
  }
  const detail = parseJson(error.detail);
  const headers = isObject(detail) ? detail.headers : undefined;
  if (
    !isObject(detail) || !Number.isInteger(detail.status) || (detail.status as number) < 100 || (detail.status as number) > 599 ||
    !isObject(headers) || !Object.values(headers).every((value) => typeof value === 'string')
  ) {
    throw new ApiError(500, 'PGRST121', `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`, `Invalid JSON value for DETAIL: '${error.detail}'`, detailHint);
  }
  return {
    body: { code: body.code, message: body.message, details: (body.details as string | null | undefined) ?? null, hint: (body.hint as string | null | undefined) ?? null },
    response: { status: detail.status as number, headers: headers as Record<string, string> },
  };
}
