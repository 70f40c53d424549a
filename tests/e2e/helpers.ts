import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const demo = {
  creator: { email: 'creator@demo.viewpact.test', password: 'creator-demo' },
  brand: { email: 'brand@demo.viewpact.test', password: 'brand-demo' },
  admin: { email: 'admin@demo.viewpact.test', password: 'admin-demo' },
};

export const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;

/** Signs in through the login form, and waits for the landing page of the account. */
export async function signIn(page: Page, account: { email: string; password: string }, expectedPath?: RegExp) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(expectedPath ?? /\/dashboard\/(creator|brand|admin)$/);
}

async function anonKey(baseURL: string) {
  return (await (await fetch(`${baseURL}/config.json`)).json()).supabaseAnonKey as string;
}

/** Creates an account through the auth API (to arrange a test, not to test sign-up). */
export async function createAccount(baseURL: string, data: Record<string, unknown>, password = 'e2e-password-1') {
  const email = uniqueEmail(String(data.user_type ?? 'user'));
  const key = await anonKey(baseURL);
  const response = await fetch(`${baseURL}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, data }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { email, password };
}

/** An admin invite code, issued by the demo admin through the create_admin_invite RPC. */
export async function issueAdminInvite(baseURL: string): Promise<string> {
  const key = await anonKey(baseURL);
  const session = await (
    await fetch(`${baseURL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: key, 'Content-Type': 'application/json' },
      body: JSON.stringify(demo.admin),
    })
  ).json();
  const invite = await fetch(`${baseURL}/rest/v1/rpc/create_admin_invite`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json', Accept: 'application/vnd.pgrst.object+json' },
    body: '{}',
  });
  return ((await invite.json()) as { code: string }).code;
}

/** The newest e-mail sent to an address, from the local backend's mailbox. */
export async function lastMailTo(baseURL: string, email: string) {
  const messages = (await (await fetch(`${baseURL}/_mailbox/messages`)).json()) as { to: string; text: string }[];
  return messages.find((message) => message.to === email);
}

// Words that stay as they are in Thai: names, the product, units and the like.
// (A language's own name, "English", is how the switch names it in every language.)
const untranslatable = new Set(['viewpact', 'tiktok', 'en', 'th', 'english', 'api', 'glowlab', 'fitflex', 'volt', 'labs', 'pdpa', 'line']);

/** Visible lines that still contain English words once the page is in Thai. */
export async function englishLeftOver(page: Page, scope = 'body'): Promise<string[]> {
  // Toasts shown before the switch are messages already given, not the interface.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 8000 });
  const text = (await page.locator(scope).allInnerTexts()).join('\n');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .filter((line) => !/@|\.(test|app|com|example)\b/.test(line))
    .filter((line) => (line.match(/[A-Za-z]{3,}/g) ?? []).some((word) => !untranslatable.has(word.toLowerCase())));
}

/** Signs in through the auth API and returns the access token (to arrange data as that user). */
export async function accessToken(baseURL: string, account: { email: string; password: string }): Promise<string> {
  const key = await anonKey(baseURL);
  const session = await (
    await fetch(`${baseURL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: key, 'Content-Type': 'application/json' },
      body: JSON.stringify(account),
    })
  ).json();
  return session.access_token as string;
}

/** Calls the tiktok-scraper function as a user (arranging videos for a test). */
export async function addVideoViaApi(baseURL: string, token: string, body: Record<string, unknown>) {
  const response = await fetch(`${baseURL}/functions/v1/tiktok-scraper`, {
    method: 'POST',
    headers: { apikey: await anonKey(baseURL), Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Joins an opportunity as a creator through the REST API. */
export async function joinOpportunity(baseURL: string, token: string, creatorId: string, briefId: string) {
  const response = await fetch(`${baseURL}/rest/v1/creator_brand_connections`, {
    method: 'POST',
    headers: { apikey: await anonKey(baseURL), Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ creator_id: creatorId, brand_brief_id: briefId }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

export const userIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;

/** A plausible TikTok video id, unique per call. */
let videoSequence = 0;
export function newVideoId(): string {
  videoSequence += 1;
  const seconds = 1_730_000_000n + BigInt(Math.floor(Math.random() * 1_000_000));
  return ((seconds << 32n) + BigInt(videoSequence * 1000 + Math.floor(Math.random() * 999))).toString();
}
