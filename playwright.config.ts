import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/find-chromium';

const PORT = Number(process.env.E2E_PORT ?? 8790);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

// The browser tests run against `npm start` on its own port and its own fresh local state
// (seeded admin, invite code and demo members), so they never touch the developer's data.
export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // CHROMIUM_PATH, Playwright's own, the OS's, else the npm package's (see find-chromium.ts).
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'tsx scripts/start.ts',
    url: `${BASE_URL}/auth-status`,
    // npm test starts this server itself while its gates run (scripts/test.ts) and says so with
    // E2E_SERVER_STARTED=1; otherwise Playwright starts it and never takes someone else's.
    reuseExistingServer: process.env.E2E_SERVER_STARTED === '1',
    // Build (unless E2E_SKIP_BUILD), migrations and the demo seed: on the shared 2-core machine under
    // eight engineers' test runs (load average 20+) this has taken 210 s; 7 minutes leaves room.
    timeout: 420_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      PERSIST_TO: process.env.E2E_PERSIST_TO ?? '.wrangler/e2e-state',
      RESET_STATE: '1',
      SKIP_BUILD: process.env.E2E_SKIP_BUILD ?? '0',
      START_LOG_LEVEL: 'warn',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_SEND_METRICS: 'false',
    },
  },
});
