import { expect, test } from '@playwright/test';
import { createAccount, signedInAs, startSession } from './helpers';

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the top navigation collapses into a menu that opens, navigates and closes', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Features' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Main' }).last();
    await expect(menu.getByRole('link', { name: 'Features' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'About' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('signed in, the menu offers dashboard, profile and sign out', async ({ page, baseURL }) => {
    // A throw-away account: signing out ends every session of the user.
    await startSession(page, baseURL!, await createAccount(baseURL!, { user_type: 'creator', first_name: 'Menu' }));
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main' }).last();
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/creator');
    await menu.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).last().getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard/creator');
    await expect(page).toHaveURL(/\/login\?from=/);
  });

  test.describe('signed in as the demo brand', () => {
    test.use(signedInAs('brand'));

    test('the dashboard drawer holds the navigation; the header keeps a user menu', async ({ page }) => {
      await page.goto('/dashboard/brand');
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog');
      // Issue 33: the sidebar names the brand's side, not the creators'.
      await expect(drawer.getByText('Brand Platform')).toBeVisible();
      await expect(drawer.getByText('Creator Platform')).toHaveCount(0);
      await drawer.getByRole('link', { name: 'Creators' }).click();
      await expect(page).toHaveURL(/\/dashboard\/creators$/);
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.getByRole('button', { name: /Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await expect(page).toHaveURL(/\/dashboard\/settings$/);
    });
  });
});

test.describe('signed in as the demo creator', () => {
  test.use(signedInAs('creator'));

  test('the creator’s dashboard frame lists its entries, with Earnings before Settings', async ({ page }) => {
    await page.goto('/dashboard/creator');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Videos', 'Opportunities', 'Notifications', 'Earnings', 'Settings']);
    await expect(page.getByText('Creator Platform')).toBeVisible();
    await expect(page.getByRole('complementary').getByText('Nalinee')).toBeVisible();
    await expect(page.getByRole('complementary').getByText('Creator', { exact: true })).toBeVisible();
  });

  test('the theme toggle switches to dark and is remembered', async ({ page }) => {
    await page.goto('/dashboard/creator');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });
});

test.describe('signed in as the demo brand', () => {
  test.use(signedInAs('brand'));

  test('the brand’s dashboard frame lists its entries, with Creators and Payments before Settings', async ({ page }) => {
    await page.goto('/dashboard/brand');
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText([
      'Dashboard', 'Videos', 'Opportunities', 'Notifications', 'Creators', 'Payments', 'Settings',
    ]);
  });

  // Issue 33: a brand's Videos are the creators' videos for its campaigns, not videos it added.
  test('the brand’s Videos page speaks of the creators’ videos, and the sidebar of the brand’s side', async ({ page }) => {
    await page.goto('/dashboard/videos');
    await expect(page.getByRole('heading', { level: 1, name: "Creators' Videos" })).toBeVisible();
    await expect(page.getByText('The TikTok videos creators linked to your campaigns or sent you, and how they perform')).toBeVisible();
    await expect(page.getByText('My Videos')).toHaveCount(0);
    await expect(page.getByRole('complementary').getByText('Brand Platform')).toBeVisible();
  });
});

test.describe('signed in as the demo admin', () => {
  test.use(signedInAs('admin'));

  test('the admin’s frame names the console, and Opportunities speak of every brand’s', async ({ page }) => {
    await page.goto('/dashboard/opportunities');
    await expect(page.getByRole('complementary').getByText('Admin Console')).toBeVisible();
    await expect(page.getByText("Every brand's opportunities on the platform")).toBeVisible();
    await expect(page.getByText('Creator Platform')).toHaveCount(0);
  });
});

test('the footer has its four columns, the chat QR code and this year’s copyright', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  for (const column of ['Company', 'Support', 'Connect', 'Community']) await expect(footer.getByRole('heading', { name: column })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Help Centre' })).toHaveAttribute('href', '/help');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'support@viewpact.app' })).toHaveAttribute('href', 'mailto:support@viewpact.app');
  await expect(footer.getByRole('img', { name: 'QR code that opens the ViewPact community chat' })).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ViewPact`);
});

test('the /connect callback hides the navigation and reports a bad answer', async ({ page }) => {
  await page.goto('/connect?code=x&state=wrong');
  await expect(page.getByRole('heading', { name: 'Authorizing TikTok' })).toBeVisible();
  await expect(page.getByText('Invalid authorization response')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
});

test('an address with a #section opens the page at that section, even after other pages in the tab', async ({ page }) => {
  await page.goto('/about');
  await page.mouse.wheel(0, 1500);
  await page.goto('/features#for-creators');
  await expect(page.locator('#for-creators')).toBeInViewport();
  await page.goto('/help#estimated');
  await expect(page.locator('#estimated')).toBeInViewport();
});
