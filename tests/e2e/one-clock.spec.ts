import { expect, test, type Browser, type Page } from '@playwright/test';
import { accessToken, addVideoViaApi, createAccount, joinOpportunity, lastMailTo, newVideoId, publishOpportunity, startSession, userIdOf } from './helpers';

/**
 * One clock (issue 33, item 8): a person abroad reads every time in Thailand's time, labelled,
 * on a page as in the notification and the e-mail. The browsers here are in New York.
 */
test.use({ timezoneId: 'America/New_York' });

/**
 * An instant's wall time in a zone as the app writes it in English (Nov 25, 2026, 5:05 PM),
 * made here with Intl, apart from the app's own code (supabase/functions/_shared/clock.ts).
 */
function wallTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

/** The same in Thai: 25 พ.ย. 2569 17:05 น. (the Buddhist year, a 24-hour clock). */
function thaiWallTime(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('th-TH', { timeZone: 'Asia/Bangkok', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${Number(parts.day)} ${parts.month} ${parts.year} ${parts.hour}:${parts.minute} น.`;
}

/** When the brand's notification of the video (review_waiting) says it is approved automatically, read through the REST API as the brand. */
async function autoApproveAt(baseURL: string, token: string, title: string): Promise<Date> {
  const config = (await (await fetch(`${baseURL}/config.json`)).json()) as { supabasePublishableKey: string };
  let found: string | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`${baseURL}/rest/v1/notifications?select=params&type=eq.review_waiting`, {
        headers: { apikey: config.supabasePublishableKey, Authorization: `Bearer ${token}` },
      });
      const rows = (await response.json()) as { params: { title?: string; auto_approve_at?: string } }[];
      found = rows.find((row) => row.params.title === title)?.params.auto_approve_at;
      return found ?? '';
    })
    .not.toBe('');
  return new Date(found!);
}

async function pageIn(browser: Browser, baseURL: string, account: { email: string; password: string }, timezoneId?: string): Promise<Page> {
  const page = await (await browser.newContext(timezoneId ? { timezoneId } : {})).newPage();
  await startSession(page, baseURL, account);
  return page;
}

test('a brand and a creator in New York read the review deadline in Bangkok time, labelled, on the page, in the notification and in the e-mail', async ({ browser, baseURL }) => {
  // Three people's pages, and an e-mail sent within seconds.
  test.setTimeout(90_000);
  const brand = await createAccount(baseURL!, { user_type: 'brand', first_name: 'Clock Tower Tea' });
  const creator = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Ploy', last_name: 'Clock', tiktok_username: 'ploy.clock' });
  const brandToken = await accessToken(baseURL!, brand);
  const brief = await publishOpportunity(baseURL!, brandToken, 'Iced tea at noon');
  const creatorToken = await accessToken(baseURL!, creator);
  await joinOpportunity(baseURL!, creatorToken, userIdOf(creatorToken), brief.id);
  const postedAt = new Date(Math.ceil(brief.createdAt.getTime() / 1000) * 1000);
  const title = 'Iced tea, Bangkok afternoon';
  await addVideoViaApi(baseURL!, creatorToken, { url: `https://www.tiktok.com/@ploy.clock/video/${newVideoId(postedAt)}`, customTitle: title, brandBriefId: brief.id });

  const due = await autoApproveAt(baseURL!, brandToken, title);
  const bangkok = wallTime(due, 'Asia/Bangkok');
  const newYork = wallTime(due, 'America/New_York');
  // Eleven or twelve hours apart: the two clocks never read alike.
  expect(newYork).not.toBe(bangkok);
  const labelled = `${bangkok} (Bangkok time)`;

  // The brand, in New York: the bell's notification and the To review card.
  const brandPage = await pageIn(browser, baseURL!, brand);
  expect(await brandPage.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
  await brandPage.goto('/dashboard/brand');
  const card = brandPage.getByRole('article', { name: title });
  await expect(card).toContainText(`Posted ${wallTime(postedAt, 'Asia/Bangkok')} (Bangkok time)`);
  await brandPage.getByRole('button', { name: /^Notifications/ }).click();
  const notification = brandPage.getByRole('menu').getByRole('menuitem').filter({ hasText: title });
  await expect(notification).toContainText(`Review it by ${labelled}, or it is approved automatically.`);
  await expect(notification).not.toContainText(newYork);

  // The e-mail says the same, labelled too: its reader's clock is unknown.
  await expect.poll(async () => (await lastMailTo(baseURL!, brand.email))?.text ?? '', { timeout: 20_000 }).toContain(title);
  const mail = (await lastMailTo(baseURL!, brand.email))!.text;
  expect(mail).toContain(`Review it by ${labelled}, or it is approved automatically.`);
  expect(mail).not.toContain(newYork);

  // The creator, in New York: the video's details give the same moment.
  const creatorPage = await pageIn(browser, baseURL!, creator);
  await creatorPage.goto('/dashboard/videos');
  await creatorPage.getByRole('article').filter({ hasText: title }).getByRole('button', { name: `Details: ${title}` }).click();
  const review = creatorPage.getByRole('dialog').getByRole('region', { name: 'Brand review' });
  await expect(review).toContainText(`Approved automatically on ${labelled} unless the brand answers first.`);
  await expect(review).not.toContainText(newYork);

  // In Thai, the same moment on the Thai clock, labelled in Thai.
  await creatorPage.getByRole('button', { name: 'Close' }).click();
  await creatorPage.getByRole('button', { name: 'ไทย' }).first().click();
  await expect(creatorPage.locator('html')).toHaveAttribute('lang', 'th');
  await creatorPage.getByRole('article').filter({ hasText: title }).getByRole('button', { name: `รายละเอียด: ${title}` }).click();
  await expect(creatorPage.getByRole('dialog')).toContainText(`ระบบจะอนุมัติให้อัตโนมัติเมื่อ ${thaiWallTime(due)} (เวลาไทย)`);

  // A brand whose browser is in Bangkok reads the same time, without the label it does not need.
  const homePage = await pageIn(browser, baseURL!, brand, 'Asia/Bangkok');
  await homePage.goto('/dashboard/brand');
  await homePage.getByRole('button', { name: /^Notifications/ }).click();
  const home = homePage.getByRole('menu').getByRole('menuitem').filter({ hasText: title });
  await expect(home).toContainText(`Review it by ${bangkok}, or it is approved automatically.`);
  await expect(home).not.toContainText('Bangkok time');
});
