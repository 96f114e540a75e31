import * as z from 'zod';
import { EMAIL_MODES, NOTIFICATION_KINDS, type NotificationKind } from '../../../shared/notifications';
import {
  ListNotificationsInputSchema,
  MarkNotificationsReadInputSchema,
  NotificationPreferencesInputSchema,
} from '../../../shared/schemas/notifications';
import { describeRoutes, IsoDateTime } from '../../platform/openapi';
import type { notificationsRoutes } from './rest';

/** One entry of her list (NotificationView). */
const NotificationSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    text: z.string().describe('e.g. "Amara Okafor and 2 others liked your comment"'),
    url: z.string().describe('A path of the app: the event, image, comment or home it is about'),
    created_at: IsoDateTime.describe('The latest occurrence'),
    read_at: IsoDateTime.nullable().describe('null while unread'),
    actors: z
      .array(
        z.object({
          id: z.number().int().nullable(),
          name: z.string(),
          photo_url: z.string().nullable().describe('Her small profile photo when she shows it to the viewer (issue 22), else null'),
        }),
      )
      .describe("The latest people behind it (at most three), newest first; a deleted member is 'Former member' with a null id"),
    count: z.number().int().describe('How many people (or occurrences, for kinds without a person) it stands for'),
  })
  .meta({ id: 'Notification' });

const UnreadCountSchema = z.object({ count: z.number().int() }).meta({ id: 'UnreadCount' });

const PreferencesSchema = z
  .object({
    ...(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.enum(EMAIL_MODES)])) as Record<
      NotificationKind,
      z.ZodEnum<{ off: 'off'; instant: 'instant'; daily: 'daily' }>
    >),
    push: z
      .object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>)
      .describe('Push notifications per kind, on or off (issue 40)'),
  })
  .meta({ id: 'NotificationPreferences' });

/** The REST routes of issue 23, described for GET /api/openapi.json (issue 26). */
export const notificationsRestDocs = describeRoutes<typeof notificationsRoutes>()('Notifications', {
  'GET /api/notifications': {
    operationId: 'listNotifications',
    summary: 'Her notifications, newest first (unread=1: only the unread ones)',
    access: 'member',
    query: ListNotificationsInputSchema,
    paged: true,
    responses: { 200: z.array(NotificationSchema) },
  },
  'GET /api/notifications/unread-count': {
    operationId: 'unreadNotificationCount',
    summary: 'How many of hers are unread',
    access: 'member',
    responses: { 200: UnreadCountSchema },
  },
  'POST /api/notifications/read': {
    operationId: 'markNotificationsRead',
    summary: 'Mark some of hers ({"ids": [...]}) or all ({"all": true}) read; answers her new unread count',
    description: "Another member's ids are ignored, never marked.",
    access: 'member',
    body: MarkNotificationsReadInputSchema,
    responses: { 200: UnreadCountSchema },
  },
  'GET /api/notification-preferences': {
    operationId: 'getNotificationPreferences',
    summary: 'Her email choice per kind (off, instant or daily) and, in `push`, whether each kind is pushed',
    access: 'member',
    responses: { 200: PreferencesSchema },
  },
  'PUT /api/notification-preferences': {
    operationId: 'updateNotificationPreferences',
    summary: 'Change any of her email and push choices (any subset); answers them all',
    description: 'An unknown kind or value is refused (400) and nothing changes.',
    access: 'member',
    body: NotificationPreferencesInputSchema,
    responses: { 200: PreferencesSchema },
  },
  'GET /api/live': {
    operationId: 'openLiveSocket',
    summary: 'The live WebSocket: {"type":"unread","count":N} whenever her count changes; follow an event or image for its changes',
    description:
      'Send {"type":"subscribe","topic":"event-12"} (or image-7) to hear {"type":"changed","topic","what"} when its comments, likes, places or participants change; the page then asks the API again. 403 also for a handshake from another site. At most 10 sockets per member (another closes her oldest), 20 subscribes in 10 s per socket (one more closes it); the server tells {"type":"closing","code","reason"} before it closes a socket, also when her session ends or her membership lapses.',
    access: 'member',
    responses: { 101: { description: 'Switching Protocols: the WebSocket is open.' } },
    errors: [426, 429],
  },
});
