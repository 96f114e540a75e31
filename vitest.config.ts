import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { makeVapidKeys } from './scripts/lib/vapid-keys.js';

// Worker tests run inside workerd with the real D1, R2, Queue, send_email and rate-limit bindings
// of wrangler.toml. The migrations are applied by tests/worker/setup.ts.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  // The Worker secret of .dev.vars / `wrangler secret put`: a fresh one each run, never committed.
  // Also in process.env, so wrangler's required-secrets check is satisfied on a fresh clone.
  const dataKey = (process.env.DATA_ENCRYPTION_KEY ??= randomBytes(32).toString('base64'));
  // The push notifications' VAPID pair (issue 40), made the same way.
  const vapid = makeVapidKeys();
  process.env.VAPID_PUBLIC_KEY ??= vapid.publicKey;
  process.env.VAPID_PRIVATE_KEY ??= vapid.privateKey;
  // The tickets' signing key (issue 43).
  process.env.TICKET_SIGNING_KEY ??= randomBytes(32).toString('base64');
  // The local push service the push tests send to (tests/worker/push-service.global.ts).
  process.env.PUSH_TEST_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          // The start-up test (tests/worker/platform/startup.test.ts) loads the production bundle into a
          // fresh isolate of its own (a Worker Loader), and asks this process for the bundle: the one
          // npm test's dry-run deploy just built, or one built now (scripts/lib/deploy-check.ts).
          workerLoaders: { LOADER: {} },
          serviceBindings: {
            PRODUCTION_BUNDLE: async () => {
              const { freshBundle } = await import('./scripts/lib/deploy-check.js');
              const { readFileSync } = await import('node:fs');
              return new Response(readFileSync(freshBundle()));
            },
          },
          bindings: {
            TEST_MIGRATIONS: migrations,
            ENVIRONMENT: 'test',
            APP_ORIGIN: 'http://127.0.0.1:8787',
            DATA_ENCRYPTION_KEY: dataKey,
            VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY,
            VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY,
            TICKET_SIGNING_KEY: process.env.TICKET_SIGNING_KEY,
            PUSH_TEST_SERVICE: `http://localhost:${process.env.PUSH_TEST_PORT}`,
          },
        },
      }),
    ],
    test: {
      include: ['tests/worker/**/*.test.ts', 'tests/unit/**/*.test.ts'],
      setupFiles: ['./tests/worker/setup.ts'],
      globalSetup: ['./tests/worker/push-service.global.ts'],
      // One workerd runtime serves many test files one after another instead of one runtime per
      // file (about three minutes less on two cores); tests/worker/setup.ts empties D1 and R2 before
      // each file, so every file still starts from a fresh database.
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 30_000,
    },
  };
});
