import { expect, test, type Page } from '@playwright/test';
import { issueAdminInvite, startSession, uniqueEmail } from './helpers';

async function fill(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
}

test('a creator signs up, lands on /login with the creator message and the e-mail filled in, signs in, and the profile holds what was typed', async ({ page }) => {
  const email = uniqueEmail('creator');
  await page.goto('/register');
  await expect(page.getByRole('tab', { name: 'Creator' })).toHaveAttribute('aria-selected', 'true');
  await fill(page, {
    'First name': 'Nok',
    'Last name (optional)': 'Sukjai',
    'TikTok username (optional)': '@nok.dances',
    'TikTok followers (optional)': '12500',
    Email: email,
    Password: 'creator-pw-1',
  });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('User account created successfully! Please sign in.')).toBeVisible();
  // Issue 33: greeted as new, not welcomed back.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to ViewPact' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);
  // The e-mail just used is filled in: only the password is left to type.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill('creator-pw-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/creator$/);

  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('First name')).toHaveValue('Nok');
  await expect(page.getByLabel('Last name')).toHaveValue('Sukjai');
  await expect(page.getByLabel('TikTok username')).toHaveValue('nok.dances');
  await expect(page.getByLabel('TikTok followers')).toHaveValue('12500');
});

test('a brand signs up with its own fields and message', async ({ page, baseURL }) => {
  const email = uniqueEmail('brand');
  await page.goto('/signup?type=brand');
  await fill(page, {
    'Brand name': 'Siam Tea House',
    'Contact name (optional)': 'Mali',
    'Company name (optional)': 'Siam Tea Co., Ltd.',
    'Website (optional)': 'siamtea.example',
    'Industry (optional)': 'Beverages',
    Email: email,
    Password: 'brand-pw-1',
  });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Brand account created successfully! Please sign in.')).toBeVisible();

  await startSession(page, baseURL!, { email, password: 'brand-pw-1' });
  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('Brand name')).toHaveValue('Siam Tea House');
  await expect(page.getByLabel('Website')).toHaveValue('https://siamtea.example');
  await expect(page.getByLabel('Industry')).toHaveValue('Beverages');
  await expect(page.getByLabel('TikTok followers')).toHaveCount(0);
});

test('the sign-up form checks its fields with the spec’s messages', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Email and password are required').first()).toBeVisible();

  await fill(page, { Email: uniqueEmail('x'), Password: '12345' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 6 characters').first()).toBeVisible();

  await fill(page, { Password: '123456' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('First name is required for creators').first()).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();

  await page.getByRole('tab', { name: 'Brand' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Brand name is required').first()).toBeVisible();
  await expect(page).toHaveURL(/type=brand/);
});

test('an e-mail that already has an account is refused clearly', async ({ page }) => {
  await page.goto('/register');
  await fill(page, { 'First name': 'Again', Email: 'creator@demo.viewpact.test', Password: 'whatever-1' });
  await page.getByRole('button', { name: 'Create account' }).click();
  // In the toast, and under the e-mail (issue 33).
  await expect(page.getByText('An account with this e-mail already exists. Please sign in instead.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('an admin sign-up without a valid invite is refused; with one it succeeds, once', async ({ page, baseURL }) => {
  await page.goto('/signup?type=admin');
  await expect(page.getByText('Manage the platform, users, and monitor content.')).toBeVisible();
  await fill(page, { 'Admin invite code': 'not-a-real-code', Email: uniqueEmail('admin'), Password: 'admin-pw-1' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This admin invite code is not valid: it may have expired or been used already.').first()).toBeVisible();
  await expect(page).toHaveURL(/type=admin/);

  const code = await issueAdminInvite(baseURL!);
  const email = uniqueEmail('admin');
  await fill(page, { 'First name (optional)': 'Ada', 'Admin invite code': code, Email: email, Password: 'admin-pw-1' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Account created successfully! Please sign in.')).toBeVisible();
  await startSession(page, baseURL!, { email, password: 'admin-pw-1' });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  // Signing out ends on /login; going to the sign-up page earlier could still find the session.
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/signup?type=admin');
  await fill(page, { 'Admin invite code': code, Email: uniqueEmail('admin'), Password: 'admin-pw-1' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This admin invite code is not valid: it may have expired or been used already.').first()).toBeVisible();
});
