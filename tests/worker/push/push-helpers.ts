import { env } from 'cloudflare:workers';
import { pushServiceClient, type TestPushSubscription } from '../../../scripts/lib/push-service';
import { request, type TestUser } from '../helpers';

/** The local push service (web-push-testing) started by tests/worker/push-service.global.ts. */
export const pushService = pushServiceClient(env.PUSH_TEST_SERVICE);

/** A device of hers: a subscription from the push service for the app's key, registered with the app. */
export async function subscribeDevice(u: TestUser): Promise<TestPushSubscription & { id: number }> {
  const { public_key } = await (await request('/api/push/key', { as: u })).json<{ public_key: string }>();
  const sub = await pushService.subscribe(public_key);
  const res = await request('/api/push/subscriptions', { as: u, body: { endpoint: sub.endpoint, keys: sub.keys } });
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${await res.text()}`);
  return { ...sub, ...(await res.json<{ id: number }>()) };
}

/** Waits (up to 15 s) until `count` pushes have reached the device; answers them decoded. */
export async function pushesTo(
  sub: TestPushSubscription,
  count = 1,
): Promise<{ title: string; body: string; url: string; tag: string; kind: string }[]> {
  for (let i = 0; i < 150; i++) {
    const messages = await pushService.messages(sub.clientHash);
    if (messages.length >= count) return messages.map((m) => JSON.parse(m));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fewer than ${count} pushes arrived within 15 s`);
}
