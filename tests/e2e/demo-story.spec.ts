import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import earnings from '../../src/i18n/locales/th/earnings.json' with { type: 'json' };
import opportunities from '../../src/i18n/locales/th/opportunities.json' with { type: 'json' };
import payments from '../../src/i18n/locales/th/payments.json' with { type: 'json' };
import demoThai from '../../supabase/functions/_shared/demo-texts.th.json' with { type: 'json' };
import notificationTexts from '../../supabase/functions/_shared/notifications/texts.th.json' with { type: 'json' };
import { storageStateOf, type Role } from './helpers';

/**
 * Issue 33 (13): the demo tells the whole story on first start, in Thai for a Thai reader. The seed
 * (supabase/seed.sql) closed the two months before this one: the demo creator's Earnings show both
 * statements, the older paid with its 50 Tawi, each opening onto the demo campaign and videos in
 * Thai; her notifications read in Thai; GlowLab's Payments show both invoices, and its campaign a
 * budget already partly spent. Other specs may pay last month's payout meanwhile (money.spec):
 * nothing here depends on it.
 */

const contexts: BrowserContext[] = [];
async function thaiPageAs(browser: Browser, role: Role): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateOf(role), acceptDownloads: true });
  contexts.push(context);
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('viewpact.language', 'th'));
  return page;
}
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A month `back` months before this one in Thailand, as the Thai pages name it: ตุลาคม 2569. */
function thaiMonth(back: number): string {
  const bangkok = new Date(Date.now() + 7 * 3_600_000);
  const first = new Date(Date.UTC(bangkok.getUTCFullYear(), bangkok.getUTCMonth() - back, 1));
  const name = new Intl.DateTimeFormat('th-TH-u-ca-gregory', { month: 'long', timeZone: 'UTC' }).format(first);
  return `${name} ${first.getUTCFullYear() + 543}`;
}

/** The demo's English titles and captions (its one-word tags are left out: "Skincare" is also in the brand's name). */
const demoTitles = Object.keys(demoThai).filter((text) => text.includes(' '));

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the demo creator’s Earnings in Thai: both closed months, the older paid with its 50 Tawi, the campaign and videos in Thai', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await thaiPageAs(browser, 'creator');
  await page.goto('/dashboard/earnings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  const statements = page.getByRole('region', { name: earnings.statements.title });
  const last = statements.getByRole('listitem').filter({ hasText: thaiMonth(1) });
  const older = statements.getByRole('listitem').filter({ hasText: thaiMonth(2) });
  await expect(last).toBeVisible();
  await expect(older).toContainText(earnings.statements.status.paid);
  await expect(older).toContainText(fill(earnings.statements.reference, { reference: 'KB-550019' }));

  // The paid month opens onto the demo campaign and its video, in Thai.
  await older.getByRole('button', { name: fill(earnings.statements.details, { month: thaiMonth(2) }) }).click();
  await expect(older.getByRole('region', { name: demoThai['Skincare Product Review'] })).toBeVisible();
  await expect(older).toContainText(demoThai['Five-minute glow before the office']);
  for (const english of demoTitles) await expect(older).not.toContainText(english);

  // Its withholding tax certificate downloads: a PDF.
  const download = page.waitForEvent('download');
  await older.getByRole('button', { name: earnings.certificate.download }).click();
  const certificate = await readFile((await (await download).path())!);
  expect(certificate.subarray(0, 5).toString()).toBe('%PDF-');
});

test('the demo creator’s notifications in Thai: her statements, her payout and the demo videos, with no English left', async ({ browser }) => {
  const page = await thaiPageAs(browser, 'creator');
  await page.goto('/dashboard/notifications');
  const main = page.getByRole('main');
  await expect(main).toContainText(notificationTexts.types.statement_ready.title);
  await expect(main).toContainText(notificationTexts.types.payout_sent.title);
  await expect(main).toContainText(demoThai['Sunscreen test: a full day at the beach']);
  for (const english of demoTitles) await expect(main).not.toContainText(english);
});

test('GlowLab’s Payments in Thai: an invoice for each closed month, the older paid with its tax invoice; its campaign’s budget already partly spent', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await thaiPageAs(browser, 'brand');
  await page.goto('/dashboard/payments');
  const documents = page.getByRole('list', { name: payments.billing.documents.title });
  const kinds = payments.billing.documents.kinds;
  const ofMonth = (kind: string, back: number) =>
    documents.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^${escape(kind)} `) }) }).filter({ hasText: thaiMonth(back) });
  await expect(ofMonth(kinds.invoice, 2)).toContainText(payments.billing.documents.status.paid);
  await expect(ofMonth(kinds.invoice, 1)).toBeVisible();
  const taxInvoice = ofMonth(kinds.tax_invoice, 2);
  await expect(taxInvoice).toContainText(/INV-\d{4}-\d{6}/);
  const number = (await taxInvoice.getByRole('heading').textContent())!.replace(kinds.tax_invoice, '').trim();
  const download = page.waitForEvent('download');
  await taxInvoice.getByRole('button', { name: fill(payments.billing.documents.pdfLabel, { kind: kinds.tax_invoice, number }) }).click();
  expect((await readFile((await (await download).path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto('/dashboard/opportunities');
  const campaign = page.getByRole('article', { name: demoThai['Skincare Product Review'] }).first();
  const left = escape(fill(opportunities.terms.budgetLeft, { left: 'LEFT', budget: '฿10,000.00' })).replace('LEFT', '฿[\\d,]+\\.\\d\\d');
  await expect(campaign).toContainText(new RegExp(left));
  await expect(campaign).not.toContainText(fill(opportunities.terms.budgetLeft, { left: '฿10,000.00', budget: '฿10,000.00' }));
});
