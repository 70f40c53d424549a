import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type BrowserContext, type Download, type Locator, type Page } from '@playwright/test';
import { keep, readPdf } from '../../src/testing/pdf-text';
import { idle, lastMailTo, seriousViolations, settled, signIn, storageStateOf } from './helpers';

/**
 * Issue 34 end to end, on the demo data: last month is closed at the first start, and Volt Energy
 * (a sample brand, supabase/seed.sql) was charged in it, but has no billing details, so its invoice
 * waits. The admin sees Volt among the brands missing billing details; Volt gives them in Settings
 * and downloads its invoice (ใบแจ้งหนี้); the admin records the payment with 2% withheld and its
 * 50 Tawi; Volt downloads the receipt/tax invoice (ใบเสร็จรับเงิน/ใบกำกับภาษี) as PDF and CSV; the
 * admin downloads the month's VAT and withholding reports. Every PDF's text is read back: the
 * particulars the Revenue Code asks for, in Thai. Volt is used by no other spec (GlowLab, the demo
 * brand, keeps its old invoices for money.spec and demo-story.spec).
 */

const volt = { email: 'volt@sample.viewpact.test', password: 'volt-e2e-password-1' };
const details = {
  legalName: 'บริษัท โวลต์ เบฟเวอเรจ จำกัด',
  address: '77 ถนนวิภาวดีรังสิต แขวงจตุจักร เขตจตุจักร กรุงเทพมหานคร 10900',
  taxId: '0105558123451',
  taxIdShown: '0-1055-58123-45-1',
  email: 'ap@volt-energy.example',
};

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true, ...options });
  contexts.push(context);
  return context.newPage();
}

/** Volt's sample account has no password: it sets one through Forgot password, as a person would, and signs in. */
async function signInAsVolt(page: Page, baseURL: string) {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(volt.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${volt.email}`)).toBeVisible();
  await expect.poll(async () => (await lastMailTo(baseURL, volt.email))?.text ?? '').toMatch(/https?:\/\//);
  await page.goto(/https?:\/\/\S+/.exec((await lastMailTo(baseURL, volt.email))!.text)![0]);
  await expect(page).toHaveURL(/\/reset-password/);
  await page.getByLabel('New password', { exact: true }).fill(volt.password);
  await page.getByLabel('Confirm new password').fill(volt.password);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, volt, /\/dashboard\/brand$/);
}

async function downloaded(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const download: Promise<Download> = page.waitForEvent('download');
  await button.click();
  const file = await download;
  const got = { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
  keep(got.name, got.bytes); // MONEY_DOCS_DIR=<folder>: each document as the brand gets it, to look at
  return got;
}

/** A document's text as a PDF reader copies it; never a glyph without its character. */
function pdfText(bytes: Buffer): string {
  const read = readPdf(new Uint8Array(bytes));
  expect(read.valid).toBe(true);
  expect(read.text).not.toContain('\uFFFD');
  return read.text;
}

/** The month this is in Thailand, as YYYY-MM-01 (a tax invoice issued today is in its VAT report). */
function thisMonth(): string {
  return new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 7) + '-01';
}

test('a brand gives its billing details and downloads its invoice; the admin records its payment with 2% withheld; the brand downloads the tax invoice', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);

  // The admin sees Volt among the brands whose invoice waits for billing details.
  const admin = await newPage(browser, { storageState: storageStateOf('admin') });
  await admin.goto('/dashboard/admin?tab=payments&pay=invoices');
  await expect(admin.getByRole('table', { name: 'Brands missing billing details' }).getByRole('row', { name: /Volt Energy/ })).toBeVisible();
  await settled(admin);
  expect(await seriousViolations(admin), 'the admin’s billing').toEqual([]);

  // Volt is told on its Payments page, and gives its details in Settings.
  const brand = await newPage(browser);
  await signInAsVolt(brand, baseURL!);
  await brand.goto('/dashboard/payments');
  const notice = brand.getByRole('region', { name: 'Add your billing details' });
  await expect(notice).toContainText('waiting for your company');
  await settled(brand);
  expect(await seriousViolations(brand), 'the Payments page with its notice').toEqual([]);
  await notice.getByRole('link', { name: 'Add billing details' }).click();
  await expect(brand.getByRole('tab', { name: 'Billing details', selected: true })).toBeVisible();
  await brand.getByLabel('Registered company name').fill(details.legalName);
  await brand.getByLabel('Billing address').fill(details.address);
  // A typo in the check digit is caught in the form.
  await brand.getByLabel('Tax ID').fill('0105558123452');
  await brand.getByRole('button', { name: 'Save billing details' }).click();
  await expect(brand.getByText('Enter a valid 13-digit Thai tax ID')).toBeVisible();
  await idle(brand);
  expect(await seriousViolations(brand), 'the Billing details form with a refusal').toEqual([]);
  await brand.getByLabel('Tax ID').fill(details.taxIdShown);
  await brand.getByLabel('Billing e-mail').fill(details.email);
  await brand.getByRole('button', { name: 'Save billing details' }).click();
  await expect(brand.getByText('Billing details saved')).toBeVisible();
  await expect(brand.getByText(details.taxIdShown)).toBeVisible();

  // Saving issued the invoice: Volt downloads it.
  await brand.goto('/dashboard/payments');
  await expect(brand.getByRole('region', { name: 'Add your billing details' })).toHaveCount(0);
  const documents = brand.getByRole('list', { name: 'Billing documents' });
  const invoiceItem = documents.getByRole('listitem').filter({ hasText: /Invoice INV-\d{4}-\d{6}/ });
  await expect(invoiceItem).toContainText('Due');
  const invoiceNumber = /INV-\d{4}-\d{6}/.exec((await invoiceItem.textContent()) ?? '')![0];
  const total = /Total฿([\d,]+\.\d{2})/.exec((await invoiceItem.textContent()) ?? '')![1];
  const invoicePdf = await downloaded(brand, invoiceItem.getByRole('button', { name: `Download Invoice ${invoiceNumber} as PDF` }));
  expect(invoicePdf.name).toBe(`${invoiceNumber}.pdf`);
  const invoiceText = pdfText(invoicePdf.bytes);
  for (const expected of [
    'ใบแจ้งหนี้',
    invoiceNumber,
    'ViewPact Co., Ltd.',
    details.legalName,
    'แขวงจตุจักร',
    details.taxIdShown,
    'สำนักงานใหญ่ / Head office',
    'เลขประจำตัวผู้เสียภาษีอากร / Tax ID',
    'ครบกำหนดชำระ',
    'มูลค่าก่อนภาษีมูลค่าเพิ่ม',
    'ภาษีมูลค่าเพิ่ม 7%',
    'รวมทั้งสิ้น',
    total,
    'ภาษีหัก ณ ที่จ่ายที่ลูกค้าหัก 2%',
    'ยอดโอนสุทธิ',
  ]) {
    expect(invoiceText).toContain(expected);
  }

  // The admin records the payment: the net received and the 2% withheld, both filled in, with the 50 Tawi's number.
  await admin.reload();
  const open = admin.getByRole('table', { name: 'Open invoices' });
  await open.getByRole('button', { name: `Record a payment of invoice ${invoiceNumber}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByRole('status')).toHaveText('Balance after this payment: ฿0.00');
  await idle(admin);
  expect(await seriousViolations(admin), 'the Record payment dialog').toEqual([]);
  await dialog.getByLabel('50 Tawi certificate number').fill('VOLT-50T-0001');
  await dialog.getByLabel('Bank reference').fill('SCB 5510042');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  const recorded = admin.getByText(/Payment recorded: TAX-\d{4}-\d{6} issued/);
  await expect(recorded).toBeVisible();
  const taxNumber = /TAX-\d{4}-\d{6}/.exec((await recorded.textContent()) ?? '')![0];
  await expect(open.getByRole('row', { name: new RegExp(invoiceNumber) })).toHaveCount(0);

  // Volt's invoice is paid, and its receipt/tax invoice is there, as PDF and as CSV.
  await brand.reload();
  await expect(invoiceItem).toContainText('Paid');
  const taxItem = documents.getByRole('listitem').filter({ hasText: taxNumber });
  await expect(taxItem).toContainText(`Receipt/tax invoice ${taxNumber}`);
  const taxPdf = await downloaded(brand, taxItem.getByRole('button', { name: `Download Receipt/tax invoice ${taxNumber} as PDF` }));
  const taxText = pdfText(taxPdf.bytes);
  for (const expected of [
    'ใบเสร็จรับเงิน/ใบกำกับภาษี',
    'Receipt/Tax Invoice',
    'ต้นฉบับ / Original',
    taxNumber,
    'ViewPact Co., Ltd.',
    details.legalName,
    'แขวงจตุจักร',
    details.taxIdShown,
    'สำนักงานใหญ่ / Head office',
    'ค่าโฆษณาตามวิวที่นับ',
    'มูลค่าก่อนภาษีมูลค่าเพิ่ม',
    'ภาษีมูลค่าเพิ่ม 7%',
    total,
    'ชำระตามใบแจ้งหนี้ / For invoice',
    invoiceNumber,
    'VOLT-50T-0001',
    'SCB 5510042',
  ]) {
    expect(taxText).toContain(expected);
  }
  const taxCsv = await downloaded(brand, taxItem.getByRole('button', { name: `Download Receipt/tax invoice ${taxNumber} as CSV` }));
  expect(taxCsv.name).toBe(`${taxNumber}.csv`);
  const [header, row] = taxCsv.bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toContain('Document type,Document number,Date,Seller name');
  expect(row).toContain(`Receipt/Tax Invoice,${taxNumber}`);
  expect(row).toContain(`${details.taxId},Head office`);
  expect(row).toContain(`,${total.replaceAll(',', '')},`);

  // The admin's reports of this month: the tax invoice in the output VAT report, the 50 Tawi in the withholding report.
  await admin.goto('/dashboard/admin?tab=payments&pay=months');
  await admin.getByRole('combobox', { name: 'Report month' }).selectOption(thisMonth());
  const vatReport = await downloaded(admin, admin.getByRole('button', { name: 'Output VAT report' }));
  expect(vatReport.bytes.toString('utf8')).toContain(`${taxNumber},Receipt/Tax Invoice,${details.legalName},${details.taxId},Head office`);
  const whtReport = await downloaded(admin, admin.getByRole('button', { name: 'Withholding tax deducted by brands' }));
  expect(whtReport.bytes.toString('utf8')).toContain(`${details.legalName},${details.taxId},${invoiceNumber},VOLT-50T-0001,`);
});
