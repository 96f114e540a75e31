import path from 'node:path';
import { expect, test, type Cookie } from '@playwright/test';
import { FIRST_LOADS, firstLoadFiles, firstLoadInBrowser } from '../../scripts/lib/first-load-js';
import { loginAsAdmin } from './fixtures';

// npm test's bundle gate counts first-load JS from the Vite manifest and FIRST_LOADS' list of
// lazily loaded modules per page. Here Chromium says which scripts it really fetches, so that list
// cannot drift from the app (a page that starts importing another chunk on first render fails).
const clientDir = path.resolve(import.meta.dirname, '../..', process.env.CLIENT_OUT_DIR ?? 'dist/client');

for (const load of FIRST_LOADS) {
  test(`first load of the ${load.name} fetches exactly the scripts the bundle check counts`, async ({ browser, page }) => {
    let cookies: Cookie[] = [];
    if (load.member) {
      await loginAsAdmin(page);
      cookies = await page.context().cookies();
    }
    // A fresh context: nothing cached from the login.
    const context = await browser.newContext();
    await context.addCookies(cookies);
    const fresh = await context.newPage();
    const { files } = await firstLoadInBrowser(fresh, new URL(load.path, test.info().project.use.baseURL).href);
    await context.close();
    expect(files).toEqual(firstLoadFiles(clientDir, load.lazy));
  });
}
