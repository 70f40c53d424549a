import { expect, test } from '@playwright/test';
import { createAccount, demo, idle, signedInAs, startSession } from './helpers';

test.describe('signed out', () => {
  test('landing calls to action lead to sign-up, with the right tab', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Get Started', exact: true }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('tab', { name: 'Creator' })).toHaveAttribute('aria-selected', 'true');

    await page.goto('/');
    await page.getByRole('link', { name: 'Start as a Brand' }).click();
    await expect(page).toHaveURL(/\/signup\?type=brand$/);
    await expect(page.getByRole('tab', { name: 'Brand' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Brand name')).toBeVisible();

    await page.goto('/');
    await page.getByRole('link', { name: 'Join as a Creator' }).click();
    await expect(page).toHaveURL(/\/signup\?type=creator$/);
    await expect(page.getByLabel('TikTok username (optional)')).toBeVisible();

    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started Risk-Free' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('each dashboard address sends a visitor to sign in', async ({ page }) => {
    for (const path of ['/dashboard/creator', '/dashboard/brand', '/dashboard/admin', '/dashboard/videos', '/dashboard/settings', '/admin']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login(\?from=.*)?$/);
      await expect(page.getByRole('heading', { name: 'Welcome back' }), path).toBeVisible();
    }
  });

  test('/dashboard shows its loading screen, then sends a visitor to sign in', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('after signing in, the visitor comes back to the page they asked for', async ({ page }) => {
    await page.goto('/dashboard/videos');
    await expect(page).toHaveURL(/\/login\?from=%2Fdashboard%2Fvideos$/);
    await page.getByLabel('Email').fill(demo.creator.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.creator.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard\/videos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Videos' })).toBeVisible();
  });

  test('a from that points off-site is ignored', async ({ page }) => {
    await page.goto('/login?from=https://evil.example/');
    await page.getByLabel('Email').fill(demo.brand.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.brand.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard\/brand$/);
  });
});

// Issue 33: the server knows the app's paths (dist/app-paths.json, written by the build).
test.describe('HTTP status', () => {
  test('an unknown address answers 404 with the 404 page, drawn before any script, in the visitor’s language', async ({ page, request }) => {
    const redrawn: string[] = [];
    page.on('console', (message) => message.text().includes('drawn again') && redrawn.push(message.text()));
    for (const path of ['/no/such/page', '/dashboard/nope', '/dashboard/creator/extra']) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' }), path).toBeVisible();
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    }
    // The app took the page over as drawn (the same heading element), and its link home is the app's.
    await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => Object.assign(window, { drawnHeading: document.querySelector('h1') })));
    await page.goto('/no/such/page');
    await page.waitForFunction(() => (window as { __viewpactHydrated?: boolean }).__viewpactHydrated === true);
    expect(await page.evaluate(() => (window as unknown as { drawnHeading: Element | null }).drawnHeading === document.querySelector('h1'))).toBe(true);
    await page.getByRole('link', { name: 'Return to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(redrawn).toEqual([]);

    // Without a script: the page is in the HTML, in Thai for a Thai browser.
    const english = await request.get('/no/such/page', { headers: { 'Accept-Language': 'en' } });
    expect(english.status()).toBe(404);
    expect(await english.text()).toContain('Oops! Page not found');
    const thai = await request.get('/no/such/page', { headers: { 'Accept-Language': 'th-TH,th;q=0.9' } });
    expect(thai.status()).toBe(404);
    expect(await thai.text()).toContain('อุ๊ย! ไม่พบหน้านี้');
  });

  test('every page of the app answers 200, assets and the API as before', async ({ request }) => {
    const paths = (await (await request.get('/app-paths.json')).json()) as string[];
    expect(paths).toEqual(expect.arrayContaining(['/', '/login', '/dashboard/creator', '/dashboard/admin', '/admin', '/connect']));
    for (const path of paths) expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
    const index = await (await request.get('/login')).text();
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(index)?.[1];
    expect(script).toMatch(/^\/assets\//);
    expect((await request.get(script!)).status()).toBe(200);
    expect((await request.get('/assets/no-such-file.js')).status()).toBe(404);
    expect((await request.get('/auth/v1/health')).status()).toBe(200);
  });
});

// Where each type lands after signing in through the form (an admin by way of /admin) is checked
// by the setup project (auth.setup.ts), which signs each demo account in once.

test.describe('signed in as the demo creator', () => {
  test.use(signedInAs('creator'));

  test('/ and /login send a signed-in creator to the creator dashboard', async ({ page }) => {
    for (const path of ['/', '/login']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard\/creator$/);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible();
  });

  test('a dashboard of another type sends the user back through /login to their own', async ({ page }) => {
    for (const path of ['/dashboard/brand', '/dashboard/admin', '/dashboard/creators', '/admin']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard\/creator$/);
    }
    await page.goto('/dashboard/earnings');
    await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  });
});

test.describe('a creator opening the admin dashboard', () => {
  test('is sent to their own dashboard without a single request to the admin API, or any refused one', async ({ page, baseURL }) => {
    await startSession(page, baseURL!, await createAccount(baseURL!, { user_type: 'creator', first_name: 'Curious' }));
    const adminRequests: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\/rest\/v1\/rpc\/(admin_|create_admin_invite)/.test(pathname)) adminRequests.push(pathname);
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/rest/v1/') && [401, 403].includes(response.status())) refused.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/dashboard/admin');
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible();
    await idle(page);
    expect(adminRequests).toEqual([]);
    expect(refused).toEqual([]);
  });
});

test.describe('signed in as the demo brand', () => {
  test.use(signedInAs('brand'));

  test('/ and /login send a signed-in user to their dashboard; the sign-up form to /dashboard', async ({ page }) => {
    for (const path of ['/', '/login', '/register', '/signup', '/signup?type=creator']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard\/brand$/);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Brand Dashboard' })).toBeVisible();
  });
});

test.describe('signed in as the demo admin', () => {
  test.use(signedInAs('admin'));

  test('/ and /login send a signed-in admin to the admin dashboard', async ({ page }) => {
    for (const path of ['/', '/login']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard\/admin$/);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });
});

// Signing out ends every session of the user (supabase-js signs out with scope global), so these
// sign out as throw-away accounts, never as a demo account whose saved session other tests use.
test.describe('signing out', () => {
  test('from the dashboard ends on /login, signed out', async ({ page, baseURL }) => {
    await startSession(page, baseURL!, await createAccount(baseURL!, { user_type: 'creator', first_name: 'Leaving' }));
    await page.goto('/dashboard/creator');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await page.goto('/dashboard/creator');
    await expect(page).toHaveURL(/\/login\?from=/);
  });

  test('from the top navigation’s user menu ends on /login', async ({ page, baseURL }) => {
    await startSession(page, baseURL!, await createAccount(baseURL!, { user_type: 'brand', first_name: 'Lotus Spa' }));
    await page.goto('/features');
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('href', '/dashboard/brand');
    await page.getByRole('button', { name: /Account menu for Lotus Spa/ }).click();
    await expect(page.getByRole('menu')).toContainText('Brand');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Signed out successfully!')).toBeVisible();
  });
});
