import type { MiddlewareHandler } from 'hono';

/**
 * CORS for Supabase's APIs, as Supabase answers them: any origin, and the headers supabase-js
 * reads exposed. Written by hand rather than with hono/cors, which sets its headers on the
 * response before the handler runs and so makes Hono copy every answer into a new Response
 * (a quarter of the server's time per request in bench/).
 */
export const corsHeaders: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Range,X-Supabase-Api-Version,Preference-Applied,Range-Unit,Content-Profile,Retry-After',
};

const allowedMethods = 'GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS';

/**
 * Answers preflights (OPTIONS) with the methods and the headers asked for; adds the CORS
 * headers to every other answer, except those `finished` says already carry them.
 */
export function apiCors({ finished }: { finished: (response: Response) => boolean }): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      const headers: Record<string, string> = { ...corsHeaders, 'Access-Control-Allow-Methods': allowedMethods, 'Access-Control-Max-Age': '86400' };
      const asked = c.req.header('Access-Control-Request-Headers');
      if (asked) {
        headers['Access-Control-Allow-Headers'] = asked.split(',').map((name) => name.trim()).join(',');
        headers.Vary = 'Access-Control-Request-Headers';
      }
      return new Response(null, { status: 204, headers });
    }
    await next();
    if (finished(c.res)) return;
    for (const [name, value] of Object.entries(corsHeaders)) c.res.headers.set(name, value);
  };
}
