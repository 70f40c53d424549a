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

/** What a signed-out visitor's landing page must not load. */
const notOnTheLandingPage: [string, RegExp][] = [
  ['the dashboard frame', /src\/app\/layouts\/(dashboard-layout|dashboard-nav|user-menu)\.tsx$/],
  ['a dashboard page', /src\/app\/routes\/dashboard\//],
  ['a feature of the signed-in app', /src\/features\/(admin|dashboard|earnings|notifications|opportunities|reviews|settings|tiktok|videos)\//],
  ['the auth pages', /src\/features\/auth\/(pages|components\/auth-card)/],
  ['auth-js (no one is signed in)', /@supabase\/auth-js\//],
  ['realtime', /@supabase\/(realtime-js|phoenix)\//],
  ['storage', /@supabase\/storage-js\//],
  ['supabase-js itself (the app builds its client from the parts)', /@supabase\/supabase-js\//],
  ['zod', /node_modules\/zod\//],
  ['the QR code library (the QR code is drawn at build time)', /node_modules\/qrcode\//],
  ['the dialog and menu primitives', /node_modules\/@radix-ui\//],
  ['the toasts (the landing page shows none)', /node_modules\/sonner\//],
  ['the charts', /node_modules\/(recharts|d3-)/],
  ['the date library (the landing page shows no date)', /node_modules\/date-fns\//],
  ['the texts of the signed-in app', /src\/i18n\/bundles\/(en|th)-app\.ts$/],
];

test('the landing page shows whole with no script; the app takes it over on the first touch, answers that click, and loads no dashboard code, no auth, realtime, storage or zod', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => response.request().resourceType() === 'script' && scripts.push(response.url()));
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const redrawn: string[] = [];
  page.on('console', (message) => message.text().includes('The landing page was drawn again') && redrawn.push(message.text()));

  // Drawn at build time: the whole page is there before any script, the prices a dash until the app asks.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentic TikTok partnerships, paid by the view');
  await expect(page.getByRole('heading', { name: 'Reach real audiences, pay for real results' })).toBeAttached();
  await page.waitForLoadState('networkidle');
  expect(scripts, 'scripts loaded before the visitor did anything').toEqual([]);
  expect(requests.filter((path) => path.startsWith('/rest/')), 'data asked for before the app is there').toEqual([]);

  // The first touch loads the app, which keeps the page it finds (the same heading element).
  await page.evaluate(() => Object.assign(window, { drawnHeading: document.querySelector('h1') }));
  await page.mouse.move(10, 10);
  // The rates come from pay_rates(): the app has asked for its data, and shown it.
  await expect(page.getByText('฿10.00', { exact: true })).toBeAttached();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { drawnHeading: Element }).drawnHeading === document.querySelector('h1'))).toBe(true);
  expect(redrawn).toEqual([]);

  const modules = await modulesLoadedBy(page, scripts);
  expect(modules.some((source) => source.endsWith('src/features/marketing/pages/home-page.tsx'))).toBe(true);
  expect(modules.some((source) => source.includes('node_modules/react-dom/'))).toBe(true);
  for (const [what, pattern] of notOnTheLandingPage) {
    expect(modules.filter((source) => pattern.test(source)), `${what} is loaded on /`).toEqual([]);
  }
  // The configuration came with the page.
  expect(requests).not.toContain('/config.json');
  expect(modules.filter((source) => /src\/i18n\/bundles\/th-/.test(source)), 'Thai texts for an English visitor').toEqual([]);

  // Thai loads its own texts on demand, and still nothing of the signed-in app.
  await page.getByRole('button', { name: 'ไทย' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('แบรนด์กับครีเอเตอร์ TikTok ร่วมงานกันแบบจริงใจ จ่ายตามยอดวิว');
  await page.waitForLoadState('networkidle');
  const withThai = await modulesLoadedBy(page, scripts);
  expect(withThai.some((source) => source.endsWith('src/i18n/bundles/th-site.ts'))).toBe(true);
  for (const [what, pattern] of notOnTheLandingPage) {
    expect(withThai.filter((source) => pattern.test(source)), `${what} is loaded on / in Thai`).toEqual([]);
  }
});

test('a click on the language switch before the app is there is answered once it is', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.locator('button:visible', { hasText: 'ไทย' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('แบรนด์กับครีเอเตอร์ TikTok ร่วมงานกันแบบจริงใจ จ่ายตามยอดวิว');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
});

test('a Thai visitor is sent the page drawn in Thai, and the language chosen is remembered for the next visit', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'th-TH', extraHTTPHeaders: { 'Accept-Language': 'th-TH,th;q=0.9' } });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('response', (response) => response.request().resourceType() === 'script' && scripts.push(response.url()));
  await page.goto(baseURL!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('แบรนด์กับครีเอเตอร์ TikTok ร่วมงานกันแบบจริงใจ จ่ายตามยอดวิว');
  await page.waitForLoadState('networkidle');
  expect(scripts, 'the Thai page needs no script to show').toEqual([]);

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
