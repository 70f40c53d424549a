import { expect, test, type Page } from '@playwright/test';
import common from '../../src/i18n/locales/th/common.json' with { type: 'json' };
import dashboard from '../../src/i18n/locales/th/dashboard.json' with { type: 'json' };
import notificationTexts from '../../supabase/functions/_shared/notifications/texts.th.json' with { type: 'json' };
import { accessToken, addVideoViaApi, createAccount, joinOpportunity, lastMailTo, newVideoId, publishOpportunity, startSession, userIdOf } from './helpers';

/** What a person does on coming back to the tab: the unread count is asked again. */
const returnToTab = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

test('a brand rejects a video; the creator sees the count rise, reads the reason in English and Thai, marks it read, and gets the e-mail', async ({ browser, baseURL }) => {
  const brand = await createAccount(baseURL!, { user_type: 'brand', first_name: 'Bell Labs Beauty' });
  const creator = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Mint', last_name: 'Notify', tiktok_username: 'mint.notify' });
  const brief = await publishOpportunity(baseURL!, await accessToken(baseURL!, brand), 'Sunscreen summer');
  const creatorToken = await accessToken(baseURL!, creator);
  await joinOpportunity(baseURL!, creatorToken, userIdOf(creatorToken), brief.id);
  const postedAt = new Date(Math.ceil(brief.createdAt.getTime() / 1000) * 1000);
  const title = 'Sunscreen at the beach';
  await addVideoViaApi(baseURL!, creatorToken, { url: `https://www.tiktok.com/@mint.notify/video/${newVideoId(postedAt)}`, customTitle: title, brandBriefId: brief.id });

  const creatorPage = await (await browser.newContext()).newPage();
  await startSession(creatorPage, baseURL!, creator);
  await creatorPage.goto('/dashboard/creator');
  const bell = creatorPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // The brand turns the video down, with a reason and a note.
  const brandPage = await (await browser.newContext()).newPage();
  await startSession(brandPage, baseURL!, brand);
  await brandPage.goto('/dashboard/brand');
  await brandPage.getByRole('article', { name: title }).getByRole('button', { name: 'Reject' }).click();
  const dialog = brandPage.getByRole('dialog', { name: `Reject “${title}”` });
  await dialog.getByLabel('Reason').selectOption({ label: 'Missing ad disclosure' });
  await dialog.getByLabel('Note').fill('Please add #ad to the caption.');
  await dialog.getByRole('button', { name: 'Reject video' }).click();
  await expect(brandPage.getByText('Video rejected')).toBeVisible();

  // Back on their tab, the creator's count rises.
  await returnToTab(creatorPage);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const menu = creatorPage.getByRole('menu');
  await expect(menu).toContainText('Video rejected');
  await expect(menu).toContainText(`“${title}” was rejected for Sunscreen summer. Reason: Missing ad disclosure.`);
  await expect(menu).toContainText('Please add #ad to the caption.');
  await menu.getByRole('menuitem', { name: 'See all' }).click();
  await expect(creatorPage).toHaveURL(/\/dashboard\/notifications$/);
  const item = creatorPage.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Unread');

  // In Thai, the same notification reads in Thai.
  await creatorPage.getByRole('button', { name: 'ไทย' }).first().click();
  await expect(creatorPage.locator('html')).toHaveAttribute('lang', 'th');
  await expect(item).toContainText(notificationTexts.types.video_rejected.title);
  await expect(item).toContainText(common.video.reviewReasons.missing_disclosure);
  await expect(item).toContainText('Please add #ad to the caption.');

  // Marked read, the count falls to nothing, and the link leads to the video.
  await item.getByRole('button', { name: dashboard.notificationList.markReadLabel.replace('{{title}}', notificationTexts.types.video_rejected.title) }).click();
  await expect(item).not.toContainText(dashboard.notificationList.unread);
  await expect(creatorPage.getByRole('button', { name: dashboard.notificationsButton, exact: true })).toBeVisible();
  await item.getByRole('link').click();
  await expect(creatorPage).toHaveURL(/\/dashboard\/videos\?tab=campaign$/);

  // The e-mail waits in the local mailbox (sent within seconds: NOTIFICATION_EMAIL_INTERVAL_SEC), in the
  // language the creator used when it went: English, or Thai once they switched.
  await expect.poll(async () => (await lastMailTo(baseURL!, creator.email))?.text ?? '', { timeout: 20_000 }).toContain('Please add #ad to the caption.');
  const mail = await lastMailTo(baseURL!, creator.email);
  expect(mail?.text).toMatch(new RegExp(`Reason: Missing ad disclosure|เหตุผล: ${common.video.reviewReasons.missing_disclosure}`));
  expect(mail?.text).toContain(title);
  expect(mail?.text).toContain(`${baseURL}/dashboard/settings?tab=notifications`);
});
