// Screenshots for looking at screens: npm run screens -- [--base URL] [--login email:password] [--totp SECRET] [--lang fr|es|ja|ar|en-XA] [--widths 1024,1280,1440,390] path...
// --base: the server to shoot, by default npm start's on PORT (as `PORT=9000 npm start`), else 8787.
// Writes .screens/<name>-desktop.png and -phone.png (390 px wide) for each path. When the login
// asks for a two-factor code, it is computed from --totp, else from the seeded admin's secret.
// --lang: the device's language cookie, set after the login (which is driven in English); en-XA is
// the tests' pseudo-language (a local Worker only). A member's account language still wins over it.
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { totpCode } from '../src/worker/modules/auth/totp';
import { chromiumLaunchOptions } from '../tests/e2e/find-chromium';
import { seedOptionsFromEnv } from './lib/seed/options';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? '8787'}` },
    login: { type: 'string' },
    full: { type: 'boolean', default: false },
    totp: { type: 'string' },
    lang: { type: 'string' },
    // Other widths than a desktop's 1280 px and a phone's 390 px: each screen is named by its width.
    widths: { type: 'string' },
  },
});
mkdirSync('.screens', { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions());
const sizes = values.widths
  ? values.widths.split(',').map((w) => [`${Number(w)}`, { width: Number(w), height: Number(w) <= 480 ? 844 : 860 }] as const)
  : ([
      ['desktop', { width: 1280, height: 860 }],
      ['phone', { width: 390, height: 844 }],
    ] as const);
for (const [label, viewport] of sizes) {
  const context = await browser.newContext({ viewport, baseURL: values.base });
  const page = await context.newPage();
  if (values.login) {
    const [email, password] = values.login.split(':');
    await page.goto('/login');
    await page.getByLabel('Email').fill(email!);
    await page.getByLabel('Password').fill(password!);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const code = page.getByLabel('Authentication code');
    await Promise.race([page.waitForURL(/\/home$/), code.waitFor()]);
    if (await code.isVisible()) {
      const secret = values.totp ?? seedOptionsFromEnv().adminTotpSecret;
      if (!secret) throw new Error('The login asks for a two-factor code: pass --totp SECRET.');
      // Each code signs in once: the phone pass may need the next one.
      await code.fill(await totpCode(secret, Date.now() + (label === sizes[0]![0] ? 0 : 30_000)));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(/\/home$/);
    }
  }
  if (values.lang) await context.addCookies([{ name: 'lang', value: values.lang, url: values.base }]);
  for (const path of positionals.length ? positionals : ['/']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const name = (path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home') + (values.lang ? `-${values.lang}` : '');
    await page.screenshot({ path: `.screens/${name}-${label}.png`, fullPage: values.full });
    console.log(`.screens/${name}-${label}.png`);
  }
  await context.close();
}
await browser.close();
