import { expect, test } from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import { loginAs, SEED } from './fixtures';

// Issue 26: /api/docs renders GET /api/openapi.json under the app's own CSP, on a desktop and a
// phone, asking nothing of any other origin; the admin dashboard links it.

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['390 px phone', { width: 390, height: 844 }],
] as const) {
  test(`the API reference renders the OpenAPI document on a ${name}, within the CSP`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(BASE_URL) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) elsewhere.push(r.url());
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`));
    });
    const res = await page.goto('/api/docs');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: /the club API/, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Auth and account', level: 2 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
}

test('the admin dashboard links the API reference', async ({ page }) => {
  await loginAs(page, SEED.admin.email, SEED.admin.password, SEED.admin.name);
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: /API reference/ })).toHaveAttribute('href', '/api/docs');
});
