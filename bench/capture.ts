import { chromium, type Browser, type Request } from '@playwright/test';

/** One API request as the SPA (supabase-js) sent it: replayed later with the same method, URL, headers and body. */
export type CapturedCall = { name: string; method: string; path: string; headers: Record<string, string>; body: string | null };
export type CapturedPage = { account: string; page: string; calls: CapturedCall[] };

export type PageToCapture = { page: string; path: string };

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  try {
    return await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  } catch (error) {
    throw new Error(`Chromium did not start (${(error as Error).message.split('\n')[0]}): install it with "apt-get install -y chromium", or set CHROMIUM_PATH`, { cause: error });
  }
}

const isApi = (url: URL) => url.pathname.startsWith('/rest/v1/') || url.pathname.startsWith('/functions/v1/');

/** A short readable name: the table or function, with the filters that tell two calls apart. */
function callName(url: URL): string {
  const target = url.pathname.replace(/^\/(rest|functions)\/v1\//, '');
  const filters = [...url.searchParams.entries()]
    .filter(([key]) => !['select', 'order', 'offset', 'limit', 'columns'].includes(key))
    .map(([key, value]) => `${key}=${value.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '…').slice(0, 24)}`);
  const offset = url.searchParams.get('offset');
  return [target, ...filters, offset && offset !== '0' ? `offset=${offset}` : ''].filter(Boolean).join(' ');
}

async function captured(request: Request, origin: string): Promise<CapturedCall> {
  const url = new URL(request.url());
  const headers = await request.allHeaders();
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (['apikey', 'authorization', 'accept', 'accept-profile', 'content-profile', 'content-type', 'prefer', 'range', 'x-client-info'].includes(key)) kept[key] = value;
  }
  return { name: callName(url), method: request.method(), path: url.href.slice(origin.length), headers: kept, body: request.postData() };
}

/**
 * Signs in through the product's sign-in page, opens each page cold and records the API
 * requests it makes until the network is quiet. Sign-in and token refreshes (auth) are
 * not part of a dashboard's data.
 */
export async function capturePages(browser: Browser, baseUrl: string, account: { label: string; email: string; password: string }, pages: PageToCapture[]): Promise<CapturedPage[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard/, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const result: CapturedPage[] = [];
    for (const target of pages) {
      const requests: Promise<CapturedCall>[] = [];
      const listener = (request: Request) => {
        if (isApi(new URL(request.url()))) requests.push(captured(request, baseUrl));
      };
      // A cold load: nothing the previous page fetched is reused.
      await page.goto('about:blank');
      page.on('request', listener);
      await page.goto(`${baseUrl}${target.path}`);
      await page.waitForLoadState('networkidle', { timeout: 60_000 });
      page.off('request', listener);
      const calls = await Promise.all(requests);
      if (calls.length === 0) throw new Error(`${account.label}: ${target.path} made no API request`);
      result.push({ account: account.label, page: target.page, calls });
    }
    return result;
  } finally {
    await context.close();
  }
}
