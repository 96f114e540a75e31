import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { NotificationView } from '../../../shared/notifications';
import type { ListNotificationsInput, MarkNotificationsReadInput, NotificationsPage } from '../../../shared/schemas/notifications';
import { columnRef } from '../../db/column-ref';
import { notificationActors, notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { inLanguage } from '../../platform/i18n';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { memberPhotoSql, memberPhotoUrl } from '../members/member-refs';
import { describeError } from '../../platform/log-redaction';
import { languageOf, type RequestMeta } from '../../platform/request-actor';
import { publishUnreadCounts } from './live-publish';
import { FORMER_MEMBER, notificationText } from './notification-text';

/*
 * Her list (issue 23): newest first (by the latest occurrence), a page in one statement through
 * notifications_user_idx (or its unread twin), each entry with the latest three people behind it
 * as one correlated subquery. The unread count is one index count.
 */

/** `column IN (ids)` with the ids as one JSON parameter (D1 binds at most 100 per statement). */
export function idsIn(column: AnySQLiteColumn, ids: number[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/** How many people an entry names (the text says how many more there are). */
const ACTORS_SHOWN = 3;

/**
 * The latest people behind the outer row's entry, as a JSON array of {id, name, photo}: a deleted
 * member's row (actor_id null) or one whose name is gone reads 'Former member' with a null id.
 * With the viewer (her list), each face as issue 22 shows it to her (memberPhotoSql); the emails
 * name people only.
 */
export function actorsJsonSql(viewer?: MemberActor, notificationId: SQL = columnRef(notifications.id)): SQL<string> {
  const photo = viewer ? memberPhotoSql(viewer, sql`"who"."id"`) : sql`NULL`;
  return sql<string>`(SELECT json_group_array(json_object('id', "latest"."id", 'name', "latest"."name", 'photo', "latest"."photo")) FROM (
    SELECT "who"."id" AS "id", coalesce("who"."name", ${FORMER_MEMBER}) AS "name", ${photo} AS "photo"
    FROM ${notificationActors} AS "na" LEFT JOIN ${users} AS "who" ON "who"."id" = "na"."actor_id"
    WHERE "na"."notification_id" = ${notificationId}
    ORDER BY "na"."created_at" DESC, "na"."id" DESC LIMIT ${ACTORS_SHOWN}) AS "latest")`;
}

/** The columns of one entry, with its people (and their faces as the viewer may see them). */
export function entryColumns(viewer?: MemberActor) {
  return {
    id: notifications.id,
    userId: notifications.userId,
    kind: notifications.kind,
    url: notifications.url,
    subject: notifications.subject,
    detail: notifications.detail,
    flags: notifications.flags,
    count: notifications.count,
    createdAt: notifications.createdAt,
    readAt: notifications.readAt,
    actors: actorsJsonSql(viewer),
  };
}

export type EntryRow = {
  id: number;
  kind: NotificationView['kind'];
  url: string;
  subject: string;
  detail: string | null;
  flags: number;
  count: number;
  createdAt: number;
  readAt: number | null;
  actors: string;
};

export function parseActors(json: string | null): NotificationView['actors'] {
  const list = JSON.parse(json ?? '[]') as { id: number | null; name: string; photo?: string | null }[];
  return list.map((a) =>
    a.id === null ? { id: null, name: FORMER_MEMBER, photo_url: null } : { id: a.id, name: a.name, photo_url: memberPhotoUrl(a.photo) },
  );
}

export function toView(row: EntryRow): NotificationView {
  const actors = parseActors(row.actors);
  return {
    id: row.id,
    kind: row.kind,
    text: notificationText({ ...row, actors }),
    url: row.url,
    created_at: new Date(row.createdAt).toISOString(),
    read_at: row.readAt === null ? null : new Date(row.readAt).toISOString(),
    actors,
    count: row.count,
  };
}

/** One page (size + 1 rows) of her list after the cursor's [created_at, id]: one statement. */
export function notificationPageQuery(deps: Deps, me: MemberActor, unread: boolean, after: [number, number] | undefined, size: number) {
  const afterCursor = after
    ? sql`(${columnRef(notifications.createdAt)}, ${columnRef(notifications.id)}) < (${after[0]}, ${after[1]})`
    : undefined;
  return deps.db
    .select(entryColumns(me))
    .from(notifications)
    .where(and(eq(notifications.userId, me.id), unread ? isNull(notifications.readAt) : undefined, afterCursor))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(size + 1);
}

/** GET /api/notifications and notifications.list: the entries' sentences in her language (issue 41). */
export async function listNotifications(
  deps: Deps,
  actor: Actor,
  input: ListNotificationsInput,
  meta: Pick<RequestMeta, 'language'> = {},
): Promise<NotificationsPage> {
  const me = requireMember(actor);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['n', 'n']) as [number, number] | undefined;
  const rows = await notificationPageQuery(deps, me, input.unread ?? false, after, size);
  return inLanguage(languageOf(me, meta), () => toPage(rows, size, (r) => [r.createdAt, r.id], toView));
}

/** Her unread entries, counted through notifications_unread_idx (her rows only, not the table). */
export function unreadCountQuery(deps: Deps, userId: number) {
  return deps.db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** GET /api/notifications/unread-count. */
export async function unreadCount(deps: Deps, actor: Actor): Promise<{ count: number }> {
  const me = requireMember(actor);
  const [row] = await unreadCountQuery(deps, me.id);
  return { count: row?.count ?? 0 };
}

/**
 * POST /api/notifications/read: the ids given (only hers: another member's are ignored, never
 * marked) or all of hers; answers her new unread count, in the same round trip. Her other open
 * pages hear the new count over the live socket.
 */
export async function markNotificationsRead(deps: Deps, actor: Actor, input: MarkNotificationsReadInput): Promise<{ count: number }> {
  const me = requireMember(actor);
  const now = deps.now();
  const which = 'ids' in input ? idsIn(notifications.id, [...new Set(input.ids)]) : undefined;
  const [marked, [row]] = await deps.db.batch([
    deps.db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, me.id), isNull(notifications.readAt), which))
      .returning({ id: notifications.id }),
    unreadCountQuery(deps, me.id),
  ]);
  const count = row?.count ?? 0;
  if (marked.length > 0) deps.waitUntil(publishUnreadCounts(deps, [{ userId: me.id, count }]));
  return { count };
}

/**
 * Marks her unread entry about a thing read (issue 38: reading a conversation reads its
 * "sent you 3 messages"), so its instant email, if not sent yet, is not; her pages hear her new
 * count. Never throws: the entry stays unread at worst.
 */
export async function readNotificationsAbout(deps: Deps, userId: number, kind: NotificationView['kind'], target: string): Promise<void> {
  try {
    const [marked, [row]] = await deps.db.batch([
      deps.db
        .update(notifications)
        .set({ readAt: deps.now() })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.kind, kind),
            eq(notifications.target, target),
            isNull(notifications.readAt),
          ),
        )
        .returning({ id: notifications.id }),
      unreadCountQuery(deps, userId),
    ]);
    if (marked.length > 0) await publishUnreadCounts(deps, [{ userId, count: row?.count ?? 0 }]);
  } catch (err) {
    console.error('notifications: could not mark an entry read', { kind, error: describeError(err) });
  }
}
