import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { uniqueEmail } from './helpers';

test('a new creator downloads their data, deletes the account with the password, and cannot sign in again', async ({ page }) => {
  const email = uniqueEmail('pdpa');
  const password = 'pdpa-pw-1';
  await page.goto('/register');
  await page.getByLabel('First name', { exact: true }).fill('Ploy');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/creator$/);

  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Account' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^viewpact-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.account.email).toBe(email);
  expect(data.profile).toMatchObject({ first_name: 'Ploy', user_type: 'creator' });
  expect(data.videos).toEqual([]);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this account?' });
  await expect(dialog.getByText(/withholding tax certificates/)).toBeVisible();
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByText('That password is not right.')).toBeVisible();
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('The account was deleted.')).toBeVisible();
  await expect(page.getByRole('link', { name: /login/i }).first()).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
