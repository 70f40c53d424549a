import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { createAccount, demo, idle, seriousViolations, settled, signedInAs, signIn } from './helpers';

// The admin console (/dashboard/admin): its three cards, the Users tab (search, View, Edit with
// suspension) and the Content tab (exclusion from pay), at 1280 px and 390 px, in English and Thai.
// Every test shares the one server with the other specs: the demo accounts are never suspended
// (that would end their saved sessions); a throw-away creator is, and the one demo video excluded
// here is reinstated before the test ends.

const cards = { en: ['Total Users', 'Total Content', 'Billed to Brands'], th: ['ผู้ใช้ทั้งหมด', 'คอนเทนต์ทั้งหมด', 'ยอดเรียกเก็บจากแบรนด์'] };
const tabNames = { en: ['Users', 'Content', 'Payments', 'Audit', 'Invites'], th: ['ผู้ใช้', 'คอนเทนต์', 'การเงิน', 'ประวัติ', 'คำเชิญ'] };
const bannedMessage = 'This account is suspended. Write to support to find out why.';

/** Ploy's FitFlex video of the demo data: approved automatically, so its views count; no other spec reads its figures. */
const countedVideo = 'Gym to street in FitFlex';

/** A card of the console's figures, named by its label. */
const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

/** Baht as the console writes it (฿337.66, ฿1,250.00) as a number. */
const baht = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** A card's figure: the line under its label. */
const figure = (page: Page, label: string) => card(page, label).locator('p').nth(1);

/** The Billed to Brands card's amount (it was 'Platform Revenue' until issue 33). */
async function revenue(page: Page) {
  const value = figure(page, 'Billed to Brands');
  await expect(value).toHaveText(/^฿[\d,.]+$/);
  return baht(await value.innerText());
}

/** The table cell of a row under a column header (the row's header cell counts as its first). */
async function cellUnder(table: Locator, row: Locator, column: string) {
  // textContent, not innerText: the headers are drawn in capitals.
  const index = (await table.getByRole('columnheader').allTextContents()).indexOf(column);
  expect(index, `the column ${column}`).toBeGreaterThan(-1);
  return row.locator(':scope > th, :scope > td').nth(index);
}

/** The page's width: nothing may reach past the window (a table scrolls inside its own box). */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `the page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth + 1);
}

/** A page of its own, signed out (a context of this browser would otherwise start with the admin's saved session). */
async function signedOutPage(browser: Browser) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

/** Submits the login form and waits for its answer, without expecting it to succeed. */
async function submitLogin(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('the demo admin signs in through the form and lands on the admin dashboard by way of /admin, with its three figures', async ({ page }) => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
  await signIn(page, demo.admin, /\/dashboard\/admin$/);
  expect(visited).toContain('/admin');
  expect(visited.at(-1)).toBe('/dashboard/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  await expect(figure(page, 'Total Users')).toHaveText(/^[1-9][\d,]*$/);
  await expect(card(page, 'Total Users')).toContainText(/[\d,]+ brands · [\d,]+ creators/);
  await expect(figure(page, 'Total Content')).toHaveText(/^[1-9][\d,]*$/);
  await expect(card(page, 'Total Content')).toContainText(/[\d.]+K? views/);
  await expect(figure(page, 'Billed to Brands')).toHaveText(/^฿[1-9][\d,]*(\.\d\d)?$/);
  await expect(card(page, 'Billed to Brands')).toContainText(/Est\. Pay from counted views\s*Creators' payout: ฿[\d,.]+/);
  await expect(page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab')).toHaveText(tabNames.en);
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
});

test.describe('signed in as the demo admin', () => {
  test.use(signedInAs('admin'));

  test('the admin finds a creator from 3 characters, views them, suspends them (their sign-in is refused) and reinstates them', async ({ page, browser, baseURL }) => {
    // A throw-away creator with a name nobody else has: "Xq" and a random tail.
    const lastName = `Xq${randomBytes(3).toString('hex')}`;
    const name = `Kanya ${lastName}`;
    const account = await createAccount(baseURL!, { user_type: 'creator', first_name: 'Kanya', last_name: lastName });

    // The page's clock runs on as usual, until the test moves it past the typing pause.
    await page.clock.install();
    await page.goto('/dashboard/admin');
    await settled(page);
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await expect(search).toHaveAccessibleDescription('Type at least 3 characters to search');
    const table = page.getByRole('table');
    const users = table.getByRole('rowheader');
    await expect(users.first()).toBeVisible();
    const listed = await users.count();
    expect(listed, 'the unfiltered list shows more than one user').toBeGreaterThan(1);

    // Two characters do not search: once the typing pause (300 ms) is well over, the list is still everyone.
    await search.fill(lastName.slice(0, 2));
    await page.clock.runFor(1000);
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(users).toHaveCount(listed);

    // The third one does: only the throw-away creator is left.
    await search.fill(lastName.slice(0, 3));
    await expect(page).toHaveURL(new RegExp(`[?&]q=${lastName.slice(0, 3)}`));
    await expect(users).toHaveCount(1);
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });
    await expect(row).toContainText(account.email);
    await expect(row).toContainText('Creator');
    await expect(row).not.toContainText('Suspended');

    // View: the panel shows the e-mail and how they sign in.
    await row.getByRole('button', { name: `View ${name}` }).click();
    const details = page.getByRole('dialog', { name: `${name} · Creator` });
    await expect(details).toBeVisible();
    await expect(details.getByRole('definition').first()).toHaveText(account.email);
    await expect(details).toContainText('E-mail');
    await expect(details).toContainText('Not connected');
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();

    // Edit: suspend, with a reason (required).
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    let edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(edit.getByRole('heading', { name: 'Suspend account' })).toBeVisible();
    await edit.getByRole('button', { name: 'Suspend account' }).click();
    await expect(edit.getByText('Give a reason of at least 3 characters')).toBeVisible();
    await edit.getByLabel('Reason for suspending').fill('Bought views for a campaign (e2e).');
    await edit.getByRole('button', { name: 'Suspend account' }).click();
    await expect(page.getByText('Account suspended')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Suspended');

    // The suspended creator's sign-in through the form is refused, with the reason why.
    const userPage = await signedOutPage(browser);
    await submitLogin(userPage, account);
    await expect(userPage.getByText(bannedMessage)).toBeVisible();
    await expect(userPage).toHaveURL(/\/login$/);

    // Edit again: the dialog says since when and why; reinstate, with a reason.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(edit.getByRole('heading', { name: 'Reinstate account' })).toBeVisible();
    await expect(edit).toContainText('Reason: Bought views for a campaign (e2e).');
    await edit.getByLabel('Reason for reinstating').fill('Cleared after review (e2e).');
    await edit.getByRole('button', { name: 'Reinstate account' }).click();
    await expect(page.getByText('Account reinstated')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row).not.toContainText('Suspended');

    // Reinstated, the creator signs in again.
    await signIn(userPage, account, /\/dashboard\/creator$/);
    await userPage.context().close();
  });

  test('excluding a video with counted views sets its Est. Amount to ฿0 and lowers what brands are billed; reinstating brings both back', async ({ page }) => {
    await page.goto('/dashboard/admin?tab=content');
    await settled(page);
    await expect(page.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('searchbox', { name: 'Search videos' }).fill(countedVideo);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]vq=Gym/);
    const table = page.getByRole('table');
    await expect(table.getByRole('rowheader')).toHaveCount(1);
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(countedVideo) }) });
    await expect(row).toContainText('Ploy Srisuk');
    await expect(row).toContainText(/[\d.]+K counted/);
    const amount = await cellUnder(table, row, 'Est. Amount');
    await expect(amount).toHaveText(/^฿[\d,]+\.\d\d$/);
    const before = { amount: await amount.innerText(), revenue: await revenue(page) };
    expect(baht(before.amount), 'the video earns something before it is excluded').toBeGreaterThan(0);

    await row.getByRole('button', { name: 'Exclude from pay' }).click();
    const exclude = page.getByRole('dialog', { name: 'Exclude from pay' });
    await expect(exclude).toContainText(countedVideo);
    await exclude.getByLabel('Reason').fill('Views bought from a click farm (e2e).');
    await exclude.getByRole('button', { name: 'Exclude', exact: true }).click();
    await expect(page.getByText('Video excluded from pay')).toBeVisible();
    await expect(exclude).toBeHidden();
    await expect(row).toContainText('Excluded from pay');
    await expect(amount).toHaveText('฿0.00');
    await expect(row).toContainText('0 counted');
    // The card follows: the video's counted views no longer count (other specs may add videos meanwhile, never remove any).
    await expect.poll(() => revenue(page)).toBeLessThan(before.revenue);
    const excluded = await revenue(page);
    // Both figures come from the same counted views: the card lost the video's amount (the cell rounds it to whole baht).
    expect(Math.abs(before.revenue - excluded - baht(before.amount))).toBeLessThan(1);

    await row.getByRole('button', { name: 'Reinstate' }).click();
    const reinstate = page.getByRole('dialog', { name: 'Reinstate the video' });
    await expect(reinstate).toContainText('Excluded because: Views bought from a click farm (e2e).');
    await reinstate.getByLabel('Reason').fill('The views were checked and are real (e2e).');
    await reinstate.getByRole('button', { name: 'Reinstate', exact: true }).click();
    await expect(page.getByText('Video reinstated')).toBeVisible();
    await expect(reinstate).toBeHidden();
    await expect(row).not.toContainText('Excluded from pay');
    await expect(amount).toHaveText(before.amount);
    await expect.poll(() => revenue(page)).toBeGreaterThan(excluded);
    expect(Math.abs((await revenue(page)) - excluded - baht(before.amount))).toBeLessThan(1);
  });

  for (const width of [1280, 390]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 844 } });

      test('the console fits the window in English and in Thai, through the language switch', async ({ page }) => {
        await page.goto('/dashboard/admin');
        await settled(page);
        await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
        for (const label of cards.en) await expect(card(page, label)).toBeVisible();
        await expect(page.getByRole('tab')).toHaveText(tabNames.en);
        await expectNoHorizontalOverflow(page);
        await page.getByRole('tab', { name: 'Content' }).click();
        await expect(page.getByRole('searchbox', { name: 'Search videos' })).toBeVisible();
        await idle(page);
        await expectNoHorizontalOverflow(page);

        // The language switch: in the header at 1280 px, in the navigation drawer at 390 px.
        if (width < 640) {
          await page.getByRole('button', { name: 'Open navigation' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'ไทย' }).click();
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toBeHidden();
        } else {
          await page.getByRole('banner').getByRole('button', { name: 'ไทย' }).click();
        }
        await expect(page.locator('html')).toHaveAttribute('lang', 'th');
        await expect(page.getByRole('heading', { level: 1, name: 'แดชบอร์ดแอดมิน' })).toBeVisible();
        for (const label of cards.th) await expect(card(page, label)).toBeVisible();
        await expect(page.getByRole('tab')).toHaveText(tabNames.th);
        await expect(page.getByRole('tab', { name: 'คอนเทนต์' })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('searchbox', { name: 'ค้นหาวิดีโอ' })).toBeVisible();
        // The figures' columns show from 1024 px; under that they go under each title.
        await expect(page.getByRole('columnheader', { name: width >= 1024 ? 'ยอดวิว' : 'วิดีโอ', exact: true })).toBeVisible();
        await idle(page);
        await expectNoHorizontalOverflow(page);

        await page.getByRole('tab', { name: 'ผู้ใช้' }).click();
        await expect(page.getByRole('searchbox', { name: 'ค้นหาผู้ใช้' })).toBeVisible();
        await expect(page.getByRole('group', { name: 'แสดง' }).getByRole('button')).toHaveText(['ทั้งหมด', 'ครีเอเตอร์', 'แบรนด์', 'แอดมิน']);
        await idle(page);
        await expectNoHorizontalOverflow(page);
      });
    });
  }

  test('the Users and Content tabs, and their dialogs, have no serious accessibility violations', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/dashboard/admin');
    await settled(page);
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(await seriousViolations(page), 'the Users tab').toEqual([]);

    // The Edit dialog of a user (opened and closed: nothing is changed).
    await page.getByRole('button', { name: /^Edit / }).first().click();
    await expect(page.getByRole('dialog', { name: /^Edit / })).toBeVisible();
    await idle(page);
    expect(await seriousViolations(page), 'the Edit dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByRole('tab', { name: 'Content' }).click();
    await expect(page.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('table').getByRole('columnheader', { name: 'Est. Amount' })).toBeVisible();
    await idle(page);
    expect(await seriousViolations(page), 'the Content tab').toEqual([]);

    // The exclusion dialog (cancelled: nothing is excluded).
    const exclude = page.getByRole('button', { name: 'Exclude from pay' }).first();
    await exclude.click();
    const dialog = page.getByRole('dialog', { name: 'Exclude from pay' });
    await expect(dialog).toBeVisible();
    await idle(page);
    expect(await seriousViolations(page), 'the exclusion dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
