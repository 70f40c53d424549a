import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessToken, addVideoViaApi, createAccount, idle, joinOpportunity, newVideoId, publishOpportunity, settled, startSession, userIdOf } from './helpers';

/**
 * Issue 33, on a 390 px phone: a toast leaves the header's controls free, every settings tab is
 * in sight, a long campaign name ends in "…", and a video waiting for review is a picture with a
 * play button that nothing covers.
 */

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

/**
 * The controls that something else lies over at their centre (where a finger presses), each with
 * what covers it: a toast, or the start of its markup.
 */
async function covered(controls: Record<string, Locator>): Promise<string[]> {
  const found: string[] = [];
  for (const [name, control] of Object.entries(controls)) {
    await expect(control, name).toBeVisible();
    const onTop = await control.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (top && (top === element || element.contains(top))) return null;
      return top?.closest('[data-sonner-toast]') ? 'a toast' : (top?.outerHTML.slice(0, 80) ?? 'nothing');
    });
    if (onTop) found.push(`${name}: under ${onTop}`);
  }
  return found;
}

/** The toast shown, once it has slid into place, and that it is on screen and clear of the header. */
async function toastInPlace(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await idle(page);
  const box = (await toast.boundingBox())!;
  const header = (await page.locator('header').first().boundingBox())!;
  expect(box.y, 'the toast starts below the header').toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.y + box.height, 'the toast is on the screen').toBeLessThanOrEqual(phone.height);
  return toast;
}

test('after an action, its toast leaves the dashboard header’s menu button, bell and account menu free', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Mali' });
  await startSession(page, baseURL!, account);
  await page.goto('/dashboard/settings');
  await settled(page);
  await page.getByLabel('Last name').fill('Chaiyo');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const toast = await toastInPlace(page, 'Profile updated successfully');

  const header = page.locator('header');
  expect(
    await covered({
      'menu button': header.getByRole('button', { name: 'Open navigation' }),
      bell: header.getByRole('button', { name: /^Notifications/ }),
      'account menu': header.getByRole('button', { name: 'Account menu for Mali' }),
    }),
  ).toEqual([]);
  // The toast is drawn in the page's font (its Thai letters included), not sonner's own list.
  const fonts = await toast.evaluate((element) => [getComputedStyle(element).fontFamily, getComputedStyle(document.body).fontFamily]);
  expect(fonts[0]).toBe(fonts[1]);
  // The menu button answers while the toast is up.
  await header.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('dialog', { name: 'Dashboard' })).toBeVisible();
});

test('a failure toast, which stays, leaves the public header’s language switch and menu button free, in Thai too', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@example.test');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await toastInPlace(page, 'Invalid email or password');
  const header = page.locator('header');
  const controls = {
    EN: header.getByRole('button', { name: 'English' }),
    TH: header.getByRole('button', { name: 'ไทย' }),
    'menu button': header.getByRole('button', { name: 'Open menu' }),
  };
  expect(await covered(controls)).toEqual([]);

  // The switch answers while the toast is up; the toast stays, and is still clear of the header.
  await controls.TH.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.locator('[data-sonner-toast]')).toBeVisible();
  expect(await covered({ ...controls, 'menu button': header.getByRole('button', { name: 'เปิดเมนู' }) })).toEqual([]);
});

test.describe('the settings tabs', () => {
  for (const [language, last, textSize] of [
    ['en', 'Payouts', '100%'],
    ['th', 'รับเงิน', '100%'],
    ['th', 'รับเงิน', '200%'],
  ] as const) {
    test(`all stay in sight on a phone, the last (${last}) included, at ${textSize} text`, async ({ page, baseURL }) => {
      const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Tabs' });
      await startSession(page, baseURL!, account);
      await page.addInitScript((lang) => localStorage.setItem('viewpact.language', lang), language);
      await page.goto('/dashboard/settings');
      await settled(page);
      // The reader's larger text: every size in rem grows with it.
      await page.evaluate((size) => (document.documentElement.style.fontSize = size), textSize);
      const list = page.getByRole('tablist');
      const tabs = list.getByRole('tab');
      await expect(tabs).toHaveCount(5);
      await expect(tabs.last()).toHaveText(last);
      // Each tab lies wholly inside the strip and the screen, nothing hides it, and the strip has nothing to scroll.
      const strip = (await list.boundingBox())!;
      for (const tab of await tabs.all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x, await tab.innerText()).toBeGreaterThanOrEqual(strip.x);
        expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(Math.min(strip.x + strip.width, phone.width) + 0.5);
      }
      expect(await list.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await covered({ [last]: tabs.last() })).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
      await tabs.last().click();
      await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
    });
  }
});

test('a brand’s phone: a long campaign name ends in “…” inside its card, and a video to review is a picture whose play button nothing covers', async ({ page, baseURL }) => {
  const brand = await createAccount(baseURL!, { user_type: 'brand', first_name: 'Long Names Co' });
  const creator = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Ploy', tiktok_username: 'ploy.phone' });
  const campaign = 'Rainy season skincare routine for oily skin, filmed at home with natural light';
  const brief = await publishOpportunity(baseURL!, await accessToken(baseURL!, brand), campaign);
  const creatorToken = await accessToken(baseURL!, creator);
  await joinOpportunity(baseURL!, creatorToken, userIdOf(creatorToken), brief.id);
  const postedAt = new Date(Math.ceil(brief.createdAt.getTime() / 1000) * 1000);
  await addVideoViaApi(baseURL!, creatorToken, { url: `https://www.tiktok.com/@ploy.phone/video/${newVideoId(postedAt)}`, customTitle: 'Morning routine', brandBriefId: brief.id });

  await startSession(page, baseURL!, brand);
  await page.goto('/dashboard/brand');
  await expect(page.getByRole('heading', { name: 'To review (1)' })).toBeVisible();

  // The video to review: its picture under a play button; no caption or player squeezed into 104 px.
  const item = page.getByRole('article', { name: 'Morning routine' });
  const play = item.getByRole('button', { name: 'Play Morning routine' });
  await expect(play.locator('img')).toBeVisible();
  await expect(item.locator('iframe')).toHaveCount(0);
  await idle(page);
  expect(await covered({ 'play button': play })).toEqual([]);
  // Pressed, the player opens in a dialog as wide as the phone allows, wholly on screen.
  await play.click();
  const player = page.getByRole('dialog', { name: 'Morning routine' }).getByTitle('TikTok player: Morning routine');
  await expect(player).toBeVisible();
  const box = (await player.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(250);
  expect(box.y + box.height).toBeLessThanOrEqual(phone.height);
  await page.getByRole('dialog', { name: 'Morning routine' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The campaign's chip on the video's card: cut with "…", within the card, its whole name in its title.
  const card = page.getByRole('article').filter({ has: page.getByTitle(campaign) });
  const chip = card.getByTitle(campaign);
  await expect(chip).toBeVisible();
  const shown = await chip.evaluate((badge) => {
    const text = badge.firstElementChild as HTMLElement;
    const card = badge.closest('article')!.getBoundingClientRect();
    const box = badge.getBoundingClientRect();
    return {
      cut: text.scrollWidth > text.clientWidth,
      ellipsis: getComputedStyle(text).textOverflow,
      inside: box.left >= card.left && box.right <= card.right,
    };
  });
  expect(shown).toEqual({ cut: true, ellipsis: 'ellipsis', inside: true });
});
