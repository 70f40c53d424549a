import { expect, test, type Page } from '@playwright/test';
import { format } from 'date-fns';
import { th } from 'date-fns/locale';
import { createAccount, englishLeftOver, signedInAs, startSession } from './helpers';

async function switchToThai(page: Page) {
  // Once in a CI run (2026-11-29) the first click on /register did not switch, the page looking
  // ready: a tap lost while the app takes over, left open under issue 33 (a first tap that
  // answers). This test checks the Thai texts, so it clicks again until the switch answers.
  await expect(async () => {
    await page.getByRole('button', { name: 'ไทย' }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th', { timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
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

test('on a 390 px phone, Thai headings have room for tone marks and upper vowels; English keeps its tight heading', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const hero = page.getByRole('heading', { level: 1 });
  const metrics = () =>
    hero.evaluate((element) => {
      const style = getComputedStyle(element);
      return { ratio: parseFloat(style.lineHeight) / parseFloat(style.fontSize), tracking: parseFloat(style.letterSpacing) || 0 };
    });
  const english = await metrics();
  // Tailwind's text-4xl (2.5rem over 2.25rem) and tracking-tight, as designed.
  expect(english.ratio).toBeCloseTo(2.5 / 2.25, 2);
  expect(english.tracking).toBeLessThan(0);

  await switchToThai(page);
  await expect(hero).toHaveText(/[\u0E00-\u0E7F]/);
  const thai = await metrics();
  expect(thai.ratio).toBeGreaterThanOrEqual(1.3);
  expect(thai.tracking).toBeGreaterThanOrEqual(0);
  // The copyright counts the Buddhist year in Thai.
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear() + 543} ViewPact`);
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

  test('the deadline is picked from a Thai calendar in Thai, whatever the browser’s language: Thai months and weekdays, the Buddhist year', async ({ page }) => {
    await page.goto('/dashboard/opportunities');
    await switchToThai(page);
    const deadline = page.getByRole('button', { name: /^กำหนดส่ง/ });
    await expect(deadline).toHaveAccessibleName(/เลือกวันที่$/);
    await deadline.click();
    // Today in Thailand, which the calendar opens on (the machine's clock may still be on yesterday).
    const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date()).split('-').map(Number);
    const now = new Date(year, month - 1, day);
    await expect(page.getByRole('grid', { name: `${format(now, 'LLLL', { locale: th })} ${now.getFullYear() + 543}` })).toBeVisible();
    await expect(page.getByRole('dialog').getByText('พฤ.', { exact: true })).toBeVisible();
    // Today has the focus: Enter picks it, and the field says it the Thai way.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('grid')).toBeHidden();
    await expect(deadline).toHaveAccessibleName(new RegExp(`${format(now, 'd MMM', { locale: th })} ${now.getFullYear() + 543}$`));
    await expect(deadline).toBeFocused();
  });
});

test.describe('the demo creator, in Thai', () => {
  test.use(signedInAs('creator'));

  test('sees the demo campaigns in Thai, and a brief’s checklist that names TikTok’s switch as TikTok’s Thai app does', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('viewpact.language', 'th'));
    await page.goto('/dashboard/opportunities');
    await expect(page.getByRole('heading', { level: 3, name: 'รีวิวสกินแคร์ตัวใหม่' })).toBeVisible();
    // Other tests publish campaigns of their own, in English, as brands write them: look at the demo's card.
    const demoCard = 'article:has(h3:text-is("รีวิวสกินแคร์ตัวใหม่"))';
    await expect(page.locator(demoCard)).toContainText('ความงาม');
    expect(await englishLeftOver(page, demoCard)).toEqual([]);
    await page.getByRole('button', { name: 'อ่านบรีฟ: รีวิวสกินแคร์ตัวใหม่' }).click();
    const dialog = page.getByRole('dialog');
    const checklist = dialog.locator('section', { has: page.getByRole('heading', { name: 'ก่อนโพสต์' }) });
    await expect(checklist).toContainText('@nalinee.eats');
    await expect(checklist).toContainText('สวิตช์ “เนื้อหาที่กล่าวถึงแบรนด์”');
    await expect(checklist).toContainText(/\d{1,2} [ก-๙.]+ 25\d\d/);
    await expect(checklist).toContainText('72 ชั่วโมง');
    await expect(checklist).not.toContainText('2026');
    expect(await englishLeftOver(page, '[role=dialog]')).toEqual([]);
  });
});
