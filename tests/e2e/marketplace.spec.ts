import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { sandboxCounts } from '../../server/tiktok-sandbox/data';
import { createAccount, newVideoId, startSession, storageStateOf, uniqueEmail } from './helpers';

const baht = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'THB', currencyDisplay: 'narrowSymbol', minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 }).format(value);
const compact = (value: number) => (value >= 1000 ? `${(Math.floor(value / 100) / 10).toFixed(1)}K` : String(value));

// Each person of a test has a browser context of their own, closed when the test ends.
const contexts: BrowserContext[] = [];
async function newPage(browser: Browser, options?: Parameters<Browser['newContext']>[0]): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  return context.newPage();
}
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A new account (made through the auth API: sign-up itself is tested in sign-up.spec.ts), signed in, in a browser of its own. */
async function newUser(browser: Browser, baseURL: string, data: Record<string, unknown>): Promise<Page> {
  const page = await newPage(browser);
  await startSession(page, baseURL, await createAccount(baseURL, data));
  return page;
}

/** Signs up through the form, in a browser of its own, and waits for the way to /login. */
async function signUp(browser: Browser, type: 'brand' | 'creator', fields: Record<string, string>, path = `/signup?type=${type}`): Promise<{ page: Page; email: string; password: string }> {
  const page = await newPage(browser);
  const email = uniqueEmail(type);
  const password = `${type}-loop-pw`;
  await page.goto(path);
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login/);
  return { page, email, password };
}

const stat = (page: Page, region: string, label: string) =>
  page.getByRole('region', { name: region }).locator('div', { has: page.getByText(label, { exact: true }) }).first();

test('the marketplace loop: a brand publishes, a creator joins and posts, the brand sees it and closes the opportunity', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const title = `Mango sticky rice challenge ${Date.now()}`;

  // A new brand publishes an opportunity.
  const brand = await newUser(browser, baseURL!, { user_type: 'brand', first_name: 'Mango House' });
  await brand.goto('/dashboard/brand');
  await expect(brand.getByText('No opportunities found')).toBeVisible();
  await brand.getByRole('link', { name: 'Opportunities', exact: true }).click();
  const create = brand.getByRole('button', { name: 'Create Opportunity' });
  await expect(create).toBeDisabled();
  await brand.getByLabel('Title', { exact: true }).fill(title);
  await brand.getByLabel('Description', { exact: true }).fill('Show our mango sticky rice in a 30-second street-food video.');
  await brand.getByLabel('Reward (optional)').fill('฿1,500 – ฿3,000');
  await brand.getByLabel('Industry Tags (optional)').fill(' Food , Dessert ,, ');
  await create.click();
  await expect(brand.getByText('Opportunity created successfully')).toBeVisible();
  const brandCard = brand.getByRole('article', { name: title });
  await expect(brandCard).toContainText('Open');
  await expect(brandCard).toContainText('Food');
  await expect(brandCard).toContainText('Dessert');

  // A new creator finds it under Open, reads the brief and joins.
  const creator = await newUser(browser, baseURL!, { user_type: 'creator', first_name: 'Fah', tiktok_username: 'fah.eats' });
  await creator.goto('/dashboard/opportunities');
  await creator.getByRole('tab', { name: 'Open' }).click();
  await expect(creator).toHaveURL(/status=open/);
  const card = creator.getByRole('article', { name: title });
  await expect(card).toContainText('Mango House');
  await expect(card).toContainText('฿1,500 – ฿3,000');
  await card.getByRole('button', { name: /Read Brief/ }).click();
  const dialog = creator.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await expect(dialog).toContainText('Show our mango sticky rice');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await card.getByRole('button', { name: /^Join/ }).click();
  await expect(creator.getByText('You have successfully joined this opportunity')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Joined' })).toBeDisabled();

  // The creator adds a TikTok video, posted from their own account after the opportunity was published.
  const videoId = newVideoId(new Date());
  await creator.goto('/dashboard/videos?tab=campaign');
  await creator.getByLabel('TikTok Video URL', { exact: true }).fill(`https://www.tiktok.com/@fah.eats/video/${videoId}`);
  await creator.getByLabel('Video Name', { exact: true }).fill('Mango sticky rice in 30 seconds');
  await creator.getByLabel('Brand Campaign', { exact: true }).selectOption({ label: `Mango House: ${title}` });
  await creator.getByRole('button', { name: 'Add to Campaign' }).click();
  await expect(creator.getByText('Video successfully associated with brand campaign')).toBeVisible();

  // The brand's dashboard shows the video, to review; once approved, its views are paid for.
  const views = sandboxCounts(videoId).views;
  await brand.goto('/dashboard/brand');
  await expect(brand.getByRole('article').filter({ hasText: 'Mango sticky rice in 30 seconds' }).last()).toContainText('by Fah');
  await expect(stat(brand, 'Brand Dashboard', 'Total Views')).toContainText(compact(views));
  await expect(stat(brand, 'Brand Dashboard', 'Total Creators')).toContainText('1');
  await expect(stat(brand, 'Brand Dashboard', 'Est. Pay')).toContainText('฿0');
  await expect(brand.getByRole('heading', { name: 'To review (1)' })).toBeVisible();
  await brand.getByRole('article', { name: 'Mango sticky rice in 30 seconds' }).getByRole('button', { name: 'Approve' }).click();
  await expect(brand.getByRole('heading', { name: 'To review (0)' })).toBeVisible();
  await expect(stat(brand, 'Brand Dashboard', 'Est. Pay')).toContainText(baht(Math.round((views * 10) / 10) / 100));
  await brand.getByRole('link', { name: 'Creators', exact: true }).click();
  await expect(brand.getByText(`Joined: ${title}`)).toBeVisible();

  // The brand closes the opportunity; creators see it under Closed, and cannot join it.
  await brand.goto('/dashboard/opportunities');
  await brand.getByLabel(`Status of ${title}`).selectOption('closed');
  await expect(brand.getByText('The opportunity is now Closed')).toBeVisible();

  await creator.goto('/dashboard/opportunities?status=closed');
  await expect(creator.getByRole('article', { name: title })).toContainText('Closed');
  const late = await newUser(browser, baseURL!, { user_type: 'creator', first_name: 'Late' });
  await late.goto('/dashboard/opportunities?status=closed');
  await expect(late.getByRole('article', { name: title }).getByRole('button', { name: 'Joined' })).toBeDisabled();
  await late.getByRole('tab', { name: 'Open' }).click();
  await expect(late.getByRole('article', { name: title })).toHaveCount(0);
});

test('the brand’s Brief card writes the brief text of its opportunity, which the brief dialog shows', async ({ browser, baseURL }) => {
  const brand = await newUser(browser, baseURL!, { user_type: 'brand', first_name: 'Brief Co' });
  const title = `First campaign ${Date.now()}`;
  await brand.goto('/dashboard/opportunities');
  await brand.getByLabel('Title', { exact: true }).fill(title);
  await brand.getByLabel('Description', { exact: true }).fill('Old words');
  await brand.getByRole('button', { name: 'Create Opportunity' }).click();
  await expect(brand.getByText('Opportunity created successfully')).toBeVisible();
  await brand.goto('/dashboard/brand');
  const brief = brand.getByRole('textbox', { name: 'Brief' });
  // A new opportunity has a description but no brief text yet.
  await expect(brief).toHaveValue('');
  await expect(brief).toHaveAttribute('placeholder', "Describe your brand and what kind of content you're looking for...");
  await brief.fill('We make tea for night owls. Show us your late-night routine.');
  await brand.getByRole('button', { name: 'Save Brief' }).click();
  await expect(brand.getByText('Brief updated successfully')).toBeVisible();
  await brand.goto('/dashboard/opportunities');
  await brand.getByRole('button', { name: `Read Brief: ${title}` }).click();
  await expect(brand.getByRole('dialog')).toContainText('We make tea for night owls.');
});

test('a creator invited by a brand’s link signs up and lands on that brand’s open opportunities', async ({ browser }) => {
  const brandPage = await newPage(browser, { storageState: storageStateOf('brand') });
  await brandPage.goto('/dashboard/brand');
  await brandPage.getByRole('button', { name: 'Invite Creators' }).click();
  const link = await brandPage.getByLabel('Sign-up link for creators').inputValue();
  expect(link).toMatch(/\/signup\?type=creator&brand=a1000000-0000-4000-8000-000000000002$/);

  const invited = await signUp(browser, 'creator', { 'First name': 'Invited' }, new URL(link).pathname + new URL(link).search);
  await expect(invited.page).toHaveURL(/\/login\?from=/);
  await invited.page.getByLabel('Email').fill(invited.email);
  await invited.page.getByLabel('Password', { exact: true }).fill(invited.password);
  await invited.page.getByRole('button', { name: 'Sign In' }).click();
  await expect(invited.page).toHaveURL(/\/dashboard\/opportunities\?status=open&brand=/);
  await expect(invited.page.getByText('Showing the open opportunities of GlowLab Skincare.')).toBeVisible();
  await expect(invited.page.getByRole('article')).toHaveCount(1);
});
