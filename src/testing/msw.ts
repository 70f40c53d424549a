import { setupServer } from 'msw/node';

type Intercepted = { server: ReturnType<typeof setupServer> };
const worker = globalThis as typeof globalThis & { __viewpactMsw?: Intercepted };

/**
 * Every test starts with no handlers: a request a test did not expect fails it. One server per
 * worker, listening from its first file on: a worker's component files load the app's modules
 * anew each (src/testing/setup.ts), this one included, and each must reach the same server.
 */
export const server = (worker.__viewpactMsw ??= (() => {
  const created = setupServer();
  created.listen({ onUnhandledRequest: 'error' });
  return { server: created };
})()).server;

export const apiUrl = 'http://api.test';
