import { expect, test } from '@playwright/test';
import { signedInAs } from './helpers';

// Issue 33 (9), no dead ends: on the demo data, GlowLab opens its campaign's joined creators from
// the campaign card, then a creator's card, and sees that creator's videos for the campaign with
// the same counted views and spend as the card.
test.use({ ...signedInAs('brand'), viewport: { width: 1280, height: 900 } });

test('a brand opens a campaign’s joined creators, then a creator’s card: their videos, counted views and spend', async ({ page }) => {
  await page.goto('/dashboard/opportunities');
  const campaign = page.getByRole('article', { name: 'Skincare Product Review' });
  await campaign.getByRole('link', { name: /creators? joined$/ }).click();

  await expect(page).toHaveURL(/\/dashboard\/creators\?brief=b1000000-0000-4000-8000-000000000001$/);
  await expect(page.getByRole('heading', { name: 'Creators who joined Skincare Product Review' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'Nalinee Chaiyaporn' });
  await expect(card).toContainText(/\d+ videos?/);
  const views = (await card.getByText(/counted views$/).textContent())!;
  const spent = (await card.getByText(/^Spent ฿[\d,]+\.\d\d$/).textContent())!;
  // Nalinee's approved video of last month counts for GlowLab: the spend is not nothing.
  expect(spent).not.toBe('Spent ฿0.00');

  await card.getByRole('link', { name: 'See videos of Nalinee Chaiyaporn' }).click();
  await expect(page).toHaveURL(/\/dashboard\/videos\?creator=a1000000-0000-4000-8000-000000000001&brief=b1000000-0000-4000-8000-000000000001$/);
  const summary = page.getByRole('region', { name: 'Videos by Nalinee Chaiyaporn' });
  await expect(summary).toContainText('For Skincare Product Review');
  await expect(summary).toContainText(views);
  await expect(summary).toContainText(spent);
  // Her videos of the campaign, and nobody else's.
  await expect(page.getByRole('article').first()).toBeVisible();
  for (const video of await page.getByRole('article').all()) await expect(video).toContainText('Nalinee Chaiyaporn');

  // Back to all the brand's videos.
  await summary.getByRole('link', { name: 'All videos' }).click();
  await expect(page).toHaveURL(/\/dashboard\/videos$/);
});
