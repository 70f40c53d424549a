/**
 * Issue 15's creator journey, as a Thai creator does it on a 390 px phone: sign up, sign in with
 * the e-mail filled in, add a video, join a campaign from its brief, add a video to it through
 * the offered next step, link the earlier video from its card, and see the earnings. Every tap
 * from the opportunity card to the linked video is counted: at most 6.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import auth from '../../src/i18n/locales/th/auth.json' with { type: 'json' };
import dashboard from '../../src/i18n/locales/th/dashboard.json' with { type: 'json' };
import earnings from '../../src/i18n/locales/th/earnings.json' with { type: 'json' };
import opportunities from '../../src/i18n/locales/th/opportunities.json' with { type: 'json' };
import videos from '../../src/i18n/locales/th/videos.json' with { type: 'json' };
import { accessToken, createAccount, newVideoId, publishOpportunity, uniqueEmail } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'th-TH' });

/** Taps as a person makes them; typing into the field that already has the focus is no tap. */
class Taps {
  count = 0;
  constructor(private page: Page) {}
  async tap(target: Locator) {
    this.count += 1;
    await target.tap();
  }
  async choose(select: Locator, label: string) {
    this.count += 1;
    await select.selectOption({ label });
  }
  /** Pastes into a field, tapping it first unless it is focused already. */
  async paste(field: Locator, text: string) {
    if (!(await field.evaluate((element) => element === document.activeElement))) await this.tap(field);
    await this.page.keyboard.insertText(text);
  }
}

async function openMenuEntry(page: Page, name: string) {
  await page.getByRole('button', { name: dashboard.nav.openNavigation }).tap();
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).tap();
}

test('a Thai creator goes from a campaign card to a linked video in at most 6 taps, and links an earlier video from its card', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  // A brand's campaign, published through the API (the brand's own journey is brand-journey.spec.ts).
  const brand = await createAccount(baseURL!, { user_type: 'brand', first_name: 'Chaba Tea' });
  const title = `Chaba Tea ${Date.now()}`;
  await publishOpportunity(baseURL!, await accessToken(baseURL!, brand), title);

  // Sign up, then sign in with the e-mail already filled in.
  const email = uniqueEmail('nok');
  await page.goto('/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await page.getByLabel(auth.register.fields.firstName, { exact: true }).fill('นก');
  await page.getByLabel(auth.register.fields.email, { exact: true }).fill(email);
  await page.getByLabel(auth.register.fields.password, { exact: true }).fill('nok-password-1');
  await page.getByRole('button', { name: auth.register.submit }).tap();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(auth.messages.creatorCreated)).toBeVisible();
  await expect(page.getByLabel(auth.login.email)).toHaveValue(email);
  await page.getByLabel(auth.login.password, { exact: true }).fill('nok-password-1');
  await page.getByRole('button', { name: auth.login.submit }).tap();
  await expect(page).toHaveURL(/\/dashboard\/creator$/);

  // A video added before joining anything.
  const earlier = newVideoId(new Date());
  await openMenuEntry(page, dashboard.nav.videos);
  await expect(page.getByRole('tab', { name: videos.tabs.campaign })).toBeVisible();
  await page.getByLabel(videos.addByUrl.label, { exact: true }).first().fill(`https://www.tiktok.com/@nok.dances/video/${earlier}`);
  await page.getByRole('button', { name: videos.addByUrl.submit, exact: true }).tap();
  await expect(page.getByText(videos.messages.added)).toBeVisible();

  // From the campaign's card to a video linked to it.
  await openMenuEntry(page, dashboard.nav.opportunities);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  const taps = new Taps(page);
  await taps.tap(card.getByRole('button', { name: new RegExp(`^${opportunities.card.readBrief}`) }));
  const brief = page.getByRole('dialog');
  await expect(brief.getByRole('heading', { name: title })).toBeVisible();
  await taps.tap(brief.getByRole('button', { name: new RegExp(`^${opportunities.card.join}`) }));
  await taps.tap(page.getByRole('link', { name: opportunities.next.addVideo }).first());
  await expect(page).toHaveURL(/\/dashboard\/videos\?tab=campaign&brief=/);
  const campaignForm = page.getByRole('tabpanel');
  await expect(campaignForm.getByLabel(videos.campaignForm.campaign, { exact: true })).toHaveValue(/.+/);
  const video = newVideoId(new Date());
  await taps.paste(campaignForm.getByLabel(videos.campaignForm.url, { exact: true }), `https://www.tiktok.com/@nok.dances/video/${video}`);
  // The name comes from TikTok's caption (the sandbox's here).
  await expect(campaignForm.getByLabel(videos.campaignForm.name, { exact: true })).toHaveValue(/^Sandbox video/);
  await taps.tap(campaignForm.getByRole('button', { name: videos.campaignForm.submit, exact: true }));
  await expect(page.getByText(videos.messages.associated)).toBeVisible();
  // Read the brief, Join, Add your video to this campaign, (paste into the focused field), Add to Campaign.
  expect(taps.count, 'taps from the opportunity card to a linked video').toBe(4);
  test.info().annotations.push({ type: 'taps', description: `opportunity card → linked video: ${taps.count} taps` });

  // The earlier video, linked from its card.
  await page.getByRole('tab', { name: videos.tabs.all }).tap();
  const earlierCard = page.getByRole('article').filter({ hasText: earlier.slice(-6) });
  await earlierCard.getByRole('button', { name: new RegExp(`^${videos.link.open}`) }).tap();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(videos.link.campaign).selectOption({ label: `Chaba Tea: ${title}` });
  await dialog.getByRole('button', { name: videos.link.save }).tap();
  await expect(dialog).toBeHidden();
  await expect(earlierCard.getByRole('button', { name: new RegExp(`^${videos.link.change}`) })).toBeVisible();

  // What it earns.
  await openMenuEntry(page, dashboard.nav.earnings);
  await expect(page).toHaveURL(/\/dashboard\/earnings$/);
  await expect(page.getByRole('link', { name: earnings.page.howPaymentWorks })).toBeVisible();
});
