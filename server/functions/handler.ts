import { Hono, type Context } from 'hono';
import type { FunctionEnv, FunctionHandler } from '../../supabase/functions/_shared/handler';
import type { Keys } from '../auth/keys';
import { functionEnvAllowList, functionsWithoutJwt } from './registry';

export type FunctionsContext = {
  keys: Keys;
  handlers: Record<string, FunctionHandler>;
  /** The functions' environment (the URL is the backend's own address); run() narrows env.get per function. */
  env: () => FunctionEnv;
};

/** The function's environment with env.get narrowed to the names it is allowed. */
function scopedEnv(env: FunctionEnv, allowed: readonly string[]): FunctionEnv {
  return { ...env, get: (name) => (allowed.includes(name) ? env.get(name) : undefined) };
}

const error = (c: Context, status: 401 | 404 | 500, message: string) => c.json({ code: status, message }, status);

/**
 * /functions/v1/<name>: checks the caller's JWT as Supabase's edge runtime does
 * (verify_jwt), then hands the request, headers untouched, to the function.
 */
export function createFunctionsApp(ctx: FunctionsContext): Hono {
  const app = new Hono();

  const run = async (c: Context) => {
    const name = c.req.param('name')!;
    const handler = Object.hasOwn(ctx.handlers, name) ? ctx.handlers[name] : undefined;
    if (!handler) return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    if (!functionsWithoutJwt.includes(name)) {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!bearer) return error(c, 401, 'Missing authorization header');
      try {
        await ctx.keys.verify(bearer);
      } catch {
        return error(c, 401, 'Invalid JWT');
      }
    }
    try {
      const allowed = Object.hasOwn(functionEnvAllowList, name) ? functionEnvAllowList[name] : [];
      return await handler(c.req.raw, scopedEnv(ctx.env(), allowed));
    } catch (failure) {
      console.error(`[functions] ${name} failed:`, failure);
      return error(c, 500, 'The function failed; see the server log');
    }
  };

  app.all('/:name', run);
  app.all('/:name/*', run);
  return app;
}
