import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * A Chromium to drive: CHROMIUM_PATH, else Playwright's own if it was installed, else the OS
 * package. Playwright never downloads a browser here.
 */
export function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    (() => {
      try {
        return chromium.executablePath();
      } catch {
        return undefined;
      }
    })(),
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ];
  for (const path of candidates) if (path && existsSync(path)) return path;
  throw new Error(
    'No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}
