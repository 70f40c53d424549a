import { expect, test } from '@playwright/test';
import { createAccount, signIn, startSession } from './helpers';

test('a creator updates the profile: @ stripped, empty follower count stored as empty, shown again after reload', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Pim', follower_count: 300 });
  await startSession(page, baseURL!, account);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Last name').fill('Chan');
  await page.getByLabel('TikTok username').fill('@pim.cooks');
  await page.getByLabel('TikTok followers').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('TikTok username')).toHaveValue('pim.cooks');
  await expect(page.getByLabel('Last name')).toHaveValue('Chan');
  await expect(page.getByLabel('TikTok followers')).toHaveValue('');
  await expect(page.getByLabel('Website')).toHaveCount(0);
});

test('bad profile input gets a clear message and changes nothing', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Keep' });
  await startSession(page, baseURL!, account);
  await page.goto('/dashboard/settings');
  await page.getByLabel('TikTok username').fill('not valid!');
  await page.getByRole('button', { name: 'Save changes' }).click();
  // Under the field it concerns (issue 33).
  await expect(page.getByLabel('TikTok username')).toHaveAccessibleDescription(/A TikTok username has only letters, numbers, dots and underscores \(up to 24\)/);
  await expect(page.getByText('A TikTok username has only letters, numbers, dots and underscores (up to 24)')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('TikTok username')).toHaveValue('');
});

test('the account tab shows the e-mail read-only, the account type, and for brands the API fields', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, { user_type: 'brand', first_name: 'Lotus Spa' });
  await startSession(page, baseURL!, account);
  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('Website')).toBeVisible();
  await expect(page.getByLabel('Industry')).toBeVisible();
  await page.getByRole('tab', { name: 'Account' }).click();
  const email = page.getByLabel('Email');
  await expect(email).toHaveValue(account.email);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(page.getByText('To change your e-mail address, contact support at support@viewpact.app.')).toBeVisible();
  await expect(page.getByText('Brand Account')).toBeVisible();
  await expect(page.getByLabel('TikTok API key')).toHaveAttribute('type', 'password');
  await expect(page.getByLabel('TikTok API secret')).toHaveAttribute('type', 'password');
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByText('Not connected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect TikTok' })).toBeEnabled();
});

test('a password change in settings works for the next sign-in', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Change' });
  await startSession(page, baseURL!, account);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('changed-pw-1');
  await page.getByLabel('Confirm new password').fill('changed-pw-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  // Signing out ends with /login (spec §2); going there earlier could still find the session.
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, { email: account.email, password: 'changed-pw-1' }, /\/dashboard\/creator$/);
});
