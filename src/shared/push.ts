import { NOTIFICATION_KINDS, type NotificationKind } from './notifications';

/*
 * Issue 40: push notifications, per kind and per member, beside the email choice of each kind
 * (src/shared/notifications.ts holds the one list of kinds). Zod-free, so Settings reads it
 * without loading zod.
 */

/**
 * The kinds pushed until she chooses otherwise: what she would want on her lock screen at once. A
 * kind named here that the list does not have yet (`message`, issue 38) is simply never asked about.
 */
const PUSHED_BY_DEFAULT: readonly string[] = ['event_changed', 'waitlist_place', 'stay', 'message', 'application'];

export function pushByDefault(kind: NotificationKind): boolean {
  return PUSHED_BY_DEFAULT.includes(kind);
}

/** Her push choice per kind (GET /api/notification-preferences' `push`). */
export type PushPreferences = Record<NotificationKind, boolean>;

export function defaultPushPreferences(): PushPreferences {
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, pushByDefault(k)])) as PushPreferences;
}

/** A push waits at the push service this long for a device that is offline (RFC 8030 TTL): a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** The kinds that cannot wait (RFC 8030 Urgency: high); the others go as normal. */
export const URGENT_PUSH_KINDS: readonly string[] = ['waitlist_place', 'event_changed'];

/**
 * What a push carries, as the service worker reads it: the in-app entry's sentence and its URL,
 * the grouping tag (one per kind and thing, so a newer push replaces the older on the device).
 */
export type PushPayload = {
  title: string;
  body: string;
  url: string;
  tag: string;
  kind: NotificationKind;
};

/** One of her devices that receives push (GET /api/push/subscriptions). */
export interface PushSubscriptionView {
  id: number;
  /** ISO 8601. */
  created_at: string;
  /** The device as Settings names it ("Chrome 131 on macOS"). */
  user_agent: string;
  /** Settings > Signed-in devices shows it beside this session (its public id). */
  session_id: string;
  /** This very device's subscription. */
  current: boolean;
}
