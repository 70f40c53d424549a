import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
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

// A worker runs its component files one after another in one environment (vitest.config.ts): each
// file loads the app's modules anew (a module keeps state: the Supabase client, a suspension seen)
// and opens at the environment's first address, as a page opened anew would.
// What outlives the app's modules is put back too: i18next's language, react-query's connection, and
// every spy or stub a file made (a fresh page has none).
vi.resetModules();
(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('http://localhost:3000/');
for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
beforeAll(async () => {
  const [{ default: i18next }, { onlineManager }] = await Promise.all([import('i18next'), import('@tanstack/react-query')]);
  if (i18next.isInitialized) await i18next.changeLanguage('en');
  onlineManager.setOnline(true);
});
let toastsShown = false;
afterEach(async () => {
  // The instances the file's own imports got (vi.resetModules above), not the first file's.
  const [{ cleanup }, { toast }] = await Promise.all([import('@testing-library/react'), import('@/lib/toast')]);
  toastsShown ||= toast.getToasts().length > 0;
  // sonner keeps its toasts after the toaster is gone and shows them on the next test's page: a
  // test's "Profile updated successfully" must be its own, whatever ran before it.
  toast.dismiss();
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(async () => {
  // sonner removes a closing toast 200 ms after its exit starts (TIME_BEFORE_UNMOUNT), by a timer
  // no test can await: let it run while the page still exists, or it fires after the environment
  // is gone and fails the run ("window is not defined", seen once on a loaded machine).
  if (toastsShown) await new Promise((resolve) => setTimeout(resolve, 250));
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
