import type { MiddlewareHandler } from 'hono';

/**
 * A refusal sent before the request's body was read (too large, no key, bad token) closes the
 * connection. Otherwise the server discards the rest of the body for at most half a second
 * (@hono/node-server) and then drops the socket, while the client, told "keep-alive", may
 * already have sent its next request on it: that request would fail for nothing.
 */
export const closeOnUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status < 400) return;
  const length = c.req.header('content-length');
  const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
  if (!hasBody || (c.res.status !== 413 && c.req.raw.bodyUsed)) return;
  try {
    c.res.headers.set('Connection', 'close');
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('Connection', 'close');
  }
};
