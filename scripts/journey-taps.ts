/**
 * Counts the taps of issue 33's three journeys, from the landing page to the Notifications page,
 * on a running build with the demo data (BASE_URL, default http://127.0.0.1:4173):
 *
 * - creator (390 px phone, touch): sign up, sign in, join a campaign from its brief, add a video to
 *   it, look at Earnings, then Notifications;
 * - brand (1280 px, the demo brand): sign in, from its campaign's joined creators to what one of
 *   them did (their videos), then Notifications;
 * - admin (1280 px, the demo admin): sign in, find the creator the first journey made by part of
 *   their e-mail, open them, then Notifications.
 *
 * A tap is a tap or click a person makes (a field tapped before typing, a choice in a list);
 * typing into the field that has the focus, and scrolling, are not taps. Where a build offers no
 * direct way (a card that does not open, a search that cannot find an e-mail), the journey goes
 * the way a person then would, and says so. Used to compare builds: node --import tsx
 * scripts/journey-taps.ts against the build of each commit.
 */
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';

const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:4173';
const adminPassword = process.env.DEMO_ADMIN_PASSWORD ?? 'admin-demo';

class Journey {
  taps = 0;
  /** Whole page loads after the first: each one a blank screen while the app starts again. */
  loads = -1;
  notes: string[] = [];
  constructor(readonly page: Page, readonly touch: boolean) {
    page.on('load', () => (this.loads += 1));
  }
  async tap(target: Locator) {
    this.taps += 1;
    if (this.touch) await target.tap();
    else await target.click();
  }
  async choose(select: Locator, label: string | RegExp) {
    this.taps += 1;
    const options = await select.locator('option').allTextContents();
    const option = options.find((text) => (typeof label === 'string' ? text === label : label.test(text)));
    await select.selectOption({ label: option! });
  }
  /** Types into a field, tapping it first unless it has the focus already. */
  async type(field: Locator, text: string) {
    if (!(await field.evaluate((element) => element === document.activeElement))) await this.tap(field);
    await this.page.keyboard.insertText(text);
  }
  /** Fills a field only when it is empty (a form may fill it for the person). */
  async typeIfEmpty(field: Locator, text: string) {
    if ((await field.inputValue()) === '') await this.type(field, text);
  }
  async visible(target: Locator, timeout = 3_000) {
    return target.first().waitFor({ state: 'visible', timeout }).then(() => true, () => false);
  }
}

async function openMenuEntry(journey: Journey, name: string) {
  const { page } = journey;
  if (journey.touch) await journey.tap(page.getByRole('button', { name: 'Open navigation' }));
  await journey.tap(page.getByRole('navigation').getByRole('link', { name, exact: true }).first());
}

async function signIn(journey: Journey, email: string, password: string) {
  const { page } = journey;
  await page.goto(baseUrl);
  await journey.tap(page.getByRole('link', { name: /^(Login|Sign in)$/i }).first());
  await journey.typeIfEmpty(page.getByLabel('Email'), email);
  await journey.type(page.getByLabel('Password', { exact: true }), password);
  await journey.tap(page.getByRole('button', { name: 'Sign In' }));
  await page.waitForURL(/\/dashboard\//);
}

async function creatorJourney(browser: Browser, email: string, firstName: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const journey = new Journey(page, true);
  await page.goto(baseUrl);
  await journey.tap(page.getByRole('main').getByRole('link', { name: 'Get Started', exact: true }));
  await journey.type(page.getByLabel('First name', { exact: true }), firstName);
  await journey.type(page.getByLabel('Email', { exact: true }), email);
  await journey.type(page.getByLabel('Password', { exact: true }), 'nok-password-1');
  await journey.tap(page.getByRole('button', { name: 'Create account' }));
  await page.waitForURL(/\/login/);
  await journey.typeIfEmpty(page.getByLabel('Email'), email);
  await journey.type(page.getByLabel('Password', { exact: true }), 'nok-password-1');
  await journey.tap(page.getByRole('button', { name: 'Sign In' }));
  await page.waitForURL(/\/dashboard\/creator/);

  await openMenuEntry(journey, 'Opportunities');
  await journey.tap(page.getByRole('button', { name: /^Read Brief/ }).first());
  await journey.tap(page.getByRole('dialog').getByRole('button', { name: /^Join/ }));
  await journey.tap(page.getByRole('link', { name: 'Add your video to this campaign' }).first());
  await page.waitForURL(/\/dashboard\/videos/);
  const campaign = page.getByLabel('Brand Campaign', { exact: true });
  await campaign.waitFor();
  if ((await campaign.inputValue()) === '') {
    journey.notes.push('the campaign was not chosen: chosen by hand');
    await journey.choose(campaign, /./);
  }
  const url = page.getByLabel('TikTok Video URL', { exact: true });
  await journey.type(url, `https://www.tiktok.com/@nok.dances/video/${(BigInt(Math.floor(Date.now() / 1000)) << 32n) | 77n}`);
  const name = page.getByLabel('Video Name', { exact: true });
  if (!(await journey.visible(page.locator('input[value^="Sandbox video"]'), 5_000))) await journey.typeIfEmpty(name, 'My morning routine');
  await journey.tap(page.getByRole('button', { name: 'Add to Campaign', exact: true }));
  await page.getByText(/Video successfully associated|Video added successfully/).first().waitFor();

  await openMenuEntry(journey, 'Earnings');
  await page.waitForURL(/\/dashboard\/earnings/);
  await openMenuEntry(journey, 'Notifications');
  await page.waitForURL(/\/dashboard\/notifications/);
  await context.close();
  return journey;
}

async function brandJourney(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const journey = new Journey(page, false);
  await signIn(journey, 'brand@demo.viewpact.test', 'brand-demo');
  await openMenuEntry(journey, 'Opportunities');
  const joined = page.getByRole('link', { name: /creators? joined/ });
  if (await journey.visible(joined)) await journey.tap(joined);
  else {
    journey.notes.push('"N creators joined" is text: the Creators page from the menu');
    await openMenuEntry(journey, 'Creators');
  }
  await page.waitForURL(/\/dashboard\/creators/);
  const seeVideos = page.getByRole('link', { name: /^See videos/ });
  if (await journey.visible(seeVideos)) await journey.tap(seeVideos.first());
  else {
    journey.notes.push('a creator card does not open: the Videos page from the menu');
    await openMenuEntry(journey, 'Videos');
    const search = page.getByRole('searchbox').or(page.getByPlaceholder(/search/i)).first();
    if (await journey.visible(search)) await journey.type(search, 'Nalinee');
    else journey.notes.push('the Videos page has no search: the person scrolls for the creator\'s videos');
  }
  await page.waitForURL(/\/dashboard\/videos/);
  await openMenuEntry(journey, 'Notifications');
  await page.waitForURL(/\/dashboard\/notifications/);
  await context.close();
  return journey;
}

async function adminJourney(browser: Browser, email: string, firstName: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const journey = new Journey(page, false);
  await signIn(journey, 'admin@demo.viewpact.test', adminPassword);
  await journey.tap(page.getByRole('tab', { name: 'Users' }));
  const search = page.getByLabel('Search users');
  const searched = (text: string) => page.waitForResponse((response) => response.url().includes('admin_list_users') && response.request().postData()?.includes(text) === true);
  const view = page.getByRole('button', { name: `View ${firstName}` }).or(page.getByRole('link', { name: `View ${firstName}` }));
  // Part of the e-mail, as far as the domain's first letters (the issue's somchai@siamtea).
  const part = email.slice(0, email.indexOf('@') + 4);
  await Promise.all([searched(part), journey.type(search, part)]);
  if (!(await journey.visible(view, 1_000))) {
    journey.notes.push('the e-mail finds nobody: searched again by first name');
    await journey.tap(search);
    await page.keyboard.press('ControlOrMeta+A');
    await Promise.all([searched(firstName), page.keyboard.insertText(firstName)]);
  }
  await journey.tap(view.first());
  await page.getByRole('dialog').waitFor();
  await journey.tap(page.getByRole('dialog').getByRole('button', { name: /^Close$/ }).first());
  await openMenuEntry(journey, 'Notifications');
  await page.waitForURL(/\/dashboard\/notifications/);
  await context.close();
  return journey;
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const email = `nok.${Date.now().toString(36)}@example.com`;
    // A first name of letters only, new on every run, so the admin finds this run's creator.
    const firstName = `Nok${Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
    for (const [who, run] of [
      ['creator', () => creatorJourney(browser, email, firstName)],
      ['brand', () => brandJourney(browser)],
      ['admin', () => adminJourney(browser, email, firstName)],
    ] as const) {
      const journey = await run();
      console.log(`${who}: ${journey.taps} taps, ${journey.loads} whole page load(s) after the first${journey.notes.length ? ` (${journey.notes.join('; ')})` : ''}`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
