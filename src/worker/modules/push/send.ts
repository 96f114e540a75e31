import { buildPushPayload } from '@block65/webcrypto-web-push';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { PUSH_TTL_SECONDS, URGENT_PUSH_KINDS, type PushPayload } from '../../../shared/push';
import { CLUB_NAME } from '../../../shared/constants';
import { columnRef } from '../../db/column-ref';
import { notifications } from '../../db/schema/notifications';
import { pushSubscriptions } from '../../db/schema/push';
import type { Deps } from '../../platform/deps';
import { describeError } from '../../platform/log-redaction';
import { entryColumns, idsIn, toView } from '../notifications/notifications';
import { pushEnabledSql } from '../notifications/preferences';
import { vapidKeys } from './vapid';

/*
 * Sending (issue 40), from the notifications queue's consumer: after the fan-out wrote a piece of
 * news' notifications, its pushes go in slices of PUSH_MEMBERS_PER_SLICE recipients, one queue
 * message each (the next slice is queued before this one sends, so in production slices run side
 * by side). Each push says what her in-app entry says, read as the entry is read (names only), with
 * its URL: nothing the entry would not show. Encrypted as RFC 8291 (aes128gcm) and signed with
 * VAPID (RFC 8292) by @block65/webcrypto-web-push on Web Crypto; a push service's 404 or 410 removes the
 * subscription.
 */

/** Recipients whose devices one queue message serves. */
export const PUSH_MEMBERS_PER_SLICE = 200;
/** Requests in flight at once: a Worker keeps at most six connections open per invocation. */
const CONCURRENT_SENDS = 6;

export interface PushDelivery {
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: PushPayload;
  urgency: 'high' | 'normal';
  topic: string;
}

/** RFC 8030's Topic: at most 32 characters of the URL-safe base64 alphabet, one per kind and thing. */
async function topicOf(kind: string, target: string): Promise<string> {
  const plain = `${kind}-${target}`.replace(/[^A-Za-z0-9_-]/g, '-');
  if (plain.length <= 32) return plain;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(plain)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .slice(0, 32);
}

/**
 * One slice of a piece of news' pushes: the unread entries it wrote or grew for members after
 * `after` (in member-id order) who want the kind pushed and have a device, with those devices.
 * `next` names where the following slice starts, or null when this is the last.
 */
export async function readPushSlice(
  deps: Deps,
  newsId: number,
  after: number,
): Promise<{ deliveries: PushDelivery[]; next: number | null }> {
  const member = columnRef(notifications.userId);
  const entries = await deps.db
    .select({ ...entryColumns(), target: notifications.target })
    .from(notifications)
    .where(
      and(
        eq(notifications.lastEventId, newsId),
        isNull(notifications.readAt),
        gt(notifications.userId, after),
        sql`EXISTS (SELECT 1 FROM ${pushSubscriptions} AS "ps" WHERE "ps"."user_id" = ${member})`,
        sql`${pushEnabledSql(member, columnRef(notifications.kind))} = 1`,
      ),
    )
    .orderBy(notifications.userId)
    .limit(PUSH_MEMBERS_PER_SLICE);
  if (entries.length === 0) return { deliveries: [], next: null };
  const devices = await deps.db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(
      idsIn(
        pushSubscriptions.userId,
        entries.map((e) => e.userId),
      ),
    );
  const byMember = new Map<number, typeof devices>();
  for (const d of devices) byMember.set(d.userId, [...(byMember.get(d.userId) ?? []), d]);
  const deliveries: PushDelivery[] = [];
  for (const entry of entries) {
    const view = toView(entry);
    const payload: PushPayload = {
      title: CLUB_NAME,
      body: view.text,
      url: view.url,
      tag: `${entry.kind}:${entry.target}`,
      kind: entry.kind,
    };
    const topic = await topicOf(entry.kind, entry.target);
    const urgency = URGENT_PUSH_KINDS.includes(entry.kind) ? 'high' : 'normal';
    for (const d of byMember.get(entry.userId) ?? []) {
      deliveries.push({ subscriptionId: d.id, endpoint: d.endpoint, p256dh: d.p256dh, auth: d.auth, payload, urgency, topic });
    }
  }
  const last = entries[entries.length - 1]!.userId;
  return { deliveries, next: entries.length === PUSH_MEMBERS_PER_SLICE ? last : null };
}

/**
 * Locally (npm start, the tests) the test push service listens on plain http, which the library
 * refuses: the request is built for its https twin (only the JWT's audience says https) and sent
 * to the http URL. Subscriptions accept http only for this machine, and only locally.
 */
function buildableEndpoint(endpoint: string): string {
  return endpoint.startsWith('http://') ? `https://${endpoint.slice('http://'.length)}` : endpoint;
}

/** Sends one push; answers the push service's status (0 when it could not be reached). */
async function sendOne(deps: Deps, d: PushDelivery): Promise<number> {
  const { publicKey, privateKey } = vapidKeys(deps.env);
  const request = await buildPushPayload(
    { data: d.payload, options: { ttl: PUSH_TTL_SECONDS, urgency: d.urgency, topic: d.topic } },
    { endpoint: buildableEndpoint(d.endpoint), expirationTime: null, keys: { p256dh: d.p256dh, auth: d.auth } },
    { subject: `mailto:${deps.env.MAIL_FROM}`, publicKey, privateKey },
  );
  try {
    const res = await fetch(d.endpoint, { method: 'POST', headers: request.headers, body: request.body });
    await res.body?.cancel();
    return res.status;
  } catch (err) {
    console.error('push: send failed', { subscription: d.subscriptionId, error: describeError(err) });
    return 0;
  }
}

/**
 * Sends the deliveries, CONCURRENT_SENDS at a time. A 404 or 410 (the device unsubscribed, or the
 * subscription expired) removes the subscription; other failures are logged and dropped (a push is
 * a hint: her list in the app has the entry either way).
 */
export async function deliverPushes(deps: Deps, deliveries: PushDelivery[]): Promise<{ sent: number; removed: number }> {
  const gone: number[] = [];
  let sent = 0;
  let next = 0;
  const worker = async () => {
    while (next < deliveries.length) {
      const d = deliveries[next++]!;
      const status = await sendOne(deps, d);
      if (status >= 200 && status < 300) sent++;
      else if (status === 404 || status === 410) gone.push(d.subscriptionId);
      else if (status !== 0) console.error('push: refused', { subscription: d.subscriptionId, status });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_SENDS, deliveries.length) }, worker));
  if (gone.length > 0) await deps.db.delete(pushSubscriptions).where(idsIn(pushSubscriptions.id, gone));
  return { sent, removed: gone.length };
}
