import { expect, test, type Page } from '@playwright/test';
import { createAccount, englishLeftOver, signedInAs, startSession } from './helpers';

async function switchToThai(page: Page) {
  await page.getByRole('button', { name: 'ไทย' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
}

test('switching to Thai changes every visible text on the home page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await switchToThai(page);
  expect(await englishLeftOver(page)).toEqual([]);
});

test('switching to Thai changes every visible text on the register form, for each account type', async ({ page }) => {
  for (const type of ['creator', 'brand', 'admin']) {
    await page.goto(`/register?type=${type}`);
    await expect(page.getByRole('tablist')).toBeVisible();
    if ((await page.locator('html').getAttribute('lang')) !== 'th') await switchToThai(page);
    expect(await englishLeftOver(page), type).toEqual([]);
  }
});

test('a creator with no data sees My Videos entirely in Thai', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'ใหม่' });
  await startSession(page, baseURL!, account);
  await page.goto('/dashboard/videos');
  await expect(page.getByRole('heading', { level: 1, name: 'My Videos' })).toBeVisible();
  await switchToThai(page);
  await expect(page.getByRole('heading', { level: 1, name: 'วิดีโอของฉัน' })).toBeVisible();
  expect(await englishLeftOver(page)).toEqual([]);
  await page.getByRole('tab', { name: 'วิดีโอในแคมเปญแบรนด์' }).click();
  expect(await englishLeftOver(page)).toEqual([]);
});

test('money on the home page is in baht', async ({ page }) => {
  await page.goto('/');
  // The prices come from the server once the visitor nears them (scripts/prerender.ts).
  await page.getByRole('heading', { name: 'Simple pricing per 1,000 views' }).scrollIntoViewIfNeeded();
  await expect(page.getByText('฿10.00', { exact: true })).toBeVisible();
});

test.describe('signed in as the demo creator', () => {
  test.use(signedInAs('creator'));

  test('switching to Thai changes every visible text of the dashboard frame', async ({ page }) => {
    await page.goto('/dashboard/creator');
    await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible();
    await switchToThai(page);
    await expect(page.getByRole('heading', { level: 1, name: 'แดชบอร์ดครีเอเตอร์' })).toBeVisible();
    // The frame is the sidebar and the header; the creator's own name is data, not interface text.
    const leftovers = (await englishLeftOver(page, 'aside, header')).filter((line) => !/Nalinee|Chaiyaporn/.test(line));
    expect(leftovers).toEqual([]);
    for (const label of ['ยอดวิวทั้งหมด', 'วิดีโอทั้งหมด', 'แบรนด์ทั้งหมด', 'รายได้โดยประมาณ']) await expect(page.getByText(label, { exact: true })).toBeVisible();
    await page.goto('/dashboard/settings');
    await expect(page.getByRole('tab', { name: 'โปรไฟล์' })).toBeVisible();
    expect((await englishLeftOver(page)).filter((line) => !/Nalinee|Chaiyaporn|nalinee/.test(line))).toEqual([]);
  });
});

test.describe('signed in as the demo brand', () => {
  test.use(signedInAs('brand'));

  test('dates follow the language', async ({ page }) => {
    await page.goto('/dashboard/settings');
    await page.getByRole('tab', { name: 'Account' }).click();
    await expect(page.getByText(/Member since [A-Z][a-z]{2} \d{1,2}, \d{4}/)).toBeVisible();
    await switchToThai(page);
    await page.getByRole('tab', { name: 'บัญชี' }).click();
    await expect(page.getByText(/เป็นสมาชิกตั้งแต่ \d{1,2} \S+ \d{4}/)).toBeVisible();
  });
});
