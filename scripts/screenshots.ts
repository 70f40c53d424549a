/**
 * npm run screenshots: every listed page at phone and desktop widths, in English and
 * Thai, into screenshots/ — to look at a change the way a user will.
 * Serves the current build (npm run build first) on a throw-away database.
 * PAGES, WIDTHS, LANGS, TILE, AS, TIKTOK, CLOSE_MONTH, SQL and OPEN choose what and how (see below).
 */
import '../server/websocket-polyfill';
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from '@playwright/test';
import { loadConfig } from '../server/config';
import { closeDueMonths } from '../server/functions/scheduled';
import { startServer } from '../server/server';

const pages = (process.env.PAGES ?? '/,/login,/no-such-page').split(',');
// TILE=1000 also writes the page in slices of that height, easier to look at than one long image.
const tile = Number(process.env.TILE ?? 0);
const widths = (process.env.WIDTHS ?? '390,1280').split(',').map(Number);
const languages = (process.env.LANGS ?? 'en,th').split(',');

/**
 * TIKTOK=<username> (with AS): connects that sandbox account in Settings → Integrations, once,
 * before the screenshots, and syncs its videos, as a creator would.
 */
async function connectTikTok(page: Page, baseUrl: string, username: string) {
  await page.goto(`${baseUrl}/dashboard/settings?tab=integrations`);
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^(Connect TikTok|เชื่อมต่อ TikTok)$/ }).click();
  const popup = await opened;
  await popup.locator('#username').fill(username);
  await popup.locator('button[value=allow]').click();
  await popup.waitForEvent('close');
  await page.getByRole('button', { name: /^(Sync videos|ซิงก์วิดีโอ)$/ }).click();
  await page.getByText(/Successfully synced|ซิงก์วิดีโอ TikTok สำเร็จ/).waitFor();
}

async function main() {
  const server = await startServer(loadConfig({ DEMO_ADMIN_PASSWORD: 'admin-demo', ...process.env, DATA_DIR: 'memory', PORT: '0', SEED: '1', DATABASE_URL: '' }));
  // CLOSE_MONTH=1: close last month first, as the scheduler does on the 1st (statements, payouts, invoices).
  if (process.env.CLOSE_MONTH) await closeDueMonths(server.db);
  // SQL=<statements>: run as the database owner first, to set up a state to look at (a close running, say).
  if (process.env.SQL) await server.db.exec(process.env.SQL);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  await mkdir('screenshots', { recursive: true });
  let connected = false;
  try {
    for (const language of languages) {
      for (const width of widths) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        await context.addInitScript((lang) => localStorage.setItem('viewpact.language', lang), language);
        const page = await context.newPage();
        // AS=creator|brand|admin: look at the pages as that demo account.
        if (process.env.AS) {
          await page.goto(`${server.url}/login`);
          await page.locator('input[type=email]').fill(`${process.env.AS}@demo.viewpact.test`);
          await page.locator('input[type=password]').fill(`${process.env.AS}-demo`);
          await page.locator('form button[type=submit]').click();
          await page.waitForURL(/\/dashboard\//);
          if (process.env.TIKTOK && !connected) {
            await connectTikTok(page, server.url, process.env.TIKTOK);
            connected = true;
          }
        }
        for (const path of pages) {
          await page.goto(server.url + path, { waitUntil: 'networkidle' });
          // OPEN=<pattern>: first press the first button whose accessible name matches (a dialog, a calendar), in either language.
          if (process.env.OPEN) {
            await page.getByRole('button', { name: new RegExp(process.env.OPEN) }).first().click();
            await page.waitForTimeout(500);
          }
          const name = `${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}${process.env.OPEN ? '-open' : ''}-${width}-${language}.png`;
          await page.screenshot({ path: `screenshots/${name}`, fullPage: !process.env.OPEN });
          console.log(`screenshots/${name}`);
          if (tile > 0) {
            const height = await page.evaluate(() => document.documentElement.scrollHeight);
            for (let y = 0, part = 1; y < height; y += tile, part++) {
              const slice = name.replace('.png', `-part${part}.png`);
              await page.screenshot({ path: `screenshots/${slice}`, fullPage: true, clip: { x: 0, y, width, height: Math.min(tile, height - y) } });
            }
          }
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
