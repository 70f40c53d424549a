import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo, signIn } from './helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

const publicRoutes = ['/', '/features', '/about', '/help', '/terms', '/privacy', '/login', '/register', '/signup?type=brand', '/signup?type=admin', '/forgot-password', '/reset-password', '/connect', '/no-such-page'];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('viewpact.theme', value), theme);
    });

    for (const route of publicRoutes) {
      test(`${route} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(route);
        await expect(page.locator('h1').first()).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    const dashboards: [keyof typeof demo, string[]][] = [
      ['creator', ['/dashboard/creator', '/dashboard/videos', '/dashboard/videos?tab=campaign', '/dashboard/opportunities', '/dashboard/notifications', '/dashboard/earnings', '/dashboard/settings']],
      ['brand', ['/dashboard/brand', '/dashboard/opportunities', '/dashboard/videos', '/dashboard/creators', '/dashboard/profile']],
      ['admin', ['/dashboard/admin']],
    ];
    for (const [role, routes] of dashboards) {
      test(`the ${role} dashboard pages have no serious accessibility violations`, async ({ page }) => {
        await signIn(page, demo[role]);
        for (const route of routes) {
          await page.goto(route);
          await expect(page.locator('h1').first()).toBeVisible();
          expect(await seriousViolations(page), route).toEqual([]);
        }
        await page.goto('/dashboard/opportunities');
        await page.getByRole('button', { name: /^Read Brief/ }).first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect(await seriousViolations(page), 'brief dialog').toEqual([]);
        await page.goto('/dashboard/settings');
        for (const tab of ['Account', 'Integrations']) {
          await page.getByRole('tab', { name: tab }).click();
          expect(await seriousViolations(page), `settings ${tab}`).toEqual([]);
        }
      });
    }
  });
}

test('every control of the sign-in page is reachable by keyboard, with a visible focus', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  const reached: string[] = [];
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      return { name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.id, outline: style.outlineStyle !== 'none' || style.boxShadow !== 'none' };
    });
    if (!focused) continue;
    expect(focused.outline, `focus is visible on ${focused.name}`).toBe(true);
    reached.push(focused.name);
  }
  for (const control of ['Forgot password?', 'Sign In', 'Create one']) expect(reached).toContain(control);
});
