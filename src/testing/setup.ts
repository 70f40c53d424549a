import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { server } from './msw';

// Component tests render whole pages and forms; on a loaded 2-core machine the defaults
// (5 s a test, 1 s for a findBy) fail tests that are merely slow.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

// Component tests run on happy-dom (issue 32: the unit suite took 179 s on jsdom, 111 s on happy-dom),
// which lacks two properties of the HTML standard that react-hook-form reads to tell whether a
// select was edited before the form was ready: without them it keeps a select's first option
// instead of the form's value. As browsers define them:
for (const [prototype, name, get] of [
  [HTMLOptionElement.prototype, 'defaultSelected', function (this: HTMLOptionElement) { return this.hasAttribute('selected'); }],
  [HTMLSelectElement.prototype, 'size', function (this: HTMLSelectElement) { return Number(this.getAttribute('size')) || 0; }],
] as const) {
  if (!(name in prototype)) Object.defineProperty(prototype, name, { get, configurable: true });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  // sonner keeps its toasts after the toaster is gone and shows them on the next test's page: a
  // test's "Profile updated successfully" must be its own, whatever ran before it.
  toast.dismiss();
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(async () => {
  server.close();
  // sonner removes a closing toast 200 ms after its exit starts (TIME_BEFORE_UNMOUNT), by a timer
  // no test can await: let it run while the page still exists, or it fires after the environment
  // is gone and fails the run ("window is not defined", seen once on a loaded machine).
  await new Promise((resolve) => setTimeout(resolve, 250));
});
