import type { D1Migration } from '@cloudflare/vitest-plugin';
import type { Env as WorkerEnv } from '../../src/worker/platform/env';

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** The local push service (web-push-testing) the push tests send to. */
      PUSH_TEST_SERVICE: string;
    }
  }
}
