import { encryptNotification, vapidHeaders } from '@block65/webcrypto-web-push';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { PUSH_TTL_SECONDS, URGENT_PUSH_KINDS, type PushPayload } from '../../../shared/push';
import { CLUB_NAME } from '../../../shared/constants';
import { columnRef } from '../../db/column-ref';
import { notifications } from '../../db/schema/notifications';
import { pushSubscriptions } from '../../db/schema/push';
import { users } from '../../db/schema/users';
import { DEFAULT_LANGUAGE } from '../../../shared/preferences';
import { inLoadedLanguage, loadLanguage } from '../../platform/i18n';
import type { Deps } from '../../platform/deps';
import { describeError } from '../../platform/log-redaction';
import { entryColumns, idsIn, toView } from '../notifications/notifications';
import { pushEnabledSql } from '../notifications/preferences';
import { vapidKeys } from './vapid';

/*
 * Sending (issue 40), from the notifications queue's consumer: once the fan-out wrote a piece of
 * news' notifications, its pushes are planned in slices of at most PUSH_MEMBERS_PER_SLICE
 * recipients (one statement finds where each slice ends) and every slice is queued at once, one
 * message each, so consumers take them side by side rather than one after the other. Each push
 * says what her in-app entry says, read as the entry is read (names only), with its URL: nothing
 * the entry would not show. Encrypted as RFC 8291 (aes128gcm) and signed with VAPID (RFC 8292) by
 * @block65/webcrypto-web-push on Web Crypto; a push service's 404 or 410 removes the subscription.
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

/** One slice of a piece of news' pushes: the recipients after `after`, up to and including `until`. */
export interface PushSlice {
  news: number;
  after: number;
  until: number;
}

/**
 * Her entry about this piece of news is pushed: still unread, written or grown by it, a kind she
 * wants pushed, and a device to push to.
 */
function pushable(newsId: number) {
  const member = columnRef(notifications.userId);
  return and(
    eq(notifications.lastEventId, newsId),
    isNull(notifications.readAt),
    sql`EXISTS (SELECT 1 FROM ${pushSubscriptions} AS "ps" WHERE "ps"."user_id" = ${member})`,
    sql`${pushEnabledSql(member, columnRef(notifications.kind))} = 1`,
  );
}

/**
 * The slices of a piece of news' pushes, in member-id order: one statement answers the member
 * ending each slice of PUSH_MEMBERS_PER_SLICE (and the last), so every slice can be queued at once.
 */
export async function planPushSlices(deps: Deps, newsId: number): Promise<PushSlice[]> {
  const ranked = deps.db
    .select({
      userId: notifications.userId,
      rank: sql<number>`row_number() OVER (ORDER BY ${notifications.userId})`.as('rank'),
      total: sql<number>`count(*) OVER ()`.as('total'),
    })
    .from(notifications)
    .where(pushable(newsId))
    .as('ranked');
  const ends = await deps.db
    .select({ userId: ranked.userId })
    .from(ranked)
    .where(sql`${ranked.rank} % ${PUSH_MEMBERS_PER_SLICE} = 0 OR ${ranked.rank} = ${ranked.total}`)
    .orderBy(ranked.userId);
  return ends.map((end, i) => ({ news: newsId, after: i === 0 ? 0 : ends[i - 1]!.userId, until: end.userId }));
}

/** One slice's pushes: the entries of its members (see pushable), with their devices. */
export async function readPushSlice(deps: Deps, slice: PushSlice): Promise<PushDelivery[]> {
  const entries = await deps.db
    .select({ ...entryColumns(), target: notifications.target, language: users.language })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(and(pushable(slice.news), gt(notifications.userId, slice.after), lte(notifications.userId, slice.until)))
    .orderBy(notifications.userId)
    .limit(PUSH_MEMBERS_PER_SLICE);
  if (entries.length === 0) return [];
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
  // What the in-app entry says, in her language (issue 41).
  const languages = new Set(entries.map((e) => e.language ?? DEFAULT_LANGUAGE));
  await Promise.all([DEFAULT_LANGUAGE, ...languages].map(loadLanguage));
  const deliveries: PushDelivery[] = [];
  for (const entry of entries) {
    const view = inLoadedLanguage(entry.language ?? DEFAULT_LANGUAGE, () => toView(entry));
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
  return deliveries;
}

/**
 * Locally (npm start, the tests) the test push service listens on plain http, which the library
 * refuses: the request is built for its https twin (only the JWT's audience says https) and sent
 * to the http URL. Subscriptions accept http only for this machine, and only locally.
 */
function buildableEndpoint(endpoint: string): string {
  return endpoint.startsWith('http://') ? `https://${endpoint.slice('http://'.length)}` : endpoint;
}

/**
 * The VAPID Authorization of one push service (RFC 8292: a JWT for its origin, good for 12 hours),
 * signed once per slice and push service rather than once per push.
 */
type VapidAuthorizations = Map<string, Promise<string>>;

function vapidAuthorization(deps: Deps, endpoint: string, signed: VapidAuthorizations): Promise<string> {
  const audience = new URL(endpoint).origin;
  let authorization = signed.get(audience);
  if (!authorization) {
    const { publicKey, privateKey } = vapidKeys(deps.env);
    authorization = vapidHeaders(
      { endpoint, expirationTime: null, keys: { p256dh: '', auth: '' } },
      { subject: `mailto:${deps.env.MAIL_FROM}`, publicKey, privateKey },
    ).then((h) => h.headers.authorization);
    signed.set(audience, authorization);
  }
  return authorization;
}

/** Sends one push; answers the push service's status (0 when it could not be reached). */
async function sendOne(deps: Deps, d: PushDelivery, signed: VapidAuthorizations): Promise<number> {
  const endpoint = buildableEndpoint(d.endpoint);
  // What the library's buildPushPayload does, with the slice's one VAPID signature.
  const [authorization, body] = await Promise.all([
    vapidAuthorization(deps, endpoint, signed),
    encryptNotification(
      { endpoint, expirationTime: null, keys: { p256dh: d.p256dh, auth: d.auth } },
      new TextEncoder().encode(JSON.stringify(d.payload)),
    ),
  ]);
  const headers = {
    authorization,
    ttl: String(PUSH_TTL_SECONDS),
    urgency: d.urgency,
    topic: d.topic,
    'content-encoding': 'aes128gcm',
    'content-length': String(body.byteLength),
    'content-type': 'application/octet-stream',
  };
  try {
    const res = await fetch(d.endpoint, { method: 'POST', headers, body });
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
  const signed: VapidAuthorizations = new Map();
  const worker = async () => {
    while (next < deliveries.length) {
      const d = deliveries[next++]!;
      const status = await sendOne(deps, d, signed);
      if (status >= 200 && status < 300) sent++;
      else if (status === 404 || status === 410) gone.push(d.subscriptionId);
      else if (status !== 0) console.error('push: refused', { subscription: d.subscriptionId, status });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_SENDS, deliveries.length) }, worker));
  if (gone.length > 0) await deps.db.delete(pushSubscriptions).where(idsIn(pushSubscriptions.id, gone));
  return { sent, removed: gone.length };
}
