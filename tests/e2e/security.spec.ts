import { expect, test, type Page } from '@playwright/test';
import { signedInAs } from './helpers';

/** Every Content-Security-Policy violation the page reports, as "directive blocked-URL". */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${location.pathname}`));
  });
  return async () => [...refused, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))];
}

test('the public pages run under a script policy without unsafe-inline, and break none of it', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ['/', '/login', '/help']) {
    const response = await page.goto(path);
    const policy = response!.headers()['content-security-policy'];
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toContain('unsafe-inline\' ;');
    expect(policy.split('; ').find((directive) => directive.startsWith('script-src'))).not.toContain('unsafe');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  // The theme snippet ran (its hash is in the policy): a dark theme chosen before is there at first paint.
  await page.evaluate(() => localStorage.setItem('viewpact.theme', 'dark'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await violations()).toEqual([]);
});

test.describe('signed in', () => {
  test.use(signedInAs('creator'));

  test("the creator's dashboard, videos with the player, and earnings with its charts break no rule of the policy", async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/dashboard/creator');
    await expect(page.getByRole('heading', { name: 'Creator Dashboard' })).toBeVisible();
    await page.goto('/dashboard/videos');
    const first = page.getByRole('article').first();
    await first.getByRole('button', { name: /^Details: / }).click();
    await expect(page.getByRole('dialog').locator('iframe, .recharts-surface').first()).toBeVisible();
    await page.goto('/dashboard/earnings');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
});
