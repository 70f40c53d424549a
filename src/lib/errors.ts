import englishErrors from '@/i18n/locales/en/errors.json';

/**
 * Every refusal reaches the SPA as a stable code: raised by the database
 * (private.refuse in supabase/migrations), an edge function ({ code } in its JSON
 * answer), the auth server (GoTrue's codes), or the SPA itself for a missing session
 * and for what an operation says when it fails for another reason. The table of
 * codes and their texts is the `errors` namespace (src/i18n/locales/<lang>/errors.json):
 * a code is a key there, in English and in Thai (a unit test checks every code raised).
 */
export type ErrorCode = keyof typeof englishErrors;

const codes = new Set(Object.keys(englishErrors));

export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && codes.has(code);

/** PostgreSQL's own refusals, for the rules that are plain constraints or privileges. */
const sqlStateCodes: Record<string, ErrorCode> = {
  '42501': 'not_allowed',
  '23514': 'invalid_input',
  '23502': 'invalid_input',
  '22001': 'invalid_input',
  '22P02': 'invalid_input',
};

/**
 * A failure the user should see. `code` names its text; `detail` keeps the server's
 * own words for the log; `serverText` is what the server said for the user when it
 * gave a reason we have no code for (spec §8: "the server's error text is used when given"),
 * and `serverCode` the server's own code for that reason, when it gave one. `figures` are what a
 * coded refusal carries for the screen (its details, a JSON object: brand_owes_money's amounts).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly serverText?: string,
    readonly serverCode?: string,
    readonly figures?: Record<string, unknown>,
  ) {
    super(detail ?? code);
    this.name = 'AppError';
  }
}

/** A form-shape check failed in the API layer; messageKey is the schema's own message. */
export class ValidationError extends Error {
  constructor(readonly messageKey: string) {
    super(messageKey);
    this.name = 'ValidationError';
  }
}

type ServiceError = { code?: string | null; message?: string; details?: string | null; status?: number } | null | undefined;

/** A refusal's details when they are a JSON object (private.refuse with figures), else nothing. */
function figuresOf(details: string | null | undefined): Record<string, unknown> | undefined {
  if (!details?.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(details);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A supabase-js error (PostgREST or auth) as an AppError: its own code when known, else the operation's. */
export function toAppError(error: ServiceError, fallback: ErrorCode): AppError {
  const code = error?.code ?? undefined;
  if (isErrorCode(code)) return new AppError(code, error?.message, undefined, undefined, figuresOf(error?.details));
  if (code && code in sqlStateCodes) return new AppError(sqlStateCodes[code], error?.message);
  if (error?.status === 429) return new AppError('over_request_rate_limit', error.message);
  if (error?.message === 'Failed to fetch' || error?.message?.startsWith('TypeError')) return new AppError('network_error', error.message);
  return new AppError(fallback, error?.message, undefined, code);
}

// Duck-typed: supabase-js may carry a Response of another realm (Node's undici in tests).
const hasResponse = (error: unknown): error is { context: Pick<Response, 'clone'>; message: string } =>
  typeof error === 'object' && error !== null && 'context' in error && typeof (error.context as Response | null)?.clone === 'function';

/** An edge function's refusal (JSON { code, error }) as an AppError. */
export async function functionError(error: unknown, fallback: ErrorCode): Promise<AppError> {
  const answer: { code?: unknown; error?: unknown } | null = hasResponse(error) ? await error.context.clone().json().catch(() => null) : null;
  const serverText = typeof answer?.error === 'string' ? answer.error : undefined;
  if (isErrorCode(answer?.code)) return new AppError(answer.code, serverText);
  const serverCode = typeof answer?.code === 'string' && answer.code ? answer.code : undefined;
  return new AppError(fallback, serverText ?? (error instanceof Error ? error.message : undefined), serverText, serverCode);
}

/** Throws the schema's first message when the input does not have the form's shape. */
export function parseOrThrow<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (!result.success) throw new ValidationError(result.error.issues[0].message);
  return result.data;
}
