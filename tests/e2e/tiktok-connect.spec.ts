import { expect, test, type Page } from '@playwright/test';
import { sandboxCaption } from '../../server/tiktok-sandbox/data';
import { sandboxVideosOf } from '../../server/tiktok-sandbox/oauth';
import { createAccount, startSession } from './helpers';

/** A new creator on Settings → Integrations, not connected yet. */
async function openIntegrations(page: Page, baseURL: string) {
  const account = await createAccount(baseURL, { user_type: 'creator', first_name: 'Fon' });
  await startSession(page, baseURL, account);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\?tab=integrations$/);
  await expect(page.getByText('Not connected')).toBeVisible();
}

/** Clicks Connect and answers the sandbox's consent page in the popup that opens. */
async function consentInPopup(page: Page, answer: (popup: Page) => Promise<void>) {
  // The window's features, as the page asked for them (Playwright gives popups the context's viewport).
  await page.evaluate(() => {
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      document.documentElement.dataset.popupFeatures = String(args[2]);
      return open(...args);
    };
  });
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect TikTok' }).click();
  const popup = await opened;
  await expect(popup.getByRole('heading', { name: 'ViewPact wants to access your TikTok account' })).toBeVisible();
  await expect(popup.getByText('TikTok sandbox', { exact: false }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.popupFeatures)).toMatch(/width=600,height=700/);
  await answer(popup);
  return popup;
}

test('a creator connects TikTok in the sandbox popup, syncs, and finds the videos in My Videos', async ({ page, baseURL }) => {
  const username = `fon.${Date.now() % 100_000}`;
  const videos = sandboxVideosOf(username);
  await openIntegrations(page, baseURL!);
  const popup = await consentInPopup(page, async (consent) => {
    await consent.getByLabel('TikTok username').fill(username);
    await consent.getByRole('button', { name: 'Authorize ViewPact' }).click();
    await expect(consent.getByText('Authorizing TikTok')).toBeVisible();
  });
  await popup.waitForEvent('close');

  await expect(page.getByText('TikTok account connected successfully!')).toBeVisible();
  await expect(page.getByText(`Connected as @${username}`)).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Connected since /)).toBeVisible();

  await page.getByRole('button', { name: 'Sync videos' }).click();
  await expect(page.getByText(`Successfully synced ${videos.length} TikTok videos`)).toBeVisible();

  // The profile now names the connected account, marked as verified.
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByLabel('TikTok username')).toHaveValue(username);

  await page.goto('/dashboard/videos');
  await expect(page.getByRole('heading', { name: sandboxCaption(videos[0]) }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(Math.min(videos.length, 10));
});

test('closing the popup early ends the flow quietly', async ({ page, baseURL }) => {
  await openIntegrations(page, baseURL!);
  const popup = await consentInPopup(page, async (consent) => consent.close());
  expect(popup.isClosed()).toBe(true);
  // Within the 500 ms check the button is back, and nothing was said.
  await expect(page.getByRole('button', { name: 'Connect TikTok' })).toBeEnabled();
  await expect(page.getByText('Failed to connect TikTok account')).toHaveCount(0);
  await expect(page.getByText('Not connected')).toBeVisible();
});

test('Cancel in the sandbox says the connection failed, and nothing is connected', async ({ page, baseURL }) => {
  await openIntegrations(page, baseURL!);
  const popup = await consentInPopup(page, async (consent) => {
    await consent.getByRole('button', { name: 'Cancel' }).click();
    await expect(consent.getByText('Invalid authorization response')).toBeVisible();
  });
  await popup.waitForEvent('close');
  await expect(page.getByText('Failed to connect TikTok account')).toBeVisible();
  await expect(page.getByText('Not connected')).toBeVisible();
});
