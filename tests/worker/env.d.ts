import type { D1Migration } from '@cloudflare/vitest-plugin';
import type { Env as WorkerEnv } from '../../src/worker/platform/env';

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** vitest.config.ts: the Worker as `npm run deploy` builds it, and a loader of fresh isolates for it. */
      PRODUCTION_BUNDLE: Fetcher;
      LOADER: WorkerLoader;
      /** The local push service (web-push-testing) the push tests send to. */
      PUSH_TEST_SERVICE: string;
    }
  }
}
