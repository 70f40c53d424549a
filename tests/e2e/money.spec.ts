import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type BrowserContext, type Download, type Page } from '@playwright/test';
import { storageStateOf, type Role } from './helpers';

/**
 * Issue 14 end to end, on the demo data: Nalinee's GlowLab video of last month (supabase/seed.sql)
 * earns over 1,000 baht in it. The seed closed last month and gave her payout details (issue 33):
 * closing it again changes nothing; Nalinee edits her payout details, sees the statement and
 * downloads it as CSV; the admin pays her; she downloads the 50 Tawi certificate; GlowLab downloads
 * its invoice. Each person has a browser context of their own.
 */

const contexts: BrowserContext[] = [];
async function pageAs(browser: Browser, role: Role): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateOf(role), acceptDownloads: true });
  contexts.push(context);
  return context.newPage();
}
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** Last month in Thailand: as the pages name it (October 2026) and as the CSV does (2026-10). */
function lastMonth(): { name: string; key: string } {
  const bangkok = new Date(Date.now() + 7 * 3_600_000);
  const first = new Date(Date.UTC(bangkok.getUTCFullYear(), bangkok.getUTCMonth() - 1, 1));
  return { name: first.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }), key: first.toISOString().slice(0, 7) };
}

async function downloaded(download: Download): Promise<Buffer> {
  return readFile((await download.path())!);
}

test('last month is closed; the creator sees her statement, is paid and downloads the 50 Tawi certificate; the brand downloads its invoice', async ({ browser }) => {
  test.setTimeout(120_000);
  const { name: month, key: monthKey } = lastMonth();

  // The seed closed last month: the admin asking again changes nothing.
  const admin = await pageAs(browser, 'admin');
  await admin.goto('/dashboard/admin?tab=payments&pay=months');
  await expect(admin.getByRole('region', { name: 'Close a month' }).getByRole('combobox', { name: 'Month', exact: true })).toHaveValue(/\d{4}-\d{2}-01/);
  await admin.getByRole('button', { name: 'Close month' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Close month' }).click();
  await expect(admin.getByText(new RegExp(`${month} was already closed`))).toBeVisible();

  // Nalinee's payout details, given in the seed, shown by their last digits; she edits them, with her tax ID and the separate consent.
  const creator = await pageAs(browser, 'creator');
  await creator.goto('/dashboard/settings?tab=payouts');
  await expect(creator.getByText('•••••• 0121')).toBeVisible();
  await creator.getByRole('button', { name: 'Edit' }).click();
  await creator.getByRole('radio', { name: /PromptPay/ }).check();
  await creator.getByLabel('PromptPay number').fill('081-234-5678');
  await creator.getByLabel(/Full legal name/).fill('Nalinee Chaiyaporn');
  await creator.getByLabel(/Thai tax ID/).fill('1234567890121');
  await creator.getByRole('checkbox', { name: /keeps my tax ID/ }).check();
  await creator.getByRole('button', { name: 'Save payout details' }).click();
  await expect(creator.getByText('Payout details saved')).toBeVisible();
  await expect(creator.getByText('•••••• 0121')).toBeVisible();
  await expect(creator.getByText('1234567890121')).toHaveCount(0);

  // Her statement: due, with 3% withheld; the CSV has the same row.
  await creator.goto('/dashboard/earnings');
  const statements = creator.getByRole('region', { name: 'Monthly statements' });
  const row = statements.getByRole('listitem').filter({ hasText: month });
  await expect(row).toContainText('Due');
  await expect(row).toContainText('Withholding tax');
  const csvDownload = creator.waitForEvent('download');
  await statements.getByRole('button', { name: 'Download CSV' }).click();
  const csv = (await downloaded(await csvDownload)).toString('utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toMatch(/Month,Views,Gross,Withholding tax,Net,Status/);
  // Its line: gross, 3% withheld (from 1,000 baht: Nalinee's month is over it), net = gross − tax, due.
  const line = csv.split('\r\n').find((text) => text.startsWith(`${monthKey},`))!;
  const [, , gross, wht, net, status] = line.split(',');
  expect(Number(gross)).toBeGreaterThanOrEqual(1000);
  expect(Math.round(Number(wht) * 100)).toBe(Math.floor(Math.round(Number(gross) * 100) * 0.03));
  expect(Math.round(Number(net) * 100)).toBe(Math.round(Number(gross) * 100) - Math.round(Number(wht) * 100));
  expect(status).toBe('Due');
  await expect(row.getByRole('button', { name: /50 Tawi/ })).toHaveCount(0);

  // The admin pays it: the PromptPay QR for the exact net, then "Mark as paid" with the reference.
  await admin.goto('/dashboard/admin?tab=payments&pay=payouts');
  const due = admin.getByRole('table', { name: 'Payouts due' }).getByRole('row', { name: /Nalinee/ });
  await expect(due).toContainText('••••5678');
  await due.getByRole('button', { name: /^Pay / }).click();
  await expect(admin.getByRole('dialog').getByRole('img', { name: /PromptPay QR code for ฿[\d,]+\.\d\d/ })).toBeVisible();
  await admin.getByRole('dialog').getByRole('button', { name: 'Mark as paid' }).click();
  const markPaid = admin.getByRole('dialog', { name: 'Mark payout as paid' });
  await markPaid.getByRole('textbox', { name: 'Transfer reference' }).fill('KB-E2E-0001');
  await markPaid.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(admin.getByText('Payout marked as paid')).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Paid payouts' }).getByRole('row', { name: /Nalinee/ }).filter({ hasText: 'KB-E2E-0001' })).toBeVisible();

  // Her statement turns paid, and the certificate downloads: a PDF.
  await creator.reload();
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('KB-E2E-0001');
  const pdfDownload = creator.waitForEvent('download');
  await row.getByRole('button', { name: /50 Tawi/ }).click();
  const certificate = await downloaded(await pdfDownload);
  expect(certificate.subarray(0, 5).toString()).toBe('%PDF-');

  // GlowLab (billing details in the seed: issue 34) sees its invoice of the month and downloads it.
  const brand = await pageAs(browser, 'brand');
  await brand.goto('/dashboard/payments');
  const invoice = brand.getByRole('list', { name: 'Billing documents' }).getByRole('listitem').filter({ hasText: month }).filter({ hasText: /^Invoice INV-/ });
  await expect(invoice).toContainText('Due');
  const invoiceDownload = brand.waitForEvent('download');
  await invoice.getByRole('button', { name: /^Download Invoice INV-\d{4}-\d{6} as PDF$/ }).click();
  const pdf = await invoiceDownload;
  expect(pdf.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  expect((await downloaded(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
});
