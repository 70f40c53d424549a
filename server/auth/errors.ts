/** An error as GoTrue reports it: status, a machine code and a message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** Both shapes: `code`/`message` for API version 2024-01-01, `error_code`/`msg` for older clients. */
  toJSON() {
    return { code: this.code, error_code: this.code, message: this.message, msg: this.message, ...this.extra };
  }
}

export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

export const weakPassword = (minLength: number) =>
  new AuthError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
    weak_password: { reasons: ['length'], message: `Password should be at least ${minLength} characters.` },
  });

export const tooManyRequests = (code = 'over_request_rate_limit', message = 'Request rate limit reached') =>
  new AuthError(429, code, message);

export const badJwt = (message = 'invalid JWT: unable to parse or verify signature') => new AuthError(403, 'bad_jwt', message);

export const validationFailed = (message: string, code = 'validation_failed') => new AuthError(400, code, message);
