import { and, asc, eq, gte, like, or, sql, type SQL } from 'drizzle-orm';
import {
  CIRCLE_FACES,
  STARTER_CIRCLE_DESCRIPTIONS,
  STARTER_CIRCLES,
  type CircleCount,
  type CircleDetail,
  type CircleEventDto,
  type CircleEventRef,
  type CirclePerson,
  type CircleSlugInput,
  type CircleSummary,
  type CreateCircleInputSchema,
  type UpdateCircleInputSchema,
} from '../../../shared/schemas/circles';
import { slugify } from '../../../shared/slug';
import { circleMembers, circles, type CircleRow } from '../../db/schema/circles';
import { events } from '../../db/schema/events';
import { images } from '../../db/schema/images';
import { auditLog } from '../../db/schema/membership';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { auditEntry } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { ensure, requireAdmin, requireMember } from '../../platform/guards';
import { memberPhotoSql } from '../members/member-refs';
import {
  circleIdBySlug,
  circleNotFound,
  circlesWithViewer,
  coverUrl,
  findCircle,
  limitCircleWrites,
  membershipOf,
  personOf,
  refreshMemberCount,
  slugOrNotFound,
  type CircleWithViewer,
} from './circle-rows';
import { circlePolicy } from './policies';
import type * as z from 'zod';

/*
 * Issue 39: circles, the club's gatherings as living groups. Every member sees every circle (they
 * are never secret within the club) with its member count and its next event; admins create,
 * rename, archive and delete them and name their hosts; its hosts edit it.
 */

/** How many upcoming events a circle's page lists. */
const UPCOMING_EVENTS = 6;

const NAME_TAKEN = /*i18n*/ 'A circle with this name already exists.';

/** Its next event (events_circle_idx), as JSON, for the outer circles row. */
function nextEventSql(now: number) {
  return sql<string | null>`(SELECT json_object('id', "ne"."id", 'title', "ne"."title", 'event_date', "ne"."event_date")
    FROM ${events} AS "ne" WHERE "ne"."circle_id" = ${circles.id} AND "ne"."ends_at" >= ${now}
    ORDER BY "ne"."starts_at", "ne"."id" LIMIT 1)`.as('next_event');
}

function toSummary(row: CircleWithViewer, nextEvent: CircleEventRef | null): CircleSummary {
  const { circle } = row;
  const m = membershipOf(row);
  return {
    id: circle.id,
    slug: circle.slug,
    name: circle.name,
    description: circle.description,
    cover_url: coverUrl(row.coverKey),
    join: circle.join,
    member_count: circle.memberCount,
    joined: m.status === 'member',
    requested: m.status === 'pending',
    next_event: nextEvent,
    archived: circle.archived,
  };
}

/**
 * GET /api/circles and circles.list: every circle, hers first, then by name, each with its member
 * count (kept on the row) and its next event. Archived circles only for admins and their members.
 * One statement.
 */
export async function listCircles(deps: Deps, actor: Actor): Promise<CircleSummary[]> {
  const me = requireMember(actor);
  const rows = await circlesWithViewer(deps, me, { nextEvent: nextEventSql(deps.now()) })
    .where(me.isAdmin ? undefined : or(eq(circles.archived, false), eq(circleMembers.status, 'member')))
    .orderBy(sql`("my_status" IS 'member') DESC`, asc(sql`lower(${circles.name})`), asc(circles.id));
  return rows.map((r) => toSummary(r, r.nextEvent ? (JSON.parse(r.nextEvent) as CircleEventRef) : null));
}

/** Members with their faces, for the batch of a circle's page (names kept apart from the circle's). */
function peopleOf(deps: Deps, me: MemberActor, slug: string, hostsOnly: boolean, limit: number) {
  return deps.db
    .select({
      personId: sql<number>`${users.id}`.as('person_id'),
      personName: sql<string>`${users.name}`.as('person_name'),
      personPhoto: memberPhotoSql(me, users.id).as('person_photo'),
    })
    .from(circleMembers)
    .innerJoin(users, eq(users.id, circleMembers.userId))
    .where(
      and(
        eq(circleMembers.circleId, circleIdBySlug(slug)),
        eq(circleMembers.status, 'member'),
        hostsOnly ? eq(circleMembers.role, 'host') : undefined,
      ),
    )
    .orderBy(asc(circleMembers.joinedAt), asc(circleMembers.userId))
    .limit(limit);
}

/** Its upcoming events, soonest first (events_circle_idx): every member sees every event listed. */
function upcomingEventsOf(deps: Deps, slug: string) {
  return deps.db
    .select({
      eventId: sql<number>`${events.id}`.as('event_id'),
      title: events.title,
      eventDate: events.eventDate,
      endDate: events.endDate,
      startTime: events.startTime,
      timeZone: events.timeZone,
      startsAt: events.startsAt,
      exclusivity: events.exclusivity,
    })
    .from(events)
    .where(and(eq(events.circleId, circleIdBySlug(slug)), gte(events.endsAt, deps.now())))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(UPCOMING_EVENTS);
}

type PersonRow = { personId: number; personName: string; personPhoto: string | null };
const toPerson = (p: PersonRow): CirclePerson => personOf(p.personId, p.personName, p.personPhoto);

/**
 * GET /api/circles/{slug} and circles.get: the circle, its hosts, its members' faces and its
 * upcoming events, with what she may do there. One D1 round trip (a batch of four reads).
 */
export async function getCircle(deps: Deps, actor: Actor, input: CircleSlugInput): Promise<CircleDetail> {
  const me = requireMember(actor);
  const slug = slugOrNotFound(input.slug);
  const [found, hostRows, faceRows, eventRows] = await deps.db.batch([
    circlesWithViewer(deps, me).where(eq(circles.slug, slug)).limit(1),
    peopleOf(deps, me, slug, true, 20),
    peopleOf(deps, me, slug, false, CIRCLE_FACES),
    upcomingEventsOf(deps, slug),
  ]);
  const row = found[0];
  if (!row) throw circleNotFound();
  return toDetail(me, row, hostRows, faceRows, eventRows);
}

function toDetail(
  me: MemberActor,
  row: CircleWithViewer,
  hostRows: PersonRow[],
  faceRows: PersonRow[],
  eventRows: Awaited<ReturnType<ReturnType<typeof upcomingEventsOf>['all']>>,
): CircleDetail {
  const { circle } = row;
  const m = membershipOf(row);
  const upcoming: CircleEventDto[] = eventRows.map((e) => ({
    id: e.eventId,
    title: e.title,
    event_date: e.eventDate,
    end_date: e.endDate,
    start_time: e.startTime,
    time_zone: e.timeZone,
    starts_at: new Date(e.startsAt).toISOString(),
    exclusivity: e.exclusivity,
  }));
  const hostIds = new Set(hostRows.map((h) => h.personId));
  const host = circlePolicy.host(me, m);
  return {
    ...toSummary(row, upcoming[0] ? { id: upcoming[0].id, title: upcoming[0].title, event_date: upcoming[0].event_date } : null),
    hosts: hostRows.map(toPerson),
    // Hosts first among the faces.
    faces: [...faceRows.filter((f) => hostIds.has(f.personId)), ...faceRows.filter((f) => !hostIds.has(f.personId))].map(toPerson),
    upcoming_events: upcoming,
    cover_image_id: row.coverKey ? circle.coverImageId : null,
    muted: Boolean(row.myMuted),
    pending_requests: host ? row.pending : 0,
    can_post: circlePolicy.post(me, circle, m),
    can_host: host,
    can_see_board: circlePolicy.seeBoard(me, circle, m),
    can_join: circlePolicy.join(me, circle, m),
    can_leave: circlePolicy.leave(me, m),
    can_edit: circlePolicy.edit(me, m),
    can_delete: circlePolicy.delete(me),
    can_name_hosts: circlePolicy.nameHosts(me),
  };
}

/** Visitors too (the public Activities page): each circle's name and member count, nothing more. */
export async function circleCounts(deps: Deps): Promise<CircleCount[]> {
  const rows = await deps.db
    .select({ name: circles.name, count: circles.memberCount })
    .from(circles)
    .where(eq(circles.archived, false))
    .orderBy(asc(sql`lower(${circles.name})`));
  return rows.map((r) => ({ name: r.name, member_count: r.count }));
}

// ---------------------------------------------------------------------------------------------
// Writes

/** The name's slug, or the first free "-2", "-3"… variant of it. */
async function freeSlug(deps: Deps, name: string): Promise<string> {
  // slugify names a text without a Latin letter or digit 'event'.
  const slug = slugify(name);
  const base = slug === 'event' && !/event/i.test(name) ? 'circle' : slug;
  const taken = new Set(
    (
      await deps.db
        .select({ slug: circles.slug })
        .from(circles)
        .where(or(eq(circles.slug, base), like(circles.slug, `${base}-%`)))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const isUniqueViolation = (err: unknown, what: RegExp) =>
  what.test(String(err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? '')}` : err));
const nameTaken = (err: unknown) => isUniqueViolation(err, /UNIQUE constraint failed: index 'circles_name_idx'|circles_name_idx/i);
const slugTaken = (err: unknown) => isUniqueViolation(err, /UNIQUE constraint failed: circles\.slug/i);

/** A cover: one of the club's photos (a gallery photo, or one uploaded for circles), not a video. */
async function assertCover(deps: Deps, imageId: number | null | undefined): Promise<void> {
  if (imageId === null || imageId === undefined) return;
  const [row] = await deps.db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.kind, 'image'), sql`${images.context} IN ('gallery', 'post')`))
    .limit(1);
  if (!row) {
    const message = 'The cover must be a photo of the gallery or one uploaded for the circle.';
    throw new AppError('BAD_REQUEST', message, { fieldErrors: { cover_image_id: [message] } });
  }
}

async function assertNameFree(deps: Deps, name: string, except?: number): Promise<void> {
  const [row] = await deps.db
    .select({ id: circles.id })
    .from(circles)
    .where(sql`lower(${circles.name}) = lower(${name})`)
    .limit(1);
  if (row && row.id !== except) throw new AppError('CONFLICT', NAME_TAKEN, { fieldErrors: { name: [NAME_TAKEN] } });
}

/**
 * A new circle hosted by `hostId`: the circle, its host's membership and its count in one batch.
 * Answers its id. The slug is retried on a clash with a circle made meanwhile.
 */
export async function insertCircle(
  deps: Deps,
  fields: { name: string; description: string; join: CircleRow['join']; coverImageId?: number | null },
  hostId: number,
  extra: (circleId: ReturnType<typeof circleIdBySlug>) => Parameters<Deps['db']['batch']>[0][number][] = () => [],
): Promise<number> {
  await assertNameFree(deps, fields.name);
  const now = deps.now();
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(deps, fields.name);
    const id = circleIdBySlug(slug);
    try {
      const [inserted] = await deps.db.batch([
        deps.db
          .insert(circles)
          .values({
            slug,
            name: fields.name,
            description: fields.description,
            join: fields.join,
            coverImageId: fields.coverImageId ?? null,
            createdBy: hostId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: circles.id }),
        deps.db.insert(circleMembers).values({ circleId: id, userId: hostId, role: 'host', status: 'member', joinedAt: now }),
        refreshMemberCount(deps, id),
        ...extra(id),
      ]);
      return inserted[0]!.id;
    } catch (err) {
      if (nameTaken(err)) throw new AppError('CONFLICT', NAME_TAKEN, { fieldErrors: { name: [NAME_TAKEN] } });
      if (attempt < 3 && slugTaken(err)) continue;
      throw err;
    }
  }
}

/** An audit entry about a circle named by SQL (one made in the same batch). */
function circleAudit(deps: Deps, me: MemberActor, action: 'circle.create', circleId: SQL, details: Record<string, unknown>) {
  return deps.db
    .insert(auditLog)
    .select(sql`SELECT NULL, ${me.id}, ${action}, 'circle', CAST(${circleId} AS TEXT), ${JSON.stringify(details)}, ${deps.now()}`);
}

/** The slug of a circle by id. */
async function slugOf(deps: Deps, id: number): Promise<string> {
  const [row] = await deps.db.select({ slug: circles.slug }).from(circles).where(eq(circles.id, id)).limit(1);
  if (!row) throw circleNotFound();
  return row.slug;
}

/** POST /api/circles (admins): the circle, hosted by the admin who made it until she names others. */
export async function createCircle(deps: Deps, actor: Actor, input: z.output<typeof CreateCircleInputSchema>): Promise<CircleDetail> {
  const me = requireAdmin(actor);
  ensure(circlePolicy.create(me), /*i18n*/ 'Only administrators create circles.');
  await limitCircleWrites(deps, me);
  await assertCover(deps, input.cover_image_id);
  const id = await insertCircle(
    deps,
    { name: input.name, description: input.description, join: input.join, coverImageId: input.cover_image_id },
    me.id,
    (circleId) => [circleAudit(deps, me, 'circle.create', circleId, { name: input.name, join: input.join })],
  );
  return getCircle(deps, me, { slug: await slugOf(deps, id) });
}

/** PATCH /api/circles/{slug} (admins and its hosts): any subset; the slug stays when renamed. */
export async function updateCircle(deps: Deps, actor: Actor, input: z.output<typeof UpdateCircleInputSchema>): Promise<CircleDetail> {
  const me = requireMember(actor);
  const { circle, membership } = await findCircle(deps, me, input.slug);
  ensure(circlePolicy.edit(me, membership), /*i18n*/ 'Only its hosts and administrators can edit this circle.');
  await limitCircleWrites(deps, me);
  if (input.name !== undefined) await assertNameFree(deps, input.name, circle.id);
  await assertCover(deps, input.cover_image_id);
  const patch = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.join !== undefined && { join: input.join }),
    ...(input.cover_image_id !== undefined && { coverImageId: input.cover_image_id }),
    ...(input.archived !== undefined && { archived: input.archived }),
    updatedAt: deps.now(),
  };
  try {
    await deps.db.batch([
      deps.db.update(circles).set(patch).where(eq(circles.id, circle.id)),
      auditEntry(
        deps,
        me,
        'circle.update',
        { type: 'circle', id: circle.id },
        { name: input.name ?? circle.name, archived: input.archived },
      ),
    ]);
  } catch (err) {
    if (nameTaken(err)) throw new AppError('CONFLICT', NAME_TAKEN, { fieldErrors: { name: [NAME_TAKEN] } });
    throw err;
  }
  return getCircle(deps, me, { slug: circle.slug });
}

/**
 * DELETE /api/circles/{slug} (admins): its posts, their comments and its memberships go with it;
 * its events stay, in no circle (their circle_id cleared first, in the same batch).
 */
export async function deleteCircle(deps: Deps, actor: Actor, input: CircleSlugInput): Promise<void> {
  const me = requireAdmin(actor);
  const { circle } = await findCircle(deps, me, input.slug);
  ensure(circlePolicy.delete(me), /*i18n*/ 'Only administrators delete circles.');
  await deps.db.batch([
    deps.db.update(events).set({ circleId: null }).where(eq(events.circleId, circle.id)),
    deps.db.delete(circles).where(eq(circles.id, circle.id)),
    auditEntry(deps, me, 'circle.delete', { type: 'circle', id: circle.id }, { name: circle.name, members: circle.memberCount }),
  ]);
}

/** POST /api/circles/{slug}/hosts (admins): the member hosts it (joining it if she had not). */
export async function addHost(deps: Deps, actor: Actor, input: { slug: string; member_id: number }): Promise<CircleDetail> {
  const me = requireAdmin(actor);
  ensure(circlePolicy.nameHosts(me), /*i18n*/ 'Only administrators name hosts.');
  const { circle } = await findCircle(deps, me, input.slug);
  const [member] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, input.member_id)).limit(1);
  if (!member) throw new AppError('NOT_FOUND', /*i18n*/ 'Member not found.');
  const now = deps.now();
  await deps.db.batch([
    deps.db
      .insert(circleMembers)
      .values({ circleId: circle.id, userId: member.id, role: 'host', status: 'member', joinedAt: now })
      .onConflictDoUpdate({
        target: [circleMembers.circleId, circleMembers.userId],
        set: {
          role: 'host',
          status: 'member',
          joinedAt: sql`CASE WHEN "circle_members"."status" = 'pending' THEN ${now} ELSE "circle_members"."joined_at" END`,
        },
      }),
    refreshMemberCount(deps, circle.id),
    auditEntry(deps, me, 'circle.host', { type: 'circle', id: circle.id }, { memberId: member.id, hosting: true }),
  ]);
  return getCircle(deps, me, { slug: circle.slug });
}

/** DELETE /api/circles/{slug}/hosts/{member_id} (admins): she stays a member, no longer a host. */
export async function removeHost(deps: Deps, actor: Actor, input: { slug: string; member_id: number }): Promise<CircleDetail> {
  const me = requireAdmin(actor);
  ensure(circlePolicy.nameHosts(me), /*i18n*/ 'Only administrators name hosts.');
  const { circle } = await findCircle(deps, me, input.slug);
  const changed = await deps.db
    .update(circleMembers)
    .set({ role: 'member' })
    .where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.userId, input.member_id), eq(circleMembers.role, 'host')))
    .returning({ id: circleMembers.userId });
  if (changed.length === 0) throw new AppError('NOT_FOUND', /*i18n*/ 'She does not host this circle.');
  await auditEntry(deps, me, 'circle.host', { type: 'circle', id: circle.id }, { memberId: input.member_id, hosting: false });
  return getCircle(deps, me, { slug: circle.slug });
}

/**
 * A new club's circles (issue 39): SPEC 2's seven Gatherings, open, hosted by its first admin.
 * Made once: a club that has any circle is left as it is.
 */
export async function ensureStarterCircles(deps: Deps, adminId: number): Promise<void> {
  const [any] = await deps.db.select({ id: circles.id }).from(circles).limit(1);
  if (any) return;
  for (const name of STARTER_CIRCLES) {
    await insertCircle(deps, { name, description: STARTER_CIRCLE_DESCRIPTIONS[name], join: 'open' }, adminId);
  }
}
