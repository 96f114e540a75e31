import * as z from 'zod';
import { isValidTimeZone } from '../date-format';
import { EMAIL_MODES, NOTIFICATION_KINDS, type NotificationKind, type NotificationView } from '../notifications';
import { IdSchema } from './common';
import { PageQuerySchema, type Page } from './page';
import './zod-config';
import { withValues } from '../message';

/** `unread=1` (or true) lists only the unread ones; anything else, or nothing, lists all. */
const UnreadFlagSchema = z.preprocess((v) => v === true || v === '1' || v === 'true', z.boolean());

/** GET /api/notifications?limit=&cursor=&unread=1 and notifications.list: her list, newest first. */
export const ListNotificationsInputSchema = PageQuerySchema.extend({ unread: UnreadFlagSchema.optional() });
export type ListNotificationsInput = z.output<typeof ListNotificationsInputSchema>;
export type NotificationsPage = Page<NotificationView>;

/** POST /api/notifications/read: some of hers by id, or all of them. */
export const MarkNotificationsReadInputSchema = z.union(
  [
    z.strictObject({
      ids: z
        .array(IdSchema, { error: 'ids must be a list of notification ids.' })
        .min(1, /*i18n*/ 'Name at least one notification.')
        .max(100, /*i18n*/ 'At most 100 notifications at once.'),
    }),
    z.strictObject({ all: z.literal(true, { error: 'all must be true.' }) }),
  ],
  { error: 'Send {"ids": [...]} or {"all": true}.' },
);
export type MarkNotificationsReadInput = z.output<typeof MarkNotificationsReadInputSchema>;

const EmailModeSchema = z.enum(EMAIL_MODES, { error: /*i18n*/ 'Choose off, instant or daily.' });

const unknownKind = (issue: { code: string; keys?: string[] }, otherwise: string) =>
  issue.code === 'unrecognized_keys' ? withValues(/*i18n*/ 'Unknown kind: {kinds}.', { kinds: (issue.keys ?? []).join(', ') }) : otherwise;

/** Push per kind (issue 40): on or off; any subset, an unknown kind refused. */
const PushChoicesSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean({ error: /*i18n*/ 'Push is true or false.' }).optional()])) as Record<
    NotificationKind,
    z.ZodOptional<z.ZodBoolean>
  >,
  { error: (issue) => unknownKind(issue, 'push must be an object of kinds.') },
);

/**
 * PUT /api/notification-preferences: any subset of the kinds, each off, instant or daily, and
 * `push`, any subset of the kinds, each true or false. A kind that does not exist is refused
 * (400) and nothing changes.
 */
export const NotificationPreferencesInputSchema = z.strictObject(
  {
    ...(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, EmailModeSchema.optional()])) as Record<
      NotificationKind,
      z.ZodOptional<typeof EmailModeSchema>
    >),
    push: PushChoicesSchema.optional(),
  },
  { error: (issue) => unknownKind(issue, /*i18n*/ 'Send an object of kinds.') },
);
export type NotificationPreferencesInput = z.output<typeof NotificationPreferencesInputSchema>;

/** Her browser's zone, kept with her settings: the daily summary goes after 07:00 there. */
export const NotificationSettingsInputSchema = z.strictObject({
  timeZone: z
    .string({ error: /*i18n*/ 'A time zone is required.' })
    .trim()
    .min(1, /*i18n*/ 'A time zone is required.')
    .max(64, /*i18n*/ 'Choose a time zone from the list.')
    .refine(isValidTimeZone, /*i18n*/ 'Choose a time zone from the list.'),
});
export type NotificationSettingsInput = z.output<typeof NotificationSettingsInputSchema>;

export interface NotificationSettings {
  timeZone: string;
}
