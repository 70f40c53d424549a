import { expect, test } from '@playwright/test';
import { accessToken, addVideoViaApi, createAccount, joinOpportunity, newVideoId, publishOpportunity, startSession, userIdOf } from './helpers';

test('a brand rejects one video with a reason and approves another; the creator sees both outcomes and the views chart', async ({ browser, baseURL }) => {
  // A brand with a new opportunity, and a creator who joined it and sent two videos from their own account.
  const brand = await createAccount(baseURL!, { user_type: 'brand', first_name: 'Serum Studio' });
  const creator = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Fon', last_name: 'Review', tiktok_username: 'fon.reviews' });
  const brief = await publishOpportunity(baseURL!, await accessToken(baseURL!, brand), 'Night serum launch');
  const creatorToken = await accessToken(baseURL!, creator);
  await joinOpportunity(baseURL!, creatorToken, userIdOf(creatorToken), brief.id);
  // Posted the second the opportunity was published: inside its dates.
  const postedAt = new Date(Math.ceil(brief.createdAt.getTime() / 1000) * 1000);
  const videos = { rejected: 'Serum before bed', approved: 'Serum morning glow' };
  for (const title of Object.values(videos)) {
    const url = `https://www.tiktok.com/@fon.reviews/video/${newVideoId(postedAt)}`;
    await addVideoViaApi(baseURL!, creatorToken, { url, customTitle: title, brandBriefId: brief.id });
  }

  const brandPage = await (await browser.newContext()).newPage();
  await startSession(brandPage, baseURL!, brand);
  await brandPage.goto('/dashboard/brand');
  await expect(brandPage.getByRole('heading', { name: 'To review (2)' })).toBeVisible();

  const toReject = brandPage.getByRole('article', { name: videos.rejected });
  await expect(toReject).toContainText('Eligible');
  await expect(toReject).toContainText(/Approved automatically in 7[12] h/);
  await toReject.getByRole('button', { name: 'Reject' }).click();
  const dialog = brandPage.getByRole('dialog', { name: `Reject “${videos.rejected}”` });
  // A reason is required.
  await dialog.getByRole('button', { name: 'Reject video' }).click();
  await expect(dialog.getByText('Choose why you reject this video')).toBeVisible();
  await dialog.getByLabel('Reason').selectOption({ label: 'Missing ad disclosure' });
  await dialog.getByLabel('Note').fill('Please switch on the paid-partnership label.');
  await dialog.getByRole('button', { name: 'Reject video' }).click();
  await expect(brandPage.getByText('Video rejected')).toBeVisible();
  await expect(brandPage.getByRole('heading', { name: 'To review (1)' })).toBeVisible();

  await brandPage.getByRole('article', { name: videos.approved }).getByRole('button', { name: 'Approve' }).click();
  await expect(brandPage.getByText('Video approved')).toBeVisible();
  await expect(brandPage.getByRole('heading', { name: 'To review (0)' })).toBeVisible();
  await expect(brandPage.getByText('Nothing to review')).toBeVisible();

  const creatorPage = await (await browser.newContext()).newPage();
  await startSession(creatorPage, baseURL!, creator);
  await creatorPage.goto('/dashboard/videos');
  const rejected = creatorPage.getByRole('article').filter({ hasText: videos.rejected });
  const approved = creatorPage.getByRole('article').filter({ hasText: videos.approved });
  await expect(rejected).toContainText('Rejected: Missing ad disclosure');
  await expect(approved).toContainText('Approved');
  await expect(approved).toContainText(/counted of/);

  await rejected.getByRole('button', { name: `Details: ${videos.rejected}` }).click();
  const details = creatorPage.getByRole('dialog');
  await expect(details).toContainText('Please switch on the paid-partnership label.');
  await details.getByRole('button', { name: 'Close' }).click();

  await approved.getByRole('button', { name: `Details: ${videos.approved}` }).click();
  await expect(details.getByRole('heading', { name: 'Views over time' })).toBeVisible();
  // The chart draws the measurement the add took, listed with its source.
  await expect(details.locator('.recharts-surface').first()).toBeVisible();
  await expect(details.getByRole('table')).toContainText('TikTok sandbox');
});
