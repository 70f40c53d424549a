import { expect, test } from '@playwright/test';
import { createAccount, demo, lastMailTo, signIn } from './helpers';

test('each sign-in error shows its message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter both email and password')).toBeVisible();

  await page.getByLabel('Email').fill(demo.creator.email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter both email and password').last()).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  // An unknown address gets the same answer as a wrong password.
  await page.getByLabel('Email').fill('nobody@example.test');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password').last()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot password: the e-mailed link leads to a new password, which then signs in', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Forgetful' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${account.email}`)).toBeVisible();

  const mail = await lastMailTo(baseURL!, account.email);
  const link = /https?:\/\/\S+/.exec(mail!.text)![0];
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password/);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pw');
  await page.getByLabel('Confirm new password').fill('brand-new-pw');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password was changed. Please sign in with it.')).toBeVisible();

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signIn(page, { email: account.email, password: 'brand-new-pw' }, /\/dashboard\/creator$/);
});

test('a reset link opened in another browser says to open it where it was asked for', async ({ page, browser, baseURL }) => {
  const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Elsewhere' });
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${account.email}`)).toBeVisible();
  const link = /https?:\/\/\S+/.exec((await lastMailTo(baseURL!, account.email))!.text)![0];

  // The app asks for PKCE links: the code in the address needs the verifier this browser kept.
  const elsewhere = await browser.newContext();
  const phone = await elsewhere.newPage();
  await phone.goto(link);
  await expect(phone).toHaveURL(/\/reset-password\?code=/);
  await expect(phone.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(phone.getByText('This link opens only in the browser where the new password was asked for.')).toBeVisible();
  await elsewhere.close();
});

test('a used or broken reset link says so and offers a new one', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('a demo account signs in through supabase-js against the local backend; the session survives a reload and a new tab', async ({ page, context }) => {
  await signIn(page, demo.creator, /\/dashboard\/creator$/);
  await expect(page.getByText('Login successful!')).toBeVisible();
  const stored = await page.evaluate(() => Object.keys(localStorage).find((key) => key.startsWith('sb-') && key.endsWith('-auth-token')));
  expect(stored).toBe('sb-127-auth-token');
  // The browser is now this person's known device: a mark only the auth API reads (docs/security.md).
  const mark = (await context.cookies()).find((cookie) => cookie.name.startsWith('sb-device-'));
  expect(mark).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth/v1' });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible();
  const second = await context.newPage();
  await second.goto('/dashboard/settings');
  await expect(second.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});
