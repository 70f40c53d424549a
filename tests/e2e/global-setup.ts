import { existsSync } from 'node:fs';
import { chromium, type FullConfig } from '@playwright/test';

/** No browser, no end-to-end tests: fail and say how to get one, never skip silently. */
export default function globalSetup(config: FullConfig) {
  const configured = config.projects[0].use.launchOptions?.executablePath;
  const path = configured ?? chromium.executablePath();
  if (!path || !existsSync(path)) {
    throw new Error(
      [
        'No Chromium found for the end-to-end tests.',
        'Install one: `apt-get install -y chromium-headless-shell` (Debian/Ubuntu) or `npx playwright install chromium`,',
        'or point CHROMIUM_PATH at a Chromium or Chrome executable.',
      ].join('\n'),
    );
  }
}
