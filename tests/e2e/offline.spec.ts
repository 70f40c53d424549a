import { expect, test, type Page } from '@playwright/test';
import { createAccount, joinOpportunity, newVideoId, settled, signedInAs, startSession, userIdOf } from './helpers';

/**
 * Issue 33: offline-safe. A lost connection is said, the frame and its navigation stay, a page
 * whose code cannot load says so in its place and loads once it can, and an action started
 * offline is refused at once with a clear message (the choice: src/app/providers.tsx), never sent
 * later behind the person's back.
 */

const skincareBrief = 'b1000000-0000-4000-8000-000000000001';
const earningsCode = /\/assets\/earnings-page-[^/]+\.js$/;
const offlineNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline.' });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const header = (page: Page) => page.getByRole('banner');
const pageFailed = (page: Page) => page.getByRole('alert').filter({ hasText: 'This page could not load' });

test('offline: the notice shows, navigation works, a page not loaded yet comes once back online, and adding a video is refused, not sent later', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Offline' });
  const token = await startSession(page, baseURL!, account);
  await joinOpportunity(baseURL!, token, userIdOf(token), skincareBrief);
  // Every request that adds a video (the form's link preview asks the same function, with preview: true).
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/tiktok-scraper') && !request.postData()?.includes('"preview":true')) sent.push(request.postData() ?? '');
  });
  await page.goto('/dashboard/creator');
  await settled(page);
  await expect(page.getByText('Add your first TikTok video using the form above.')).toBeVisible();

  await context.setOffline(true);
  await expect(offlineNotice(page)).toContainText('nothing is sent until you are back online');

  // Earnings' code has not been fetched: its place says so, header and sidebar stay.
  await nav(page).getByRole('link', { name: 'Earnings' }).click();
  await expect(pageFailed(page)).toContainText('You are offline. The page loads by itself once you are back online.');
  await expect(header(page).getByRole('heading', { level: 1 })).toHaveText('Earnings');
  await expect(page).toHaveURL(/\/dashboard\/earnings$/);

  // The pages already opened still open.
  await nav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/creator$/);
  await expect(header(page).getByRole('heading', { level: 1 })).toHaveText('Creator Dashboard');

  // Adding a video: refused at once, the form free again, nothing sent.
  const videoUrl = `https://www.tiktok.com/@offline.creator/video/${newVideoId(new Date())}`;
  const fillForm = async () => {
    await page.getByLabel('TikTok video URL').fill(videoUrl);
    await expect(page.getByLabel('Video Name')).not.toHaveValue('');
    await page.getByLabel('Brand Opportunity').selectOption({ label: 'GlowLab Skincare: Skincare Product Review' });
  };
  await fillForm();
  const add = page.getByRole('button', { name: 'Add Video' });
  await add.click();
  const refused = page.locator('[data-sonner-toast][data-type="error"]').filter({ hasText: 'You are offline, so this was not sent. Try again once you are back online.' });
  await expect(refused).toBeVisible();
  await expect(add).toBeEnabled();
  await expect(page.locator('[data-sonner-toast][data-type="loading"]')).toHaveCount(0);
  // The toast sits above the notice, not over it (nor over the header's controls).
  const toastBox = (await refused.boundingBox())!;
  const noticeBox = (await offlineNotice(page).locator('div').first().boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(noticeBox.y + 1);
  expect(sent).toEqual([]);

  // Back online: said so; Earnings, opened again, loads by itself; and nothing went out meanwhile.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Back online.' })).toBeVisible();
  await expect(offlineNotice(page)).toHaveCount(0);
  await nav(page).getByRole('link', { name: 'Earnings' }).click();
  await expect(page.getByText(/^You earn from the counted views/)).toBeVisible();
  await expect(pageFailed(page)).toHaveCount(0);
  expect(sent).toEqual([]);
  await nav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText('Add your first TikTok video using the form above.')).toBeVisible();

  // Sent again online, it is added, once.
  await fillForm();
  await add.click();
  await expect(page.getByText('Video added successfully!')).toBeVisible();
  expect(sent).toHaveLength(1);
});

test('offline on a page whose code failed, it loads by itself once the connection is back', async ({ page, context, baseURL }) => {
  const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Return' });
  await startSession(page, baseURL!, account);
  await page.goto('/dashboard/creator');
  await settled(page);
  await context.setOffline(true);
  await nav(page).getByRole('link', { name: 'Earnings' }).click();
  await expect(pageFailed(page)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(/^You earn from the counted views/)).toBeVisible();
  await expect(pageFailed(page)).toHaveCount(0);
});

test.describe('a page whose code cannot be fetched', () => {
  test.use(signedInAs('creator'));

  test('says so in its place with Try again; the frame and its navigation stay; Try again brings it once it can load', async ({ page }) => {
    test.setTimeout(60_000);
    let refused = 0;
    await page.route(earningsCode, (route) => {
      refused += 1;
      return route.abort('internetdisconnected');
    });
    await page.goto('/dashboard/creator');
    await settled(page);
    await nav(page).getByRole('link', { name: 'Earnings' }).click();
    await expect(pageFailed(page)).toContainText('Check your connection and try again. If it keeps failing, reload the page.');
    await expect(header(page).getByRole('heading', { level: 1 })).toHaveText('Earnings');
    await expect(pageFailed(page).getByRole('button', { name: 'Reload' })).toBeVisible();

    // Never the whole-screen error: the rest of the app works.
    await nav(page).getByRole('link', { name: 'Videos' }).click();
    await expect(header(page).getByRole('heading', { level: 1 })).toHaveText('My Videos');
    await nav(page).getByRole('link', { name: 'Earnings' }).click();
    await expect(pageFailed(page)).toBeVisible();
    // Coming back, the page tried by itself (lazy-page.tsx): that try is refused too, and done,
    // before the code can load; else it could bring the page before Try again is pressed.
    await expect.poll(() => refused).toBe(2);
    const tryAgain = pageFailed(page).getByRole('button', { name: 'Try again' });
    await expect(tryAgain).toBeEnabled();

    await page.unroute(earningsCode);
    await tryAgain.click();
    await expect(page.getByText(/^You earn from the counted views/)).toBeVisible();
    await expect(pageFailed(page)).toHaveCount(0);
  });

  test('opened from its address, in Thai: the frame in Thai around the message, and Try again', async ({ page }) => {
    await page.route(earningsCode, (route) => route.abort('internetdisconnected'));
    await page.addInitScript(() => localStorage.setItem('viewpact.language', 'th'));
    await page.goto('/dashboard/earnings');
    const failed = page.getByRole('alert').filter({ hasText: 'โหลดหน้านี้ไม่สำเร็จ' });
    await expect(failed).toContainText('ตรวจสอบการเชื่อมต่อ แล้วลองอีกครั้ง');
    await expect(page.getByRole('navigation', { name: 'แดชบอร์ด' }).getByRole('link', { name: 'รายได้' })).toBeVisible();
    await expect(header(page).getByRole('heading', { level: 1 })).toHaveText('รายได้');

    await page.unroute(earningsCode);
    await failed.getByRole('button', { name: 'ลองอีกครั้ง' }).click();
    await expect(page.getByText(/^รายได้มาจากวิวที่นับ/)).toBeVisible();
    await expect(failed).toHaveCount(0);
  });
});
