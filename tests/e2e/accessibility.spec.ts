import { expect, test, type Page } from '@playwright/test';
import { idle, seriousViolations, settled, showRoute, signedInAs, type Role } from './helpers';

/** A page state to scan: an address, and what to do there before the scan. */
type State = { name: string; route: string; open?: (page: Page) => Promise<void> };

const routes = (list: string[]): State[] => list.map((route) => ({ name: route, route }));
const briefDialog: State = {
  name: 'the brief dialog',
  route: '/dashboard/opportunities',
  open: async (page) => {
    await page.getByRole('button', { name: /^Read Brief/ }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
  },
};
const brandPicker: State = {
  name: 'the brand picker, open',
  route: '/dashboard/creator',
  open: async (page) => {
    const picker = page.getByRole('combobox', { name: 'Brand', exact: true });
    await picker.press('ArrowDown');
    await expect(page.getByRole('listbox', { name: 'Brand' }).getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  },
};
const settingsTab = (tab: string): State => ({
  name: `the settings ${tab} tab`,
  route: '/dashboard/settings',
  open: async (page) => {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  },
});

const publicStates = routes(['/', '/features', '/about', '/help', '/terms', '/privacy', '/login', '/register', '/signup?type=brand', '/signup?type=admin', '/forgot-password', '/reset-password', '/connect', '/no-such-page']);

// The brief dialog and the Integrations tab look the same to every account type (the frame around
// them is scanned on the other routes), so they are scanned once, as the creator.
const dashboards: Record<Role, State[]> = {
  creator: [
    ...routes(['/dashboard/creator', '/dashboard/videos', '/dashboard/videos?tab=campaign', '/dashboard/opportunities', '/dashboard/notifications', '/dashboard/earnings', '/dashboard/settings']),
    briefDialog,
    brandPicker,
    settingsTab('Account'),
    settingsTab('Integrations'),
  ],
  brand: [...routes(['/dashboard/brand', '/dashboard/opportunities', '/dashboard/videos', '/dashboard/creators', '/dashboard/profile']), settingsTab('Account')],
  admin: [...routes(['/dashboard/admin']), settingsTab('Account')],
};

// Each page state is scanned once: one navigation, one wait until the page has settled, one axe
// run. The states an audience sees are walked in one test per theme, from page to page inside the
// app as a person goes (showRoute: the app and axe load once per walk, not once per page; issue 32);
// every state is its own step and a soft expectation, so a violation on one page names that page
// and the walk goes on to the others.
const secondsPerScan = 12;

for (const theme of ['light', 'dark'] as const) {
  const walk = (audience: string, states: State[]) => {
    test(`${theme} theme, ${audience}: no page state has serious accessibility violations`, async ({ page }) => {
      test.setTimeout(30_000 + states.length * secondsPerScan * 1000);
      await page.addInitScript((value) => localStorage.setItem('viewpact.theme', value), theme);
      for (const state of states) {
        await test.step(state.name, async () => {
          await showRoute(page, state.route);
          await expect(page).toHaveURL(state.route);
          await settled(page);
          if (state.open) {
            await state.open(page);
            await idle(page);
          }
          if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
          else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
          expect.soft(await seriousViolations(page), `serious violations on ${state.name}`).toEqual([]);
        });
      }
    });
  };

  test.describe(() => walk('signed out', publicStates));
  for (const role of Object.keys(dashboards) as Role[]) {
    test.describe(() => {
      test.use(signedInAs(role));
      walk(`signed in as the ${role}`, dashboards[role]);
    });
  }
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

test('the scan reports what it is there to find: text without contrast and an image without a name, also on a page the walk reached inside the app', async ({ page }) => {
  await page.goto('/');
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  // The next page comes inside the app, as in the walks: the document, and axe in it, stay.
  await showRoute(page, '/login');
  await expect(page).toHaveURL('/login');
  await settled(page);
  await page.evaluate(() => {
    const faint = Object.assign(document.createElement('button'), { textContent: 'Faint' });
    faint.style.cssText = 'color: #eeeeee; background: #ffffff';
    document.querySelector('main')!.append(faint, Object.assign(document.createElement('img'), { src: '/favicon.svg' }));
  });
  const violations = await seriousViolations(page);
  expect(violations).toEqual([expect.stringMatching(/^color-contrast: .*button/), expect.stringMatching(/^image-alt: .*favicon\.svg/)]);
});
