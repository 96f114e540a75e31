import { asc, eq, sql } from 'drizzle-orm';
import type { CoHostsInput, DoorMember } from '../../../shared/schemas/check-in';
import { eventCoHosts } from '../../db/schema/check-in';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { ensure, requireMember } from '../../platform/guards';
import { memberPhotoSql, memberPhotoUrl } from '../members/member-refs';
import { publishChange } from '../notifications/live-publish';
import { findDoorEvent } from './door-event';
import { CO_HOSTS_REFUSED, doorPolicy } from './policies';

/** The event's co-hosts by name, with their faces as the viewer may see them. */
export function coHostsQuery(deps: Deps, viewer: MemberActor, eventId: number) {
  return deps.db
    .select({ id: users.id, name: users.name, photoKey: memberPhotoSql(viewer, users.id) })
    .from(eventCoHosts)
    .innerJoin(users, eq(users.id, eventCoHosts.userId))
    .where(eq(eventCoHosts.eventId, eventId))
    .orderBy(asc(sql`${users.name} COLLATE NOCASE`), asc(users.id));
}

export const toDoorMember = (r: { id: number; name: string; photoKey: string | null }): DoorMember => ({
  id: r.id,
  name: r.name,
  photo_url: memberPhotoUrl(r.photoKey),
});

const UNKNOWN_MEMBERS = /*i18n*/ 'Choose co-hosts among the club’s members.';

/**
 * PUT /api/events/{id}/co-hosts: the host (or an admin) names the members who check guests in
 * beside her; the list replaces the one before (empty: none). The host herself is the host, not
 * a co-host, and is left out. One batch.
 */
export async function setCoHosts(deps: Deps, actor: Actor, input: CoHostsInput): Promise<{ co_hosts: DoorMember[] }> {
  const me = requireMember(actor);
  const event = await findDoorEvent(deps, me, input.id);
  ensure(doorPolicy.nameCoHosts(me, event), CO_HOSTS_REFUSED);
  const ids = [...new Set(input.member_ids)].filter((id) => id !== event.createdBy);
  const idsJson = JSON.stringify(ids);
  const [known] = await deps.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(sql`${users.id} IN (SELECT value FROM json_each(${idsJson}))`);
  if ((known?.n ?? 0) !== ids.length)
    throw new AppError('BAD_REQUEST', UNKNOWN_MEMBERS, { fieldErrors: { member_ids: [UNKNOWN_MEMBERS] } });
  const now = deps.now();
  const [, , named] = await deps.db.batch([
    deps.db.delete(eventCoHosts).where(eq(eventCoHosts.eventId, event.id)),
    deps.db
      .insert(eventCoHosts)
      .select(sql`SELECT ${event.id}, "u"."id", ${now} FROM ${users} AS "u" WHERE "u"."id" IN (SELECT value FROM json_each(${idsJson}))`),
    coHostsQuery(deps, me, event.id),
  ]);
  publishChange(deps, `event-${event.id}`, 'event');
  return { co_hosts: named.map(toDoorMember) };
}
