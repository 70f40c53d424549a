import { expect, test } from '@playwright/test';

test('the home page shows the product and its hero in English, then in Thai, and remembers the choice', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'ViewPact' }).first()).toBeVisible();
  await expect(page.getByText('Beta Version').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentic TikTok partnerships, paid by the view');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'ไทย' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('แบรนด์กับครีเอเตอร์ TikTok ร่วมงานกันแบบจริงใจ จ่ายตามยอดวิว');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('แบรนด์กับครีเอเตอร์ TikTok ร่วมงานกันแบบจริงใจ จ่ายตามยอดวิว');
});

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
