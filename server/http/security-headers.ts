import type { MiddlewareHandler } from 'hono';

export type SecurityHeaderOptions = {
  /** Paths under which pages may be framed by this origin (the TikTok sandbox's stand-in player). */
  frameableBySelf: string[];
  /** Whether the app is served over HTTPS (the public URL says so, or a trusted proxy does): HSTS. */
  https: (forwardedProto: string | undefined) => boolean;
};

/**
 * Headers on every answer, page and API alike: no content-type sniffing, no referrer beyond the
 * origin to other sites, no framing by other sites (clickjacking), and HSTS over HTTPS.
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const framed = options.frameableBySelf.some((prefix) => c.req.path === prefix || c.req.path.startsWith(`${prefix}/`));
    const headers: Record<string, string> = {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      // The app's pages bring their own, fuller policy (server/http/static.ts).
      'Content-Security-Policy': c.res.headers.get('Content-Security-Policy') ?? `frame-ancestors ${framed ? "'self'" : "'none'"}`,
      'X-Frame-Options': framed ? 'SAMEORIGIN' : 'DENY',
    };
    if (options.https(c.req.header('x-forwarded-proto'))) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
    try {
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    } catch {
      // A response whose headers are immutable (passed through from fetch): copied once, then set.
      c.res = new Response(c.res.body, c.res);
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    }
  };
}
