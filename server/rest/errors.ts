/** An error PostgREST itself would raise, with its code and HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
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

/** HTTP status for a PostgreSQL error, following PostgREST's table. */
export function statusForSqlState(code: string, role: string): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23505' || code === '23503') return 409;
  if (code === '42P01' || code === '42883') return 404;
  if (code === '25006') return 405;
  if (code === '57014') return 504;
  if (code.startsWith('08')) return 503;
  if (code === '53400' || code === '54001') return 500;
  return 400;
}
