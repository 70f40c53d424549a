import { expect, test, type Page } from '@playwright/test';
import { createAccount, joinOpportunity, newVideoId, seriousViolations, startSession, userIdOf } from './helpers';

/**
 * Issue 33 (1, 4): one way to add a video, and errors where they belong. A creator on a 390 px
 * phone, in Thai, taps "add a video to this campaign" and gets one form, the campaign chosen and
 * nothing else above it; no two fields of a page share a name; a refusal is shown under the field
 * it concerns, in Thai.
 */

const skincareBrief = 'b1000000-0000-4000-8000-000000000001';
const phone = { width: 390, height: 844 };
const url = (id: string) => `https://www.tiktok.com/@one.form/video/${id}`;

/** The names of the page's fields (text boxes, selects, comboboxes), as its accessibility tree has them, in order. */
async function fieldNames(page: Page): Promise<string[]> {
  const tree = await page.locator('main').ariaSnapshot();
  return [...tree.matchAll(/- (?:textbox|combobox|searchbox)(?: "([^"]*)")?/g)].map((match) => match[1] ?? '');
}

async function expectNamesUnique(page: Page) {
  const names = await fieldNames(page);
  expect(names.length).toBeGreaterThan(0);
  expect(new Set(names).size, `fields of the same name: ${names.join(' | ')}`).toBe(names.length);
}

test.describe('on a phone, in Thai', () => {
  test.use({ viewport: phone, hasTouch: true });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('viewpact.language', 'th'));
  });

  test('"เพิ่มวิดีโอเข้าแคมเปญนี้" opens one form, on that campaign, at the top, and the video is linked', async ({ page, baseURL }) => {
    const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'หนึ่ง' });
    const token = await startSession(page, baseURL!, account);
    await joinOpportunity(baseURL!, token, userIdOf(token), skincareBrief);
    await page.goto('/dashboard/opportunities');
    await page.getByRole('link', { name: /^เพิ่มวิดีโอเข้าแคมเปญนี้/ }).first().tap();
    await expect(page).toHaveURL(new RegExp(`/dashboard/videos\\?tab=campaign&brief=${skincareBrief}$`));

    const link = page.getByLabel('ลิงก์วิดีโอ TikTok', { exact: true });
    const campaign = page.getByLabel('แคมเปญแบรนด์', { exact: true });
    await expect(campaign).toHaveValue(skincareBrief);
    await expect(link).toBeFocused();
    // One add form: its link is the page's first field, on the first screen, and there is no other link field.
    expect((await fieldNames(page))[0]).toBe('ลิงก์วิดีโอ TikTok');
    await expect(link).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'เพิ่มวิดีโอ', exact: true })).toHaveCount(0);
    const form = (await page.getByRole('button', { name: 'เพิ่มเข้าแคมเปญ' }).boundingBox())!;
    expect(form.y + form.height, 'the whole form, its button included, is on the first screen').toBeLessThanOrEqual(phone.height);
    await expectNamesUnique(page);

    const video = newVideoId(new Date());
    await link.fill(url(video));
    await expect(page.getByLabel('ชื่อวิดีโอ', { exact: true })).toHaveValue(/^Sandbox video/);
    await page.getByRole('button', { name: 'เพิ่มเข้าแคมเปญ' }).tap();
    await expect(page.getByText('เชื่อมวิดีโอกับแคมเปญแบรนด์เรียบร้อยแล้ว')).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: video.slice(-6) }).or(page.getByRole('article').filter({ hasText: 'Sandbox video' })).first()).toBeVisible();
    // The campaign stays chosen for the next video.
    await expect(campaign).toHaveValue(skincareBrief);
  });

  test('a refusal about the video is under its link, in Thai, and the other fields stay clear', async ({ page, baseURL }) => {
    const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'สอง' });
    const token = await startSession(page, baseURL!, account);
    await joinOpportunity(baseURL!, token, userIdOf(token), skincareBrief);
    await page.goto(`/dashboard/videos?tab=campaign&brief=${skincareBrief}`);
    const link = page.getByLabel('ลิงก์วิดีโอ TikTok', { exact: true });
    await expect(page.getByLabel('แคมเปญแบรนด์', { exact: true })).toHaveValue(skincareBrief);
    // Posted in 2020, long before the campaign opened: the database refuses it for this campaign.
    await link.fill(url(newVideoId(new Date('2020-03-01T00:00:00Z'))));
    await expect(page.getByLabel('ชื่อวิดีโอ', { exact: true })).not.toHaveValue('');
    await page.getByRole('button', { name: 'เพิ่มเข้าแคมเปญ' }).tap();
    await expect(link).toHaveAttribute('aria-invalid', 'true');
    await expect(link).toHaveAccessibleDescription(/วิดีโอนี้โพสต์ก่อนแคมเปญเปิด/);
    await expect(page.getByLabel('ชื่อวิดีโอ', { exact: true })).not.toHaveAttribute('aria-invalid');
    await expect(page.getByLabel('แคมเปญแบรนด์', { exact: true })).not.toHaveAttribute('aria-invalid');
  });

  test('My Videos never shows two fields of the same name, on either tab', async ({ page, baseURL }) => {
    const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'สาม' });
    const token = await startSession(page, baseURL!, account);
    await joinOpportunity(baseURL!, token, userIdOf(token), skincareBrief);
    await page.goto('/dashboard/videos');
    await expect(page.getByLabel('ลิงก์วิดีโอ TikTok', { exact: true })).toBeVisible();
    await expectNamesUnique(page);
    await page.getByRole('tab', { name: 'วิดีโอในแคมเปญแบรนด์' }).tap();
    await expect(page.getByLabel('แคมเปญแบรนด์', { exact: true })).toBeVisible();
    await expect(page.getByLabel('ลิงก์วิดีโอ TikTok', { exact: true })).toHaveCount(1);
    await expectNamesUnique(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('the dashboard form says a brand or an opportunity is required, and a name stops at 300 characters', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Four' });
  await startSession(page, baseURL!, account);
  await page.goto('/dashboard/creator');
  await expect(page.getByRole('group', { name: 'Brand or opportunity (at least one is required)' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Brand', exact: true })).toBeVisible();
  await expect(page.getByLabel('Brand Opportunity', { exact: true })).toBeVisible();
  await expect(page.getByText('(optional)')).toHaveCount(0);

  await page.getByLabel('TikTok video URL').fill(url(newVideoId()));
  const name = page.getByLabel('Video Name');
  // The caption fills the name first; a name typed over it is kept.
  await expect(name).toHaveValue(/^Sandbox video/);
  await name.fill('');
  await name.focus();
  await page.keyboard.insertText('ก'.repeat(520));
  await expect(name).toHaveValue('ก'.repeat(300));
  // The group and its fields pass axe (the page's other states are accessibility.spec's).
  expect(await seriousViolations(page)).toEqual([]);
});

test('a TikTok username the database refuses is explained under that field, in Thai', async ({ page, baseURL }) => {
  await page.addInitScript(() => localStorage.setItem('viewpact.language', 'th'));
  const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'ห้า' });
  await startSession(page, baseURL!, account);
  await page.goto('/dashboard/settings');
  const username = page.getByLabel('ชื่อผู้ใช้ TikTok', { exact: true });
  await expect(username).toHaveAttribute('maxLength', '25');
  await username.fill('has spaces!');
  await page.getByRole('button', { name: 'บันทึกการเปลี่ยนแปลง' }).click();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription(/ใช้ได้เฉพาะตัวอักษรอังกฤษ ตัวเลข จุด และขีดล่าง/);
  await expect(username).toBeFocused();
});
