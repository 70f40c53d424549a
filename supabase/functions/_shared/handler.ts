/**
 * The contract of an edge function: a web-standard handler. Each
 * supabase/functions/<name>/index.ts wraps one in Deno.serve on hosted Supabase;
 * the local backend mounts the same handler at /functions/v1/<name>.
 */
export type FunctionEnv = {
  /** The Supabase API this function runs beside. */
  supabaseUrl: string;
  /** The publishable key (`sb_publishable_…`, or the legacy anon key): for calls made as the caller. */
  publishableKey: string;
  /** The secret key (`sb_secret_…`, or the legacy service_role key): for writes only the service may make; never sent to a browser. */
  secretKey: string;
  /** Every key that stands for the service role (the secret keys, and the legacy service_role key while it works): what a scheduler may call with (api-keys.ts). */
  serviceKeys: readonly string[];
  /** Any other configuration (Deno.env on hosted Supabase, process.env locally). */
  get(name: string): string | undefined;
  /** fetch for outbound requests; tests and the local sandbox replace it. */
  fetch: typeof fetch;
};

export type FunctionHandler = (request: Request, env: FunctionEnv) => Promise<Response>;

/** A JSON response with the CORS headers browsers need to call a function. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json',
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
    },
  });
}

/** A refusal a function answers with: an HTTP status, a stable code the SPA translates, and an English message. */
export type Refusal = { status: number; code: string; error: string };

/** The refusals every function shares. */
export const commonRefusals = {
  method: { status: 405, code: 'method_not_allowed', error: 'Use POST' },
  auth: { status: 401, code: 'auth_required', error: 'Authentication required' },
  suspended: { status: 403, code: 'account_suspended', error: 'This account is suspended' },
} satisfies Record<string, Refusal>;

/** Thrown by refuse(); a handler turns it into its JSON answer and changes nothing. */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.error);
  }
}

export const refuse = (refusal: Refusal): never => {
  throw new Refused(refusal);
};

/** What a supabase-js call answers, as far as telling a refusal from a failure goes. */
export type DatabaseAnswer = { error: { code?: string | null; message: string } | null; status: number };

/**
 * The refusal the database raised, whatever its code: private.refuse raises SQLSTATE PGRST with
 * a stable lower-case code and an HTTP status, which PostgREST (and the local backend) answer as
 * they are. PostgreSQL's own SQLSTATEs and PostgREST's PGRSTnnn are digits and capitals, so the
 * code's shape tells them apart. A rule added in SQL reaches the caller with its code and status
 * without a change here. Null for any other failure, and for a 5xx.
 */
export function databaseRefusal(answer: DatabaseAnswer): Refusal | null {
  const code = answer.error?.code;
  if (!answer.error || !code || !/^[a-z][a-z0-9_]*$/.test(code) || answer.status < 400 || answer.status > 499) return null;
  return { status: answer.status, code, error: answer.error.message };
}

/** Passes the database's refusal on as the function's own; any other error is a failure of `doing`. */
export function checkAnswer(answer: DatabaseAnswer, doing: string): void {
  if (!answer.error) return;
  const refusal = databaseRefusal(answer);
  if (refusal) refuse(refusal);
  throw new Error(`${doing}: ${answer.error.message}`);
}
