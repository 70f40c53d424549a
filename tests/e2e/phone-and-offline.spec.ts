import { expect, test, type Page } from '@playwright/test';
import { createAccount, settled, signedInAs, startSession } from './helpers';

/** Issue 15: everyone, on any screen: phone layout and targets, the server out of reach, a page that fails. */

const phone = { width: 390, height: 844 };

/** The server's APIs: what "the server cannot be reached" cuts off (the app's own files stay). */
const api = /\/(rest|auth|functions)\/v1\//;
const cutOff = (page: Page) => page.route(api, (route) => route.abort('internetdisconnected'));

type Target = { name: string; width: number; height: number };

/**
 * Every visible button, link, tab and form control of the page that is smaller than 44×44 px
 * (WCAG 2.5.5). Left out: the skip link, shown only while focused, and the toasts (messages, not
 * the page; their close button's hit area is enlarged past its drawn circle).
 */
function smallTargets(page: Page): Promise<Target[]> {
  return page.evaluate(() => {
    const selector = 'a[href], button, [role="button"], [role="tab"], [role="link"], input:not([type="hidden"]), select, textarea, summary';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
      .filter((element) => !element.closest('[data-sonner-toaster]') && !element.classList.contains('sr-only'))
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('name') ?? element.tagName).trim().slice(0, 60);
        return { name: `${element.tagName.toLowerCase()} "${name}"`, width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10 };
      })
      .filter((target) => target.width < 44 || target.height < 44);
  });
}

test.describe('at 390 px, as the demo creator', () => {
  test.use({ ...signedInAs('creator'), viewport: phone });

  for (const route of ['/dashboard/creator', '/dashboard/videos', '/dashboard/opportunities']) {
    test(`${route}: every target is at least 44×44 px and nothing overflows the screen`, async ({ page }) => {
      await page.goto(route);
      await settled(page);
      expect(await smallTargets(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    });
  }

  test('My Videos: one card a row, counts and badges inside each card, and what each campaign video earned', async ({ page }) => {
    await page.goto('/dashboard/videos');
    await settled(page);
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const overflow = await cards.evaluateAll((articles) =>
      articles.flatMap((article) => {
        const card = article.getBoundingClientRect();
        return [...article.querySelectorAll<HTMLElement>('dd, span, p, a, button')]
          .filter((element) => element.checkVisibility() && !element.classList.contains('sr-only'))
          .filter((element) => {
            const box = element.getBoundingClientRect();
            const clipped = element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).textOverflow !== 'ellipsis';
            return box.left < card.left - 1 || box.right > card.right + 1 || (element.tagName === 'DD' && clipped);
          })
          .map((element) => element.textContent);
      }),
    );
    expect(overflow).toEqual([]);
    const boxes = await cards.evaluateAll((articles) => articles.map((article) => article.getBoundingClientRect().left));
    expect(new Set(boxes).size, 'one column').toBe(1);
    // The demo creator's GlowLab video is linked to the campaign: its card says what it earned, by the money rule.
    await expect(page.getByText(/^Earned ฿[\d,]+\.\d\d/).first()).toBeVisible();
  });
});

test('when the server cannot be reached, lists say so with Try again, and Sign Out still ends the session', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Offline' });
  await startSession(page, baseURL!, account);
  // The page's clock runs on as usual, until the test moves it past a success toast's life.
  await page.clock.install();
  await page.goto('/dashboard/creator');
  await settled(page);

  await cutOff(page);
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'Videos' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load the videos' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByText('No videos found')).toHaveCount(0);
  // The failure toast stays until dismissed.
  const failure = page.locator('[data-sonner-toast][data-type="error"]').first();
  await expect(failure).toBeVisible();
  await page.clock.runFor(5_000); // longer than a success toast lasts (4000 ms)
  await expect(failure).toBeVisible();

  // Back online, Try again loads the list.
  await page.unroute(api);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Could not load the videos')).toHaveCount(0);
  await expect(page.getByText('No videos found')).toBeVisible();

  await cutOff(page);
  await nav.getByRole('link', { name: 'Opportunities' }).click();
  await expect(page.getByText('Failed to load opportunities').last()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token')))).toEqual([]);
  // Back online, the device is still signed out: a dashboard sends it to sign in.
  await page.unroute(api);
  await page.goto('/dashboard/creator');
  await expect(page).toHaveURL(/\/login/);
});

// A page whose code fails to load: tests/e2e/offline.spec.ts (issue 33: it says so in its place, the frame stays).
