// Screenshots for looking at screens: npm run screens -- [--base URL] [--login email:password] path...
// Writes .screens/<name>-desktop.png and -phone.png (390 px wide) for each path.
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/find-chromium';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8787' },
    login: { type: 'string' },
    full: { type: 'boolean', default: false },
  },
});
mkdirSync('.screens', { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions());
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 860 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  const context = await browser.newContext({ viewport, baseURL: values.base });
  const page = await context.newPage();
  if (values.login) {
    const [email, password] = values.login.split(':');
    await page.goto('/login');
    await page.getByLabel('Email').fill(email!);
    await page.getByLabel('Password').fill(password!);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/home$/);
  }
  for (const path of positionals.length ? positionals : ['/']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const name = path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
    await page.screenshot({ path: `.screens/${name}-${label}.png`, fullPage: values.full });
    console.log(`.screens/${name}-${label}.png`);
  }
  await context.close();
}
await browser.close();
