import { expect, test, type Page } from '@playwright/test';
import { signedInAs } from './helpers';

/**
 * Issue 33, a first tap that answers: the landing page drawn at build time fetches the app while
 * the visitor reads; a tap on a link of the site before the app is there is kept and answered
 * inside the app (no whole page load), or the old way should the app not come; what the calls to
 * action open is there before the tap. And a first click that counts: nothing moves under the
 * pointer as the fonts arrive. And a dashboard's frame shows before the app.
 */

/** The app's entry chunk, which the landing page's boot script imports. */
const entryChunk = /\/assets\/index-[\w-]+\.js$/;

/** Holds every request for the entry chunk until release() (or aborts them); asked: resolves once the page asked for it. */
async function holdEntry(page: Page, { abort = false } = {}) {
  let release!: () => void;
  let wasAsked!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (wasAsked = resolve));
  await page.route(entryChunk, async (route) => {
    wasAsked();
    if (abort) return route.abort('connectionfailed');
    await held;
    await route.continue();
  });
  return { release, asked };
}

/** A value set on the window: it survives a navigation inside the app, not a whole page load. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);
const hydrated = (page: Page) => page.evaluate(() => window.__viewpactHydrated === true);

test('a tap on Get Started before the app is there lands on the sign-up form inside the app, with no whole page load', async ({ page }) => {
  const entry = await holdEntry(page);
  await page.goto('/');
  await mark(page);
  // Nobody touched the page: the app is asked for once it has loaded (at idle), and held here.
  await entry.asked;
  expect(await hydrated(page)).toBe(false);

  await page.locator('header a[href="/register"]:visible').click();
  // Kept, not followed: the address has not changed and nothing was loaded.
  await expect(page).toHaveURL(/\/$/);
  expect(await sameDocument(page)).toBe(true);

  entry.release();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
});

test('the app comes while the visitor reads, with what Get Started opens: the tap fetches nothing and shows the form inside the app', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  // Nobody touches the page: the app takes it over and fetches sign-up and sign-in by itself.
  await page.waitForFunction(() => performance.getEntriesByName('viewpact:first-taps-ready').length > 0);
  expect(await hydrated(page)).toBe(true);
  await mark(page);
  const after: string[] = [];
  page.on('request', (request) => after.push(new URL(request.url()).pathname));

  await page.locator('main a[href="/signup"]').first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  expect(after.filter((path) => /\.(js|css)$/.test(path)), 'code fetched after the tap').toEqual([]);
  expect(after.filter((path) => path.startsWith('/auth/') || path.startsWith('/rest/')), 'requests the form waited for').toEqual([]);
  expect(errors, 'script errors').toEqual([]);
});

test('a link tapped while the app cannot load is followed the old way, a whole page load', async ({ page }) => {
  const entry = await holdEntry(page, { abort: true });
  await page.goto('/');
  await entry.asked;
  await mark(page);
  await page.locator('main a[href="/signup"]').first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect.poll(() => sameDocument(page).catch(() => false)).toBe(false);
});

test('a link tapped while the app is on its way that then fails to load is followed the old way', async ({ page }) => {
  let fail!: () => void;
  const failing = new Promise<void>((resolve) => (fail = resolve));
  let once = false;
  await page.route(entryChunk, async (route) => {
    if (once) return route.continue();
    once = true;
    await failing;
    await route.abort('connectionfailed');
  });
  await page.goto('/');
  await mark(page);
  await page.locator('main a[href="/signup"]').first().click();
  await expect(page).toHaveURL(/\/$/);
  fail();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(await sameDocument(page)).toBe(false);
});

test('before the app is there, the page keeps no tap it must not: another tab, a place on the same page', async ({ page, context }) => {
  const entry = await holdEntry(page);
  await page.goto('/');
  await mark(page);
  // The chat link opens in a new tab, as the browser does it.
  const [chat] = await Promise.all([context.waitForEvent('page'), page.locator('footer a[target="_blank"]').first().click()]);
  await chat.close();
  // A click with a modifier (a new tab) is the browser's too.
  const [tab] = await Promise.all([context.waitForEvent('page'), page.locator('main a[href="/signup"]').first().click({ modifiers: ['ControlOrMeta'] })]);
  await tab.close();
  // The skip link moves to the page's content, on this page.
  await page.locator('a[href="#main"]').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/#main$/);
  // Once the app is there, none of them is answered again.
  entry.release();
  await page.waitForFunction(() => window.__viewpactHydrated === true);
  await expect(page).toHaveURL(/\/#main$/);
  expect(await sameDocument(page)).toBe(true);
  expect(context.pages()).toHaveLength(1);
});

test('on /register the language switch stays where it first showed, so the first click on it counts', async ({ page }) => {
  // Where the Thai button is at each frame from its first showing (it moved 22 px when the fonts came in after it).
  await page.addInitScript({
    content: `(() => {
      const seen = (globalThis.__switchAt = []);
      const watch = () => {
        const button = [...document.querySelectorAll('button[lang="th"]')].find((element) => element.getBoundingClientRect().width > 0);
        if (button) {
          const box = button.getBoundingClientRect();
          const at = Math.round(box.x) + ',' + Math.round(box.y) + ',' + Math.round(box.width);
          if (seen[seen.length - 1] !== at) seen.push(at);
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    })()`,
  });
  await page.goto('/register?type=creator');
  await expect(page.getByRole('tablist')).toBeVisible();
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise(requestAnimationFrame);
  });
  expect(await page.evaluate(() => (globalThis as { __switchAt?: string[] }).__switchAt), 'where the switch was, frame by frame').toHaveLength(1);
  // One click, no retry: it switches.
  await page.getByRole('button', { name: 'ไทย' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
});

test.describe('signed in as the demo creator', () => {
  test.use(signedInAs('creator'));

  test("a dashboard's frame shows before the app, with the page's title, and the app draws over it", async ({ page }) => {
    const entry = await holdEntry(page);
    await page.goto('/dashboard/creator', { waitUntil: 'commit' });
    const shell = page.locator('[data-dashboard-shell]');
    await expect(shell).toBeVisible();
    await expect(shell).toContainText('Creator Dashboard');
    // Nothing in it can be used or read out: the app's frame is the one.
    await expect(shell).toHaveAttribute('aria-hidden', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    entry.release();
    await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible();
    await expect(shell).toHaveCount(0);
  });

  test('/dashboard shows the frame titled for the stored type of user: the creator’s own dashboard', async ({ page }) => {
    const entry = await holdEntry(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.locator('[data-dashboard-shell]')).toContainText('Creator Dashboard');
    entry.release();
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
  });
});

test('a signed-out visitor to a dashboard is not shown its frame on the way to sign in', async ({ page }) => {
  const entry = await holdEntry(page);
  const answer = await page.goto('/dashboard/creator', { waitUntil: 'commit' });
  // The page came with the frame; its script took it away as the page was read, before the app.
  expect(await answer!.text()).toContain('data-dashboard-shell');
  await page.waitForFunction(() => document.readyState !== 'loading');
  await expect(page.locator('[data-dashboard-shell]')).toHaveCount(0);
  expect(await hydrated(page)).toBe(false);
  entry.release();
  await expect(page).toHaveURL(/\/login/);
});

test('the frame is drawn in the reader’s language, as the landing page is', async ({ request, baseURL }) => {
  const thai = await request.get(`${baseURL}/dashboard/earnings`, { headers: { 'Accept-Language': 'th-TH,th;q=0.9' } });
  expect(await thai.text()).toContain('>รายได้<');
  const english = await request.get(`${baseURL}/dashboard/earnings`, { headers: { Cookie: 'viewpact-language=en', 'Accept-Language': 'th' } });
  expect(await english.text()).toContain('>Earnings<');
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a tap on the menu before the app is there opens it once the app comes, and it stays open', async ({ page }) => {
    const entry = await holdEntry(page);
    await page.goto('/');
    await entry.asked;
    await page.getByRole('button', { name: 'Open menu' }).click();
    entry.release();
    await page.waitForFunction(() => window.__viewpactHydrated === true);
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Main' }).last().getByRole('link', { name: 'About' })).toBeVisible();
  });

  test('a tap kept while the app is hydrating is answered by the app once, not by React as well (a menu opened twice is shut)', async ({ page }) => {
    await page.goto('/');
    await page.waitForFunction(() => window.__viewpactHydrated === true);
    // The moment the flaky run hit: React has attached its handlers, the app has not yet said it is there.
    await page.evaluate(() => (window.__viewpactHydrated = false));
    await page.getByRole('button', { name: 'Open menu' }).click();
    // What the app does once its first effect runs (src/lib/prerendered.ts, answerPendingClick).
    await page.evaluate(() => {
      const kept = window.__viewpactPendingClick?.();
      window.__viewpactHydrated = true;
      (kept as HTMLElement | null)?.click();
    });
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });
});
