import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { differenceInCalendarMonths, format, parse } from 'date-fns';
import { endsLikeSandboxFailure } from '../../server/tiktok-sandbox/data';
import { demo, type Role } from './demo-accounts';
import type axe from 'axe-core';

const require = createRequire(import.meta.url);

export { demo, roles, type Role } from './demo-accounts';

type Account = { email: string; password: string };

export const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;

/**
 * Where auth.setup.ts saves each demo account's signed-in browser state: in the run's output folder
 * (test-results/, git-ignored and emptied when a run starts, before the setup project writes it),
 * so that runs with their own --output never share a state. Call it inside a test.
 */
export const storageStateOf = (role: Role, testInfo: TestInfo = test.info()) => path.join(testInfo.project.outputDir, '.auth', `${role}.json`);

/**
 * `test.use(signedInAs('creator'))`: the tests start signed in as that demo account, from the state
 * the setup project saved. Such a test must never sign out: supabase-js signs out with scope
 * global, which ends every session of the user, the saved one included. Sign out as a throw-away
 * account (createAccount + startSession) instead.
 */
export const signedInAs = (role: Role): Parameters<typeof test.use>[0] => ({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  storageState: async ({}, provide, testInfo) => provide(storageStateOf(role, testInfo)),
});

/** Signs in through the login form, and waits for the landing page of the account (sign-in journeys only). */
export async function signIn(page: Page, account: Account, expectedPath?: RegExp) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(expectedPath ?? /\/dashboard\/(creator|brand|admin)$/);
}

const configs = new Map<string, Promise<{ supabaseUrl: string; supabasePublishableKey: string }>>();
/** The SPA's runtime configuration (the publishable key and the Supabase URL), fetched once per server. */
function runtimeConfig(baseURL: string) {
  if (!configs.has(baseURL)) configs.set(baseURL, fetch(`${baseURL}/config.json`).then((response) => response.json()));
  return configs.get(baseURL)!;
}
const publishableKey = async (baseURL: string) => (await runtimeConfig(baseURL)).supabasePublishableKey;

/** Creates an account through the auth API (to arrange a test, not to test sign-up). */
export async function createAccount(baseURL: string, data: Record<string, unknown>, password = 'e2e-password-1'): Promise<Account> {
  const email = uniqueEmail(String(data.user_type ?? 'user'));
  const key = await publishableKey(baseURL);
  const response = await fetch(`${baseURL}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, data }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  // A creator who names their TikTok account has proved it theirs (docs/money.md rule 4), unless told not to.
  if (data.user_type === 'creator' && typeof data.tiktok_username === 'string' && data.prove !== false) {
    await proveByBio(baseURL, await accessToken(baseURL, { email, password }), data.tiktok_username.replace(/^@/, ''));
  }
  return { email, password };
}

/** Sets the bio the TikTok sandbox shows for @username, as the account's owner would on TikTok. */
export async function setSandboxBio(baseURL: string, username: string, bio: string) {
  const response = await fetch(`${baseURL}/_tiktok-sandbox/bio/@${username}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ bio }) });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** The bio proof through the API: the creator's one-time code, put in the sandbox bio, checked by tiktok-auth. */
export async function proveByBio(baseURL: string, token: string, username: string) {
  const headers = { apikey: await publishableKey(baseURL), Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const code = await fetch(`${baseURL}/rest/v1/rpc/tiktok_bio_code`, { method: 'POST', headers, body: '{}' });
  expect(code.status, await code.clone().text()).toBe(200);
  await setSandboxBio(baseURL, username, `Creator on ViewPact ${((await code.json()) as { code: string }).code}`);
  const verified = await fetch(`${baseURL}/functions/v1/tiktok-auth`, { method: 'POST', headers, body: JSON.stringify({ action: 'verify-bio' }) });
  expect(verified.status, await verified.clone().text()).toBe(200);
}

/** A new session for an account, from the auth API's password grant (what supabase-js's signInWithPassword asks for). */
async function passwordSession(baseURL: string, account: Account): Promise<{ access_token: string; expires_in: number; expires_at?: number }> {
  const response = await fetch(`${baseURL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: await publishableKey(baseURL), 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/** Signs in through the auth API and returns the access token (to arrange data as that user). */
export async function accessToken(baseURL: string, account: Account): Promise<string> {
  return (await passwordSession(baseURL, account)).access_token;
}

/**
 * Signs an account in without the form: a session from the auth API, stored where supabase-js keeps
 * its own (localStorage, `sb-<host>-auth-token`) before the page's first script runs. Only the page's
 * first load of the site gets it, so a sign-out later in the test stays signed out. Returns the access token.
 */
export async function startSession(page: Page, baseURL: string, account: Account): Promise<string> {
  const session = await passwordSession(baseURL, account);
  const supabaseUrl = new URL((await runtimeConfig(baseURL)).supabaseUrl);
  const value = JSON.stringify({ ...session, expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in });
  await page.addInitScript(
    ({ origin, key, value }) => {
      if (location.origin !== origin || sessionStorage.getItem('e2e.session-started')) return;
      sessionStorage.setItem('e2e.session-started', '1');
      localStorage.setItem(key, value);
    },
    { origin: new URL(baseURL).origin, key: `sb-${supabaseUrl.hostname.split('.')[0]}-auth-token`, value },
  );
  return session.access_token;
}

/** An admin invite code, issued by the demo admin through the create_admin_invite RPC. */
export async function issueAdminInvite(baseURL: string): Promise<string> {
  const invite = await fetch(`${baseURL}/rest/v1/rpc/create_admin_invite`, {
    method: 'POST',
    headers: {
      apikey: await publishableKey(baseURL),
      Authorization: `Bearer ${await accessToken(baseURL, demo.admin)}`,
      'Content-Type': 'application/json',
      Accept: 'application/vnd.pgrst.object+json',
    },
    body: '{}',
  });
  expect(invite.status, await invite.clone().text()).toBe(200);
  return ((await invite.json()) as { code: string }).code;
}

/**
 * Picks a day (YYYY-MM-DD) in a date field (src/components/ui/date-field.tsx) as a person
 * would, in English: opens its calendar, pages to the day's month and clicks the day.
 */
export async function pickDate(page: Page, field: Locator, iso: string) {
  const [year, month, date] = iso.split('-').map(Number);
  const day = new Date(year, month - 1, date);
  await field.click();
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  const shown = parse((await grid.getAttribute('aria-label')) ?? '', 'LLLL yyyy', new Date());
  const months = differenceInCalendarMonths(day, shown);
  for (let step = 0; step < Math.abs(months); step += 1) await page.getByRole('button', { name: months > 0 ? 'Next month' : 'Previous month' }).click();
  await page.getByRole('grid', { name: format(day, 'MMMM yyyy') }).getByRole('button', { name: format(day, 'EEEE, MMMM d, yyyy') }).click();
  await expect(grid).toBeHidden();
  await expect(field).toHaveAccessibleName(new RegExp(`${format(day, 'MMM d, yyyy')}$`));
}

/**
 * Waits until the page is idle: nothing is loading (no spinner, no "Loading..." status, no "…"
 * placeholder) and no finite animation (a dialog opening, a toast sliding in) is still running.
 */
export async function idle(page: Page) {
  await expect(page.locator('.animate-spin').filter({ visible: true })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
  await expect(page.getByText('…', { exact: true })).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Waits until a page has settled: its heading is shown and it is idle. For checks of the whole page, like an accessibility scan. */
export async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await idle(page);
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
type AxeWindow = { axe: { configure(spec: axe.Spec): void; run(context: Document, options: axe.RunOptions): Promise<axe.AxeResults> } };
const axeOptions: axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  // Only violations are read: axe skips collecting the passes and the incomplete checks.
  resultTypes: ['violations'],
};

/**
 * One axe scan of the page as it is now: the serious and critical violations, readable. axe is put
 * into each frame of the document once, and runs in the page (frames of the same origin included):
 * a walk that scans several states of one document pays for axe's 0.5 MB once (issue 32). Our pages
 * hold no frame of another origin while scanned (the TikTok player opens on a tap).
 */
export async function seriousViolations(page: Page) {
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => 'axe' in window)) continue;
    await frame.evaluate(axeSource);
    await frame.evaluate(() => (window as unknown as AxeWindow).axe.configure({ allowedOrigins: ['<same_origin>'] }));
  }
  const results = await page.evaluate((options) => (window as unknown as AxeWindow).axe.run(document, options), axeOptions);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/**
 * Shows a route in the page as a person moving through the app would: inside the app when it is
 * there and the route is another page (the history's popstate, which the router follows; the app
 * then moves focus to the new page's content, src/app/root-layout.tsx), else loaded whole (the first
 * page, and another view of the page shown: a query or a tab). A walk over many pages thus loads
 * the app once instead of once a page.
 */
export async function showRoute(page: Page, route: string) {
  const shown = page.url() === 'about:blank' ? undefined : new URL(page.url());
  if (!shown || new URL(route, shown).pathname === shown.pathname) {
    await page.goto(route);
    return;
  }
  await page.waitForFunction(() => window.__viewpactHydrated === true);
  await page.evaluate((to) => {
    (document.activeElement as HTMLElement | null)?.blur();
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForFunction(() => document.activeElement?.id === 'main');
}

/** The newest e-mail sent to an address, from the local backend's mailbox. */
export async function lastMailTo(baseURL: string, email: string) {
  const messages = (await (await fetch(`${baseURL}/_mailbox/messages`)).json()) as { to: string; text: string }[];
  return messages.find((message) => message.to === email);
}

// Words that stay as they are in Thai: names, the product, units and the like.
// (A language's own name, "English", is how the switch names it in every language.)
// Names, not words: the product, TikTok, the languages' own names, and the demo brands (GlowLab Skincare, Volt Energy, FitFlex Apparel).
const untranslatable = new Set(['viewpact', 'tiktok', 'en', 'th', 'english', 'api', 'glowlab', 'skincare', 'fitflex', 'apparel', 'volt', 'energy', 'labs', 'pdpa', 'line']);

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

/** Calls the tiktok-scraper function as a user (arranging videos for a test). */
export async function addVideoViaApi(baseURL: string, token: string, body: Record<string, unknown>) {
  const response = await fetch(`${baseURL}/functions/v1/tiktok-scraper`, {
    method: 'POST',
    headers: { apikey: await publishableKey(baseURL), Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Publishes an opportunity as a brand through the REST API; answers its id and when it was published. */
export async function publishOpportunity(baseURL: string, token: string, title: string): Promise<{ id: string; createdAt: Date }> {
  const response = await fetch(`${baseURL}/rest/v1/brand_briefs`, {
    method: 'POST',
    headers: {
      apikey: await publishableKey(baseURL),
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
      Accept: 'application/vnd.pgrst.object+json',
    },
    body: JSON.stringify({ brand_id: userIdOf(token), title, description: `${title}: the brief.` }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const brief = (await response.json()) as { id: string; created_at: string };
  return { id: brief.id, createdAt: new Date(brief.created_at) };
}

/** Joins an opportunity as a creator through the REST API. */
export async function joinOpportunity(baseURL: string, token: string, creatorId: string, briefId: string) {
  const response = await fetch(`${baseURL}/rest/v1/creator_brand_connections`, {
    method: 'POST',
    headers: { apikey: await publishableKey(baseURL), Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ creator_id: creatorId, brand_brief_id: briefId }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

export const userIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;

/**
 * A plausible TikTok video id, unique per call, that the sandbox treats as an ordinary video (never
 * one of its failure endings). Its top 32 bits are the posting time: by default late 2024, when the
 * sandbox's counts have long stopped growing; pass `postedAt` for a video that can count for a
 * campaign published since.
 */
let videoSequence = 0;
export function newVideoId(postedAt?: Date): string {
  videoSequence += 1;
  const seconds = postedAt ? BigInt(Math.floor(postedAt.getTime() / 1000)) : 1_730_000_000n + BigInt(Math.floor(Math.random() * 1_000_000));
  const id = ((seconds << 32n) + BigInt(videoSequence * 1000 + Math.floor(Math.random() * 999))).toString();
  return endsLikeSandboxFailure(id) ? newVideoId(postedAt) : id;
}
