// Value sets of SPEC 3 and 9, shared by forms, schemas and the database.

export const CLUB_NAME = 'Outstanding Women Outside Work';

export const ACCOUNT_TYPES = ['Founding', 'Standard', 'Travel Host'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const EXCLUSIVITY = ['open', 'invite-only'] as const;
export type Exclusivity = (typeof EXCLUSIVITY)[number];

export const EVENT_TYPES = [
  'travel',
  'tea-party',
  'golf',
  'concert',
  'arts-crafts',
  'entertainment',
  'cooking-food',
  'sports',
  'hiking-camping',
  'book-club',
  'yoga-meditation',
  'picnic',
  'movie-screening',
  'charity-fundraising',
  'arcade-escape',
  'wine-tasting',
  'karaoke',
  'volunteer-day',
  'fishing-trip',
  'golfing',
  'potluck',
  'art-gallery',
  'museum',
  'other',
  'custom',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const INTERESTS = ['Travel', 'Shows', 'Workshops', 'Showcases'] as const;
export const AVAILABILITY = ['Weekdays', 'Weekends', 'Flexible'] as const;
export const APPLICATION_MEMBERSHIP_TYPES = ['Standard', 'Travel Host'] as const;
export const PROPERTY_AVAILABILITY = ['Available Now', 'Seasonal'] as const;

export const RECIPIENT_GROUPS = ['all', 'founding', 'standard', 'travel', 'admins', 'testing', 'selected'] as const;
export type RecipientGroup = (typeof RECIPIENT_GROUPS)[number];

/** DECISIONS: 8 to 128 characters everywhere (registration, reset, change). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const DEFAULT_EVENT_COLOR = '#d3d3d3';

export const TOKEN_TTL_MS = {
  password_reset: 60 * 60 * 1000,
  registration: 7 * 24 * 60 * 60 * 1000,
  event_invitation: 14 * 24 * 60 * 60 * 1000,
} as const;
export type TokenPurpose = keyof typeof TOKEN_TTL_MS;

export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/**
 * A session's last_seen_at is written at most this often (auth/sessions.ts), so "last active"
 * is known to within this much: Settings says "within the last hour" rather than a false minute.
 */
export const SESSION_TOUCH_MS = 60 * 60 * 1000;
export const SESSION_COOKIE = 'owow_session';

export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Issue 15: videos of up to 500 MB, uploaded in parts. */
export const MAX_VIDEO_BYTES = 500 * 1024 * 1024;

/** Calls in one tRPC batch: the server refuses more (413), the client's batch link never sends more. */
export const MAX_TRPC_BATCH = 10;

/** A comment's longest text (SPEC's 5,000 characters). */
export const COMMENT_MAX_LENGTH = 5000;

/**
 * The optional kinds of email a member may turn off (Settings > Email), each on unless she turned
 * it off. Account emails and invitations addressed to her are not optional and have none.
 */
export const EMAIL_CATEGORIES = ['announcements', 'group_mail', 'reminders'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];
/** Messages of src/shared's catalog: translated where shown (the admin's insights, translateText). */
export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, string> = {
  announcements: /*i18n*/ 'Announcements of events I joined',
  group_mail: /*i18n*/ 'Group mail from the club’s admins',
  reminders: /*i18n*/ 'Event reminders (a day before an event I joined)',
};
