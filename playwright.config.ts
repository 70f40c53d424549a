import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { demoAdminPassword } from './tests/e2e/demo-accounts';

const port = Number(process.env.E2E_PORT ?? 4173);

/**
 * A browser to drive: CHROMIUM_PATH, Debian's headless shell, Debian's chromium, or Playwright's own
 * download. The headless shell is the browser Playwright itself runs headless tests in: the same
 * Blink without the desktop browser around it, which started a window's own renderers for each
 * test (issue 32: 34 tests took 76 s in it, 130 s in the full browser).
 */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((path) => existsSync(path));
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    // A failed test keeps a light trace (actions, network, console) beside its screenshot; DOM snapshots
    // and screencasts cost about a fifth of the run. For a full trace: `npx playwright test --trace on`.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    launchOptions: {
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
  },
  projects: [
    // Signs each demo account in once through the form and saves its state (tests/e2e/auth.setup.ts);
    // specs reuse it with test.use(signedInAs(role)).
    { name: 'setup', testMatch: /auth\.setup\.ts$/, use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'] },
  ],
  webServer: {
    // The production build on the local backend, with a throw-away database and the demo data.
    command: 'node --import tsx server/cli.ts',
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: 'memory',
      DATABASE_URL: '',
      SEED: '1',
      // A known admin password for the tests (otherwise it is random per installation).
      DEMO_ADMIN_PASSWORD: demoAdminPassword,
      AUTH_SIGNIN_FAILURES_PER_5MIN: '1000',
      AUTH_SIGNIN_FAILURES_PER_ADDRESS: '1000',
      AUTH_SIGNUPS_PER_HOUR: '1000',
      AUTH_QUICK_PASSWORD_HASHES: '1',
      AUTH_EMAILS_PER_HOUR: '1000',
      // Notification e-mails go out within seconds, so a test can read them.
      NOTIFICATION_EMAIL_INTERVAL_SEC: '2',
    },
  },
});
