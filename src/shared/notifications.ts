import { EMAIL_CATEGORIES, EMAIL_CATEGORY_LABELS, type EmailCategory } from './constants';

/*
 * Issue 23 and DECISIONS "Notifications and sign-in": the one list of kinds a member is told
 * about, in the app and by email, with each kind's email choice. Settings > Email shows these
 * beside the optional email categories of issue 12 in one table (EMAIL_CHOICES below). Zod-free,
 * so the bell and Settings read it without loading zod.
 */

export const NOTIFICATION_KINDS = [
  'comment',
  'like',
  'event_changed',
  'waitlist_place',
  'stay',
  'application',
  'new_event',
  'message',
  // Issue 39: circles.
  'circle_post',
  'circle_request',
  'circle_accepted',
  // Issue 43: after an event she came to.
  'event_feedback',
  // Issue 46 point 12: asking to join an invite-only event, and its answer.
  'event_join_request',
  'event_join_answer',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How she wants a kind by email: not at all, at once (merged within 10 minutes), or in the daily summary. */
export const EMAIL_MODES = ['off', 'instant', 'daily'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export const EMAIL_MODE_LABELS: Record<EmailMode, string> = {
  off: "Don't email",
  instant: 'Email me now',
  daily: 'Daily summary',
};

export interface NotificationKindInfo {
  /** Settings > Email's row. */
  label: string;
  /** The email choice until she makes one (the defaults). */
  defaultEmail: EmailMode;
  /** Only admins are told about it (new membership applications). */
  adminOnly: boolean;
}

export const NOTIFICATION_KIND_INFO: Record<NotificationKind, NotificationKindInfo> = {
  comment: { label: /*i18n*/ 'Comments on my events, images and conversations', defaultEmail: 'daily', adminOnly: false },
  like: { label: /*i18n*/ 'Likes of my comments', defaultEmail: 'off', adminOnly: false },
  event_changed: { label: /*i18n*/ 'Changes to events I joined or wait for', defaultEmail: 'instant', adminOnly: false },
  waitlist_place: { label: /*i18n*/ 'A place for me from a waitlist', defaultEmail: 'instant', adminOnly: false },
  stay: { label: /*i18n*/ 'Stay requests and their answers', defaultEmail: 'instant', adminOnly: false },
  application: { label: /*i18n*/ 'New membership applications', defaultEmail: 'instant', adminOnly: true },
  new_event: { label: /*i18n*/ 'New events', defaultEmail: 'daily', adminOnly: false },
  // Issue 38: who wrote to her, grouped per conversation; never the text.
  message: { label: /*i18n*/ 'Messages from members', defaultEmail: 'instant', adminOnly: false },
  circle_post: { label: /*i18n*/ 'New posts in my circles', defaultEmail: 'daily', adminOnly: false },
  circle_request: { label: /*i18n*/ 'Requests to join a circle I host', defaultEmail: 'instant', adminOnly: false },
  circle_accepted: { label: /*i18n*/ 'My request to join a circle accepted', defaultEmail: 'instant', adminOnly: false },
  event_feedback: { label: /*i18n*/ 'Feedback requests after events I came to', defaultEmail: 'off', adminOnly: false },
  event_join_request: { label: /*i18n*/ 'Requests to join an invite-only event I host', defaultEmail: 'instant', adminOnly: false },
  event_join_answer: { label: /*i18n*/ 'Answers to my requests to join an event', defaultEmail: 'instant', adminOnly: false },
};

export type NotificationPreferences = Record<NotificationKind, EmailMode>;

export const DEFAULT_NOTIFICATION_PREFERENCES = Object.fromEntries(
  NOTIFICATION_KINDS.map((k) => [k, NOTIFICATION_KIND_INFO[k].defaultEmail]),
) as NotificationPreferences;

export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/**
 * Settings > Email's one table: every kind (off, now, daily) and every optional category of
 * issue 12 (on or off), in the order shown.
 */
export type EmailChoice =
  | { id: NotificationKind; label: string; modes: readonly EmailMode[]; adminOnly: boolean }
  | { id: EmailCategory; label: string; modes: readonly ['off', 'on']; adminOnly: false };

export const EMAIL_CHOICES: readonly EmailChoice[] = [
  ...NOTIFICATION_KINDS.map((k) => ({
    id: k,
    label: NOTIFICATION_KIND_INFO[k].label,
    modes: EMAIL_MODES,
    adminOnly: NOTIFICATION_KIND_INFO[k].adminOnly,
  })),
  ...EMAIL_CATEGORIES.map((c) => ({ id: c, label: EMAIL_CATEGORY_LABELS[c], modes: ['off', 'on'] as const, adminOnly: false as const })),
];

/** The daily summary's own unsubscribe: every kind she gets daily goes off. */
export const DIGEST_CATEGORY = 'digest';

/**
 * What a one-click unsubscribe link may turn off (RFC 8058, issue 12): an email category, a kind,
 * or the daily summary.
 */
export const UNSUBSCRIBE_CATEGORIES = [...EMAIL_CATEGORIES, ...NOTIFICATION_KINDS, DIGEST_CATEGORY] as const;
export type UnsubscribeCategory = (typeof UNSUBSCRIBE_CATEGORIES)[number];

/** How many entries the bell opens on. */
export const BELL_ENTRIES = 10;

/** Instant emails about the same thing within this long of the last one are merged into one. */
export const INSTANT_EMAIL_MERGE_MS = 10 * 60 * 1000;

/** The daily summary goes at the first housekeeping run after this hour, in her time zone. */
export const DIGEST_HOUR = 7;

/** Read notifications older than this go in the housekeeping: 180 days after she read them (issue 44; it was 90). */
export const READ_NOTIFICATION_TTL_MS = 180 * 24 * 60 * 60 * 1000;

/** One entry of her list, as GET /api/notifications and notifications.list answer it. */
export interface NotificationView {
  id: number;
  kind: NotificationKind;
  text: string;
  /** A path of the app: the event, image, comment or home it is about. */
  url: string;
  /** ISO 8601 of the latest occurrence. */
  created_at: string;
  /** ISO 8601, or null while unread. */
  read_at: string | null;
  /**
   * The latest people behind it (at most three), newest first; a deleted member is 'Former member'
   * with a null id. photo_url: her small photo when she shows it to the viewer (issue 22), else null.
   */
  actors: { id: number | null; name: string; photo_url: string | null }[];
  /** How many people (or occurrences, for kinds without a person) it stands for. */
  count: number;
}

/*
 * The live socket (GET /api/live): JSON messages with a `type`. The server sends `unread` whenever
 * her count changes, and `changed` when something on a topic she subscribed to changed (its
 * comments, likes, places or participants): the page then asks the API again, with her own rights.
 */
export type LiveServerMessage =
  | { type: 'unread'; count: number }
  | { type: 'changed'; topic: string; what: LiveChange }
  | { type: 'subscribed'; topic: string }
  | { type: 'refused'; topic: string }
  // Issue 38: her unread messages in all (sent as she connects), and something happened in one
  // of her conversations (a message, an edit, a deletion): never its text.
  | { type: 'messages_unread'; count: number }
  | { type: 'message'; conversation_id: number; unread: number }
  /** The server is about to close this socket, with this close code and reason (LIVE_CLOSE). */
  | { type: 'closing'; code: number; reason: string };
export type LiveClientMessage = { type: 'subscribe'; topic: string } | { type: 'unsubscribe'; topic: string };
/** What changed on a topic. */
export type LiveChange = 'comments' | 'event';

/** A topic is a commentable id ("event-12", "image-7", "post-3"): the event page, the lightbox, a circle's post. */
export const LIVE_TOPIC_PATTERN = /^(event|image|post)-[1-9]\d{0,15}$/;
/** A socket follows at most this many topics at once. */
export const MAX_LIVE_TOPICS = 20;
/** A member has at most this many sockets open; opening another closes her oldest (issue 45). */
export const MAX_LIVE_SOCKETS = 10;
/** A socket may subscribe at most this many times in LIVE_SUBSCRIBE_WINDOW_MS; one more closes it. */
export const MAX_LIVE_SUBSCRIBES = 20;
export const LIVE_SUBSCRIBE_WINDOW_MS = 10_000;

/**
 * The codes the server closes a socket with, after a `closing` message with the same code and its
 * reason. After REPLACED (a newer page of hers took its place), SESSION_ENDED or LAPSED a page
 * does not reconnect by itself (only on coming back to the foreground); after TOO_MANY_SUBSCRIBES
 * it reconnects with its usual backoff.
 */
export const LIVE_CLOSE_CODE = { REPLACED: 4000, SESSION_ENDED: 4001, LAPSED: 4003, TOO_MANY_SUBSCRIBES: 4029 } as const;
export type LiveCloseKind = keyof typeof LIVE_CLOSE_CODE;
