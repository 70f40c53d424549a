// Proven ownership (issue 29, docs/money.md rule 4): a creator proves their TikTok account with a
// one-time code in its bio, from the reason on their video to Settings → Integrations; and the admin
// sees a TikTok video claimed by two accounts, with the numbers behind the signal.
import { expect, test } from '@playwright/test';
import { accessToken, addVideoViaApi, createAccount, joinOpportunity, newVideoId, setSandboxBio, signedInAs, startSession, userIdOf } from './helpers';

const skincareBrief = 'b1000000-0000-4000-8000-000000000001';
const handle = (prefix: string) => `${prefix}.${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;

test('a creator whose account is not verified sees why the views do not count, and verifies it with the code in the bio', async ({ page, baseURL }) => {
  const username = handle('bio');
  const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Nam', tiktok_username: username, prove: false });
  const token = await startSession(page, baseURL!, account);
  await joinOpportunity(baseURL!, token, userIdOf(token), skincareBrief);
  await addVideoViaApi(baseURL!, token, { url: `https://www.tiktok.com/@${username}/video/${newVideoId(new Date())}`, customTitle: 'Serum on a rainy day', brandBriefId: skincareBrief });

  await page.goto('/dashboard/videos');
  const video = page.getByRole('article').filter({ hasText: 'Serum on a rainy day' });
  await expect(video).toContainText('Not counted: TikTok account not verified');
  await video.getByRole('link', { name: 'Verify your TikTok account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=integrations$/);
  await expect(page.getByText(`@${username} is not verified yet: its views do not count.`)).toBeVisible();

  await page.getByRole('button', { name: 'Verify with a bio code' }).click();
  const code = page.locator('output');
  await expect(code).toHaveText(/^VP-[A-Z2-9]{6}$/);
  // Not in the bio yet: the person is told, and nothing changes.
  await page.getByRole('button', { name: 'Check my bio' }).click();
  await expect(page.getByText("Your code is not in this account's TikTok bio yet", { exact: false })).toBeVisible();

  await setSandboxBio(baseURL!, username, `Rainy-day skincare ${await code.innerText()}`);
  await page.getByRole('button', { name: 'Check my bio' }).click();
  await expect(page.getByText('Your TikTok account is verified')).toBeVisible();
  await expect(page.getByText(`@${username} is verified as yours`)).toBeVisible();

  // The video is now sent to GlowLab: it waits for its review instead.
  await page.goto('/dashboard/videos');
  await expect(video).toContainText('Pending review');
  await expect(video).not.toContainText('TikTok account not verified');
});

test.describe('the admin', () => {
  test.use(signedInAs('admin'));

  test('sees a TikTok video claimed by two accounts, with each account’s views', async ({ page, baseURL }) => {
    const owner = handle('owner');
    const [real, squatter] = await Promise.all([
      createAccount(baseURL!, { user_type: 'creator', first_name: 'Real', last_name: 'Owner', tiktok_username: owner }),
      createAccount(baseURL!, { user_type: 'creator', first_name: 'Copy', last_name: 'Cat', tiktok_username: handle('copy'), prove: false }),
    ]);
    const url = `https://www.tiktok.com/@${owner}/video/${newVideoId(new Date())}`;
    // The unproven account links it first; the proven owner of the TikTok account may still take it.
    for (const who of [squatter, real]) {
      const token = await accessToken(baseURL!, who);
      await joinOpportunity(baseURL!, token, userIdOf(token), skincareBrief);
      await addVideoViaApi(baseURL!, token, { url, customTitle: `Claimed clip ${owner}`, brandBriefId: skincareBrief });
    }

    await page.goto('/dashboard/admin?tab=content');
    await page.getByRole('searchbox', { name: 'Search videos' }).fill(`Claimed clip ${owner}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const rows = page.getByRole('table').getByRole('row').filter({ hasText: `Claimed clip ${owner}` });
    await expect(rows).toHaveCount(2);
    // Each copy names the other account: the owner's row names the copy's, with its numbers.
    const ofOwner = rows.filter({ hasText: /2 accounts submitted this TikTok video: Copy Cat \(@copy\.\d+, [\d,.K]+ views, 0 counted\)/ });
    await expect(ofOwner).toHaveCount(1);
    await expect(ofOwner).toContainText('Claimed twice');
    await expect(ofOwner).toContainText('Real Owner');
    await expect(rows.filter({ hasText: /Real Owner \(@owner\.\d+/ })).toContainText('Claimed twice');
  });
});
