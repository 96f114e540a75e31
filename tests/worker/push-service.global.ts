import { startPushService } from '../../scripts/lib/push-service';

/**
 * Vitest's global setup (in Node): the local push service of issue 40 (web-push-testing) for the
 * push tests, on the port vitest.config.ts chose and handed to the Worker as PUSH_TEST_SERVICE.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const service = await startPushService(Number(process.env.PUSH_TEST_PORT));
  return () => service.close();
}
