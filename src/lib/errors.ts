/**
 * A failure the user should see: messageKey names the translated message
 * (namespace:key); detail keeps the server's own words for the log; serverText is
 * what the server said for the user when we have no translation of its reason.
 */
export class AppError extends Error {
  constructor(
    readonly messageKey: string,
    readonly detail?: string,
    readonly serverText?: string,
  ) {
    super(detail ?? messageKey);
  }
}

export const messageKeyOf = (error: unknown, fallback: string) => (error instanceof AppError ? error.messageKey : fallback);
