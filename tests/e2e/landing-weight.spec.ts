import { expect, test, type Page } from '@playwright/test';
import { signedInAs } from './helpers';

/**
 * What the landing page loads, read from the source maps of the scripts it fetched (the build
 * keeps them beside each chunk): the modules each script was built from. Only the bundler's
 * own code comes without one: its runtime, and Vite's helper that preloads a lazy chunk's imports.
 */
async function modulesLoadedBy(page: Page, scripts: string[]): Promise<string[]> {
  const modules = await Promise.all(
    scripts.map(async (url) => {
      const map = await page.request.get(`${url}.map`);
      if (map.ok()) return ((await map.json()) as { sources: string[] }).sources;
      expect(url, 'a script without a source map').toMatch(/\/assets\/(rolldown-runtime|preload-helper)-[\w-]+\.js$/);
      return [];
    }),
  );
  return modules.flat();
}

/** What a signed-out visitor's landing page never loads. */
const notOnTheLandingPage: [string, RegExp][] = [
  ['the dashboard frame', /src\/app\/layouts\/(dashboard-layout|dashboard-nav|user-menu)\.tsx$/],
  ['a dashboard page', /src\/app\/routes\/dashboard\//],
  ['a feature of the signed-in app', /src\/features\/(admin|dashboard|earnings|notifications|opportunities|reviews|settings|tiktok|videos)\//],
  ['realtime', /@supabase\/(realtime-js|phoenix)\//],
  ['storage', /@supabase\/storage-js\//],
  ['supabase-js itself (the app builds its client from the parts)', /@supabase\/supabase-js\//],
  ['the QR code library (the QR code is drawn at build time)', /node_modules\/qrcode\//],
  ['the charts', /node_modules\/(recharts|d3-)/],
];

/**
 * What the landing page loads only once the app has taken it over (issue 33): what its calls to
 * action open, sign-up and sign-in, fetched at idle so that a tap finds them there.
 */
const notBeforeTheAppIsThere: [string, RegExp][] = [
  ['the auth pages', /src\/features\/auth\/(pages|components\/auth-card)/],
  ['auth-js', /@supabase\/auth-js\//],
  ['zod', /node_modules\/zod\//],
  ['the dialog, menu and tab primitives', /node_modules\/@radix-ui\//],
  ['the toasts', /node_modules\/sonner\//],
  ['the texts of the signed-in app', /src\/i18n\/bundles\/(en|th)-app\.ts$/],
];

type Script = { url: string; startMs: number; bytes: number };

/** The scripts the page fetched, when each was asked for (ms from navigation start) and its size as transferred. */
const scriptsOf = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || /\.m?js$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ url: entry.name, startMs: entry.startTime, bytes: (entry as PerformanceResourceTiming).encodedBodySize })),
  ) as Promise<Script[]>;

const markTime = (page: Page, name: string) => page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? null, name);

test('the landing page shows whole with no script; the app comes at idle after its load, takes the page over as drawn, then fetches sign-up and sign-in; never any dashboard code, realtime or storage', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const redrawn: string[] = [];
  page.on('console', (message) => message.text().includes('The landing page was drawn again') && redrawn.push(message.text()));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // Drawn at build time: the whole page is there before any script.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentic TikTok partnerships, paid by the view');
  await expect(page.getByRole('heading', { name: 'Reach real audiences, pay for real results' })).toBeAttached();
  await page.evaluate(() => Object.assign(window, { drawnHeading: document.querySelector('h1') }));

  // Nobody touches the page: the app comes by itself, and then what the calls to action open.
  await page.waitForFunction(() => performance.getEntriesByName('viewpact:first-taps-ready').length > 0);
  const loaded = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
  const hydratedAt = await markTime(page, 'viewpact:hydrated');
  expect(hydratedAt).not.toBeNull();
  const scripts = await scriptsOf(page);
  // Nothing but the page's own few lines (its boot script) until it has loaded: usable with no script file.
  expect(scripts.filter((script) => script.startMs < loaded).map((script) => script.url), 'scripts asked for before the page had loaded').toEqual([]);
  expect(await page.evaluate(() => document.querySelectorAll('script[src]').length), 'a script tag in the page').toBe(0);

  // The app kept the page it found (the same heading element), and asked for the prices, and showed them.
  await expect(page.getByText('฿10.00', { exact: true })).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { drawnHeading: Element }).drawnHeading === document.querySelector('h1'))).toBe(true);
  expect(redrawn).toEqual([]);
  expect(requests).not.toContain('/config.json');

  // Until it had taken the page over: the app alone, its home page, nothing of sign-up or sign-in.
  const app = await modulesLoadedBy(page, scripts.filter((script) => script.startMs < hydratedAt!).map((script) => script.url));
  expect(app.some((source) => source.endsWith('src/features/marketing/pages/home-page.tsx'))).toBe(true);
  expect(app.some((source) => source.includes('node_modules/react-dom/'))).toBe(true);
  for (const [what, pattern] of [...notOnTheLandingPage, ...notBeforeTheAppIsThere]) {
    expect(app.filter((source) => pattern.test(source)), `${what} is loaded before the app took / over`).toEqual([]);
  }
  expect(app.filter((source) => /src\/i18n\/bundles\/th-/.test(source)), 'Thai texts for an English visitor').toEqual([]);

  // Then sign-up and sign-in, and still nothing of the signed-in app.
  const all = await modulesLoadedBy(page, scripts.map((script) => script.url));
  expect(all.some((source) => source.endsWith('src/features/auth/pages/register-page.tsx'))).toBe(true);
  expect(all.some((source) => source.endsWith('src/features/auth/pages/login-page.tsx'))).toBe(true);
  for (const [what, pattern] of notOnTheLandingPage) {
    expect(all.filter((source) => pattern.test(source)), `${what} is loaded on /`).toEqual([]);
  }
  expect(requests.filter((path) => path.startsWith('/rest/') && !path.startsWith('/rest/v1/rpc/pay_rates')), 'data asked for on the landing page').toEqual([]);
  expect(errors, 'script errors').toEqual([]);

  // Thai loads its own texts on demand, and still nothing of the signed-in app.
  await page.getByRole('button', { name: 'ไทย' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('แบรนด์กับครีเอเตอร์ TikTok ร่วมงานกันแบบจริงใจ จ่ายตามยอดวิว');
  await page.waitForLoadState('networkidle');
  const withThai = await modulesLoadedBy(page, (await scriptsOf(page)).map((script) => script.url));
  expect(withThai.some((source) => source.endsWith('src/i18n/bundles/th-site.ts'))).toBe(true);
  for (const [what, pattern] of notOnTheLandingPage) {
    expect(withThai.filter((source) => pattern.test(source)), `${what} is loaded on / in Thai`).toEqual([]);
  }
});

test('years after the build, the app still takes the landing page over as drawn, and the footer then shows this year', async ({ page }) => {
  // The page was drawn when the app was built; the visitor's clock says 2031 (a build from December, served in January).
  await page.clock.setFixedTime(new Date('2031-06-15T12:00:00Z'));
  const redrawn: string[] = [];
  page.on('console', (message) => message.text().includes('The landing page was drawn again') && redrawn.push(message.text()));
  await page.goto('/');
  await page.evaluate(() => Object.assign(window, { drawnHeading: document.querySelector('h1') }));
  await page.waitForFunction(() => window.__viewpactHydrated === true);
  await expect(page.locator('footer')).toContainText('© 2031 ViewPact. All rights reserved.');
  expect(await page.evaluate(() => (window as unknown as { drawnHeading: Element }).drawnHeading === document.querySelector('h1')), 'the drawn heading kept').toBe(true);
  expect(redrawn).toEqual([]);
});

test('a click on the language switch before the app is there is answered once it is', async ({ page }) => {
  // The app is held on its way, so the click surely comes before it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.locator('button:visible', { hasText: 'ไทย' }).first().click();
  expect(await page.evaluate(() => window.__viewpactHydrated === true)).toBe(false);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('แบรนด์กับครีเอเตอร์ TikTok ร่วมงานกันแบบจริงใจ จ่ายตามยอดวิว');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
});

test('a Thai visitor is sent the page drawn in Thai, and the language chosen is remembered for the next visit', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'th-TH', extraHTTPHeaders: { 'Accept-Language': 'th-TH,th;q=0.9' } });
  const page = await context.newPage();
  await page.goto(baseURL!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('แบรนด์กับครีเอเตอร์ TikTok ร่วมงานกันแบบจริงใจ จ่ายตามยอดวิว');
  await page.waitForFunction(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd > 0);
  const loaded = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
  expect((await scriptsOf(page)).filter((script) => script.startMs < loaded), 'the Thai page needs no script to show').toEqual([]);

  await page.locator('button:visible', { hasText: 'English' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentic TikTok partnerships, paid by the view');
  const again = await context.request.get(baseURL!);
  expect(await again.text()).toContain('data-prerendered="en"');
  await context.close();
});

/**
 * A dashboard's data requests need neither /config.json nor the page's own code: they start
 * from the stored session as soon as the app's script runs. The page's chunk is held back
 * until they have gone out; were they waiting for it, the test would time out.
 */
const dashboards = [
  { role: 'creator', addresses: ['/dashboard/creator', '/dashboard'], chunk: /\/assets\/creator-dashboard-page-[\w-]+\.js$/, data: ['/rest/v1/rpc/pay_rates', '/rest/v1/rpc/video_listing_page'], heading: 'Creator Dashboard' },
  { role: 'creator', addresses: ['/dashboard/videos'], chunk: /\/assets\/videos-page-[\w-]{8}\.js$/, data: ['/rest/v1/rpc/video_listing_page', '/rest/v1/creator_brand_connections'], heading: 'My Videos' },
  { role: 'brand', addresses: ['/dashboard/brand', '/dashboard'], chunk: /\/assets\/brand-dashboard-page-[\w-]+\.js$/, data: ['/rest/v1/rpc/brand_metrics', '/rest/v1/rpc/video_listing_page', '/rest/v1/ledger_rules'], heading: 'Brand Dashboard' },
] as const;

for (const { role, addresses, chunk, data, heading } of dashboards) {
  test.describe(`signed in as the demo ${role}`, () => {
    test.use(signedInAs(role));

    for (const address of addresses) {
      test(`${address}: the page asks for its profile and data before its page code arrives, without /config.json`, async ({ page }) => {
        const requests: string[] = [];
        page.on('request', (request) => requests.push(new URL(request.url()).pathname));
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(chunk, async (route) => {
          await held;
          await route.continue();
        });

        await page.goto(address, { waitUntil: 'commit' });
        for (const path of ['/rest/v1/profiles', ...data]) await expect.poll(() => requests.includes(path), { message: `${path} asked for` }).toBe(true);
        await expect.poll(() => requests.some((path) => chunk.test(path)), { message: 'the page chunk was asked for (and is held)' }).toBe(true);

        release();
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        expect(requests).not.toContain('/config.json');
      });
    }
  });
}
