import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { sandboxCounts } from '../../server/tiktok-sandbox/data';
import { formatBaht, formatBahtShort, formatCount } from '../../src/lib/format-number';
import { accessToken, addVideoViaApi, createAccount, joinOpportunity, newVideoId, publishOpportunity, startSession, userIdOf } from './helpers';

/**
 * Issue 29, item 8: money is fresh. A brand and a creator each have the dashboard open in a browser
 * of their own. The brand approves a video: the creator's open dashboard shows the new counted views
 * and earnings within 5 seconds, without a reload, and never after the bell announced it. The brand
 * rejects the other video: its budget card stops holding that video's views for review.
 */

/** A video posted at `postedAt` that the TikTok sandbox already shows in the thousands: its approval earns whole baht. */
function wellWatchedVideoId(postedAt: Date): string {
  for (;;) {
    const id = newVideoId(postedAt);
    if (sandboxCounts(id).views >= 3_000) return id;
  }
}

/** A REST call as a user, as the SPA makes it (to arrange a test, and to read the figures the pages should show). */
async function restAs(baseURL: string, token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const { supabasePublishableKey } = (await (await fetch(`${baseURL}/config.json`)).json()) as { supabasePublishableKey: string };
  const response = await fetch(`${baseURL}/rest/v1/${path}`, {
    method: init.method ?? 'POST',
    headers: { apikey: supabasePublishableKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return response.status === 204 ? null : response.json();
}

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

test('the creator’s open dashboard shows an approval’s counted views and earnings within 5 s; the brand’s budget card frees a rejected video’s views', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const brand = await createAccount(baseURL!, { user_type: 'brand', first_name: 'Fresh Greens' });
  const creator = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Pim', last_name: 'Fresh', tiktok_username: 'pim.fresh' });
  const brandToken = await accessToken(baseURL!, brand);
  const creatorToken = await accessToken(baseURL!, creator);
  const briefTitle = 'Salad bowl week';
  const brief = await publishOpportunity(baseURL!, brandToken, briefTitle);
  // A budget far above what two videos spend: the card shows what is spent and held.
  await restAs(baseURL!, brandToken, `brand_briefs?id=eq.${brief.id}`, { method: 'PATCH', body: { budget_satang: 100_000_000 } });
  await joinOpportunity(baseURL!, creatorToken, userIdOf(creatorToken), brief.id);
  const postedAt = new Date(Math.ceil(brief.createdAt.getTime() / 1000) * 1000);
  const videos = { approved: 'Salad in ten minutes', rejected: 'Dressing from scratch' };
  for (const title of Object.values(videos)) {
    await addVideoViaApi(baseURL!, creatorToken, { url: `https://www.tiktok.com/@pim.fresh/video/${wellWatchedVideoId(postedAt)}`, customTitle: title, brandBriefId: brief.id });
  }

  const pageFor = async (account: { email: string; password: string }): Promise<Page> => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await startSession(page, baseURL!, account);
    return page;
  };

  // The creator's dashboard, open: both videos wait for review, nothing counts yet.
  const creatorPage = await pageFor(creator);
  await creatorPage.goto('/dashboard/creator');
  const counted = creatorPage.getByRole('group', { name: 'Total Views' }).getByText('Counted', { exact: true }).locator('xpath=following-sibling::dd[1]');
  const earnings = creatorPage.getByRole('group', { name: 'Est. Earnings' }).locator('p').nth(1);
  await expect(counted).toHaveText('0');
  await expect(earnings).toHaveText(formatBahtShort(0, 'en'));
  await expect(creatorPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // The brand's dashboard, open: the two videos to review, and the budget card holding their views.
  const brandPage = await pageFor(brand);
  await brandPage.goto('/dashboard/brand');
  await expect(brandPage.getByRole('heading', { name: 'To review (2)' })).toBeVisible();
  const pending = brandPage.getByRole('article', { name: briefTitle }).getByText('Pending review', { exact: true }).locator('xpath=following-sibling::dd[1]');
  await expect(pending).not.toHaveText(formatBaht(0, 'en'));

  await brandPage.getByRole('article', { name: videos.approved }).getByRole('button', { name: 'Approve' }).click();
  await expect(brandPage.getByText('Video approved')).toBeVisible();
  const figures = (await restAs(baseURL!, creatorToken, 'rpc/creator_metrics', { body: { creator: userIdOf(creatorToken) } })) as { countedViews: number; estEarnings: number };
  expect(figures.countedViews).toBeGreaterThanOrEqual(3_000);
  expect(figures.estEarnings).toBeGreaterThanOrEqual(15);

  // Within 5 seconds, without a reload: the bell announces the approval, and by then the figures show it.
  await expect(creatorPage.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: 5_000 });
  expect(await counted.textContent()).toBe(formatCount(figures.countedViews));
  await expect(counted).toHaveText(formatCount(figures.countedViews), { timeout: 5_000 });
  await expect(earnings).toHaveText(formatBahtShort(figures.estEarnings, 'en'), { timeout: 5_000 });
  // To the satang, as the Earnings page shows the same money: the month so far (nothing closed yet).
  await creatorPage.goto('/dashboard/earnings');
  await expect(creatorPage.getByRole('group', { name: 'Earned so far' })).toContainText(formatBaht(figures.estEarnings, 'en'));
  await creatorPage.goto('/dashboard/creator');
  await expect(earnings).toHaveText(formatBahtShort(figures.estEarnings, 'en'));

  // The brand's card: the approved video's views are spent, the other's still held for review.
  const held = async () => {
    const history = (await restAs(baseURL!, brandToken, 'rpc/brief_budget_history', { body: { p_brief: brief.id } })) as { committedSatang: number; spentSatang: number };
    return history.committedSatang - history.spentSatang;
  };
  const stillHeld = await held();
  expect(stillHeld).toBeGreaterThan(0);
  await expect(pending).toHaveText(formatBaht(stillHeld / 100, 'en'), { timeout: 5_000 });

  // A rejection frees them: the card says so without a reload.
  await brandPage.getByRole('article', { name: videos.rejected }).getByRole('button', { name: 'Reject' }).click();
  const dialog = brandPage.getByRole('dialog', { name: `Reject “${videos.rejected}”` });
  await dialog.getByLabel('Reason').selectOption({ label: 'Missing ad disclosure' });
  await dialog.getByRole('button', { name: 'Reject video' }).click();
  await expect(brandPage.getByText('Video rejected')).toBeVisible();
  expect(await held()).toBe(0);
  await expect(pending).toHaveText(formatBaht(0, 'en'), { timeout: 5_000 });
});
