import type { JoinRequestStatus } from '../../../shared/schemas/events';
import { eventJoinRequests } from '../../db/schema/event-join-requests';
import { and, asc, desc, eq, gt, gte, inArray, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { EVENT_CREATE_DEFAULTS } from '../../../shared/event-defaults';
import { DEFAULT_EVENT_COLOR } from '../../../shared/constants';
import { todayInZone, zonedTimeToUtc } from '../../../shared/date-format';
import {
  eventValuesErrors,
  type CreateEventInput,
  type EventDetailDto,
  type EventCircleRef,
  type EventDto,
  type EventList,
  type EventParticipantDto,
  type EventsPage,
  type ListEventsInput,
  type EventValues,
  type UpdateEventInput,
} from '../../../shared/schemas/events';
import { EVENT_REF_PATTERN, slugify } from '../../../shared/slug';
import type { Actor, MemberActor } from '../../platform/actor';
import { eventParticipants, eventWaitlist, events, type EventRow } from '../../db/schema/events';
import { images } from '../../db/schema/images';
import { tokens } from '../../db/schema/membership';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { enforceRateLimit } from '../../platform/rate-limit';
import { ensure, requireMember } from '../../platform/guards';
import { eventPolicy, eventViewer } from './policies';
import { auditEntry, auditEntryIf } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { imageUrl } from '../images/image-storage';
import { columnRef } from '../../db/column-ref';
import { containsText } from '../../db/like';
import { eventDeletedNews, notify, wakeNotifications } from '../notifications/record';
import { publishChange } from '../notifications/live-publish';
import type { EventChange } from '../notifications/notification-text';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { afterSlots, builtOnce, countedPage, readBatch, SLOT, slotsOf } from '../../platform/built-once';
import {
  capacityBelowCountMessage,
  capacityFitsSql,
  fillFreePlaces,
  notifyPromoted,
  participantCount,
  waitlistOf,
  waitlistPlaceSql,
  type Promotion,
} from './waitlist';
import { memberPhotoSql, memberPhotoUrl } from '../members/member-refs';
import { assertEventCircle, eventCircleSql, eventsInCircleSql } from '../circles/circle-events';

/** Who hosts an event whose creator deleted her account. */
export const FORMER_MEMBER = 'Former member';
export const EVENT_NOT_FOUND = /*i18n*/ 'Event not found';
/** The refusal of an invite-only event's details (eventPolicy.seeDetails) where a 403 is the answer. */
export const DETAILS_WITHHELD = /*i18n*/ 'The details of this event are shared with its invited members.';

// ---------------------------------------------------------------------------------------------
// Reads

const eventColumns = {
  event: events,
  creatorName: users.name,
  bannerKey: sql<string | null>`coalesce(${images.displayKey}, ${images.r2Key})`,
  // Its circle (issue 39): a primary-key lookup per row.
  circleRef: eventCircleSql(),
};

/**
 * The banner is shown while its image still belongs to the event: an image moved to another
 * event (or whose event link was cleared) stops being this one's banner.
 */
const bannerJoin = and(eq(images.id, events.bannerImageId), eq(images.associatedEventId, events.id));

/** Events with their creator's name and the banner image's key (joined, so still one statement). */
function eventsWithCreator(deps: Deps) {
  return deps.db.select(eventColumns).from(events).leftJoin(users, eq(users.id, events.createdBy)).leftJoin(images, bannerJoin);
}

/**
 * Participants with their names and, when each shows it to the viewer, her small photo (issue 22),
 * in joining order; `which` limits the events (all when omitted).
 */
function participantsOf(deps: Deps, viewer: MemberActor, which?: SQL) {
  return deps.db
    .select({ eventId: eventParticipants.eventId, user_id: users.id, name: users.name, photoKey: memberPhotoSql(viewer, users.id) })
    .from(eventParticipants)
    .innerJoin(users, eq(users.id, eventParticipants.userId))
    .where(which)
    .orderBy(asc(eventParticipants.joinedAt), asc(users.id));
}

/**
 * An event as the viewer may see it. Without eventPolicy.seeDetails (an invite-only event she
 * neither created, joined nor holds a live invitation to) she gets the listing fields only
 * (DECISIONS "Privacy and trust"): the street address and zip code, the virtual link, the note,
 * the banner, the participants and their count are withheld, and viewer.can_see_details says so.
 * City, state and country stay, like a Travel Host home's (DECISIONS "Travel Host homes"): a
 * region tells a member whether to ask for an invitation without telling anyone where to go.
 * The count goes too: it is a fact about the participants, and a small private gathering's
 * count next to its host's name says more than the listing should.
 */
export function toEventDto(
  row: EventRow,
  joined: { creatorName: string | null; bannerKey: string | null; circleRef?: string | null },
  participants: EventParticipantDto[] | ParticipantSummary,
  viewer: { actor: MemberActor; hasInvitation: boolean; waitlistPlace: number | null; joinRequest?: JoinRequestStatus | null },
  now: number,
  /** The event's waitlist in order (the event page); lists leave it out. */
  waitlist: EventParticipantDto[] = [],
): EventDto {
  const names = Array.isArray(participants) ? participants : [];
  const flags = eventViewer(viewer.actor, row, {
    joined: Array.isArray(participants) ? participants.some((p) => p.user_id === viewer.actor.id) : participants.viewerJoined,
    hasInvitation: viewer.hasInvitation,
    waitlistPlace: viewer.waitlistPlace,
    joinRequest: viewer.joinRequest,
  });
  const participantCount = Array.isArray(participants) ? participants.length : participants.count;
  const open = flags.can_see_details;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    type: row.type,
    exclusivity: row.exclusivity,
    description: row.description,
    note: open ? row.note : null,
    color: row.color,
    event_date: row.eventDate,
    end_date: row.endDate,
    start_time: row.startTime,
    end_time: row.endTime,
    time_zone: row.timeZone,
    starts_at: new Date(row.startsAt).toISOString(),
    ends_at: new Date(row.endsAt).toISOString(),
    is_physical: row.isPhysical,
    location: open ? row.location : null,
    zip_code: open ? row.zipCode : null,
    city: row.city,
    state: row.state,
    country: row.country,
    virtual_link: open ? row.virtualLink : null,
    bannerImage: open && joined.bannerKey && row.bannerImageId !== null ? { id: row.bannerImageId, url: imageUrl(joined.bannerKey) } : null,
    banner_image_id: open && joined.bannerKey ? row.bannerImageId : null,
    image_url: open && joined.bannerKey ? imageUrl(joined.bannerKey) : null,
    created_by: row.createdBy,
    // The creator deleted her account: the event stays, hosted by 'Former member' (DECISIONS).
    creator_name: row.createdBy === null ? FORMER_MEMBER : joined.creatorName,
    participants: open ? names : [],
    participant_count: open ? participantCount : null,
    // The size of a private gathering says as much as its count: both go together.
    capacity: open ? row.capacity : null,
    is_full: open && row.capacity !== null && participantCount >= row.capacity,
    waitlist: flags.can_see_waitlist ? waitlist : [],
    is_past: row.endsAt < now,
    viewer: flags,
    circle: joined.circleRef ? (JSON.parse(joined.circleRef) as EventCircleRef) : null,
  };
}

/** A list entry's participants: counted in SQL, the names left to the event page. */
export interface ParticipantSummary {
  count: number;
  viewerJoined: boolean;
}

/** How many members joined the event of the outer row (event_participants' primary key, not its rows). */
const participantCountSql = sql<number>`(SELECT count(*) FROM ${eventParticipants} WHERE ${columnRef(eventParticipants.eventId)} = ${columnRef(events.id)})`;
const viewerJoinedSql = (userId: number) =>
  sql<number>`EXISTS (SELECT 1 FROM ${eventParticipants} WHERE ${columnRef(eventParticipants.eventId)} = ${columnRef(events.id)} AND ${columnRef(eventParticipants.userId)} = ${userId})`;
/** The viewer holds a live invitation to the event of the outer row (an index of tokens, not its rows). */
const viewerInvitedSql = (userId: number, now: number) =>
  sql<number>`EXISTS (SELECT 1 FROM ${tokens} WHERE ${columnRef(tokens.userId)} = ${userId} AND ${columnRef(tokens.purpose)} = 'event_invitation'
    AND ${columnRef(tokens.eventId)} = ${columnRef(events.id)} AND ${columnRef(tokens.usedAt)} IS NULL AND ${columnRef(tokens.expiresAt)} > ${now})`;

/** A list's rows: each event with its creator, banner, participant count and the viewer's state, in one statement. */
function eventListRows(deps: Deps, me: MemberActor) {
  return deps.db
    .select({
      ...eventColumns,
      participantCount: participantCountSql.mapWith(Number),
      viewerJoined: viewerJoinedSql(me.id).mapWith(Boolean),
      viewerInvited: viewerInvitedSql(me.id, deps.now()).mapWith(Boolean),
      viewerWaitlistPlace: waitlistPlaceSql(me.id).mapWith(Number),
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.createdBy))
    .leftJoin(images, bannerJoin);
}
type EventListRow = Awaited<ReturnType<ReturnType<typeof eventListRows>['all']>>[number];

/** A list row as the member sees it. */
const listRowDto = (r: EventListRow, me: MemberActor, now: number): EventDto =>
  toEventDto(
    r.event,
    r,
    { count: r.participantCount, viewerJoined: r.viewerJoined },
    { actor: me, hasInvitation: r.viewerInvited, waitlistPlace: r.viewerWaitlistPlace },
    now,
  );

/** 'u' upcoming (not yet ended, soonest first), 'p' past (latest first): a cursor names its list. */
type Phase = 'u' | 'p';
const PHASE: Record<EventList, Phase> = { upcoming: 'u', past: 'p' };
type EventCursor = { phase: Phase; startsAt: number; id: number };

function decodeEventCursor(cursor: string | undefined): EventCursor | undefined {
  const key = decodeCursor(cursor, ['s', 'n', 'n']);
  if (!key) return undefined;
  const [phase, startsAt, id] = key as [string, number, number];
  if (phase !== 'u' && phase !== 'p') throw new AppError('BAD_REQUEST', /*i18n*/ 'Invalid cursor.');
  return { phase, startsAt, id };
}

/**
 * One page (size + 1 rows) of one list, after `after` when given, walking events_starts_idx in
 * the list's order. The first upcoming page starts the walk at now minus the longest event (an
 * event that has not ended began at most that long ago; events_duration_idx answers the max at
 * once) rather than at the first event ever held; a past event began before now.
 */
export function eventPageQuery(
  deps: Deps,
  me: MemberActor,
  phase: Phase,
  filter: SQL | undefined,
  after: EventCursor | undefined,
  size: number,
  behindUpcoming?: { after?: EventCursor },
) {
  const now = deps.now();
  const startsAt = columnRef(events.startsAt);
  const id = columnRef(events.id);
  const upcoming = phase === 'u';
  // SPEC 7's one list reads its past part beside the upcoming one (same batch), but needs it only
  // when the upcoming rows after the cursor leave room on the page: counted up to size + 1 on
  // events_ends_idx, in the LIMIT, which SQLite computes once before the walk (LIMIT 0: no walk;
  // the same test in WHERE was made on every row of the walk). Issue 29.
  const endsAt = columnRef(events.endsAt);
  const limit = behindUpcoming
    ? sql`CASE WHEN (SELECT count(*) FROM (SELECT 1 FROM ${events} WHERE ${endsAt} >= ${now}${
        behindUpcoming.after ? sql` AND (${startsAt}, ${id}) > (${behindUpcoming.after.startsAt}, ${behindUpcoming.after.id})` : sql``
      } LIMIT ${size + 1})) <= ${size} THEN ${size + 1} ELSE 0 END`
    : size + 1;
  const bound = after
    ? upcoming
      ? sql`(${startsAt}, ${id}) > (${after.startsAt}, ${after.id})`
      : sql`(${startsAt}, ${id}) < (${after.startsAt}, ${after.id})`
    : upcoming
      ? sql`${startsAt} >= ${now} - (SELECT coalesce(max("longest"."ends_at" - "longest"."starts_at"), 0) FROM ${events} AS "longest")`
      : sql`${startsAt} < ${now}`;
  return (
    eventListRows(deps, me)
      .where(and(filter, upcoming ? gte(events.endsAt, now) : lt(events.endsAt, now), bound))
      .orderBy(...(upcoming ? [asc(events.startsAt), asc(events.id)] : [desc(events.startsAt), desc(events.id)]))
      // Drizzle writes an SQL limit as it is (its type names numbers and placeholders only).
      .limit(limit as number)
  );
}

/** How many upcoming and past events there are: two walks of events_ends_idx, no row read. */
export function eventCountsQuery(deps: Deps) {
  const now = deps.now();
  const endsAt = columnRef(events.endsAt);
  return deps.db
    .select({
      upcoming: sql<number>`(SELECT count(*) FROM ${events} WHERE ${endsAt} >= ${now})`.mapWith(Number).as('upcoming'),
      past: sql<number>`(SELECT count(*) FROM ${events} WHERE ${endsAt} < ${now})`.mapWith(Number).as('past'),
    })
    .from(sql`(SELECT 1)`);
}

/**
 * A list's first page and the counts of both lists in one statement (issue 29): the counts' one
 * row LEFT JOINed to the page (countedPage), so an empty page still says how many there are.
 */
export function countedEventPageQuery(deps: Deps, me: MemberActor, phase: Phase, size: number) {
  const dir = phase === 'u' ? 'asc' : 'desc';
  const order = `"p"."${events.startsAt.name}" ${dir}, "p"."${events.id.name}" ${dir}`;
  return countedPage(eventCountsQuery(deps), 2, eventPageQuery(deps, me, phase, undefined, undefined, size), order);
}

type EventCounts = { upcoming: number; past: number };

/**
 * A page of a list without a search, built once per isolate (ADR 0020): its phase, its size, '>'
 * for a later page; 'b' for the past part of SPEC 7's one list behind the upcoming part, 'b>'
 * behind the upcoming part after its cursor.
 */
type EventPageKey = `${Phase}${number}${'' | '>' | 'b' | 'b>'}`;
export const eventPage = builtOnce((deps, me, key: EventPageKey) => {
  const phase = key[0] as Phase;
  const cursor = (p: Phase): EventCursor => ({
    phase: p,
    startsAt: SLOT.after as unknown as number,
    id: SLOT.afterId as unknown as number,
  });
  const behind = /b>?$/.test(key) ? { after: key.endsWith('>') ? cursor('u') : undefined } : undefined;
  const after = key.endsWith('>') && !behind ? cursor(phase) : undefined;
  return eventPageQuery(deps, me, phase, undefined, after, Number.parseInt(key.slice(1), 10), behind);
});
/** A first page with the counts (key: its phase and size), built once per isolate. */
export const countedEventPage = builtOnce((deps, me, key: `${Phase}${number}`) =>
  countedEventPageQuery(deps, me, key[0] as Phase, Number(key.slice(1))),
);

/** A case-insensitive (ASCII) substring of the title; % and _ are matched as themselves. */
function titleFilter(search: string | undefined): SQL | undefined {
  const needle = search?.trim();
  return needle ? containsText(columnRef(events.title), needle) : undefined;
}

/**
 * The /calendar lists, a page at a time (issue 13): `when` 'upcoming' or 'past', each keyset-paged
 * over [starts_at, id]; without `when`, SPEC 7's one list, upcoming then past, as one sequence
 * (its cursor says in which list it stopped). Every event is listed, invite-only ones included
 * and marked. One D1 round trip: the page statements (and the counts, on a first page without a
 * search) go in one batch.
 */
export async function listEvents(deps: Deps, actor: Actor, input: ListEventsInput = {}): Promise<EventsPage> {
  const me = requireMember(actor);
  const size = pageSize(input.limit);
  const after = decodeEventCursor(input.cursor);
  const only = input.when ? PHASE[input.when] : undefined;
  if (after && only && after.phase !== only) throw new AppError('BAD_REQUEST', /*i18n*/ 'Invalid cursor.');
  const phases: Phase[] = only ? [only] : after?.phase === 'p' ? ['p'] : ['u', 'p'];
  // A search or a circle (issue 39) makes the statements of this request; without, they are built once.
  const filter = and(titleFilter(input.search), eventsInCircleSql(me, input.circle));
  let counts: EventCounts | null = null;
  let results: EventListRow[][];
  if (!filter) {
    // Without a search, what nearly every request is: statements built once (ADR 0020). A first
    // page counts both lists in its first statement (its other list's page rides beside it).
    const values = { ...slotsOf(deps, me), ...afterSlots(after && [after.startsAt, after.id]) };
    // SPEC 7's one list: its past part only where the upcoming part leaves room (eventPageQuery).
    const suffix = (phase: Phase) => (after?.phase === phase ? '>' : phase === 'p' && phases.length === 2 ? (after ? 'b>' : 'b') : '');
    const pages = phases.map((phase) => eventPage(me, `${phase}${size}${suffix(phase)}`).with(values));
    if (after) {
      results = await readBatch(deps, pages);
    } else {
      const [first, ...more] = await readBatch(deps, [countedEventPage(me, `${phases[0]!}${size}`).with(values), ...pages.slice(1)]);
      counts = first.counts;
      results = [first.rows, ...more];
    }
  } else {
    // Built for this request; a count under a search would read every title: the headings count
    // only the whole lists, so a search has none.
    const [first, ...more] = phases.map((phase) =>
      eventPageQuery(deps, me, phase, filter, after?.phase === phase ? after : undefined, size),
    );
    results = await deps.db.batch([first!, ...more]);
  }
  // Upcoming rows first (at most size + 1), then past ones: the page is the first `size`.
  const rows = results.flatMap((list, i) => list.map((row) => ({ phase: phases[i]!, row })));
  const now = deps.now();
  return {
    ...toPage(
      rows,
      size,
      ({ phase, row }) => [phase, row.event.startsAt, row.event.id],
      ({ row }) => listRowDto(row, me, now),
    ),
    counts,
  };
}

/** The events she joined (event_participants_user_idx) or waits for a place at (event_waitlist_user_idx). */
const joinedOrWaiting = (deps: Deps, me: MemberActor) =>
  or(
    inArray(
      events.id,
      deps.db.select({ id: eventParticipants.eventId }).from(eventParticipants).where(eq(eventParticipants.userId, me.id)),
    ),
    inArray(events.id, deps.db.select({ id: eventWaitlist.eventId }).from(eventWaitlist).where(eq(eventWaitlist.userId, me.id))),
  );

/** Whether she ever joined an event or waited for a place at one (issue 46: a first step), as SQL. */
export const joinedAnyEventSql = (userId: SQL | number) =>
  sql<number>`(EXISTS (SELECT 1 FROM ${eventParticipants} WHERE ${eventParticipants.userId} = ${userId}) OR EXISTS (SELECT 1 FROM ${eventWaitlist} WHERE ${eventWaitlist.userId} = ${userId}))`;

/**
 * "Your club" on /home (issue 31): her next events, joined or waiting, that have not ended,
 * soonest first. The statement, for the caller's batch; its rows go through myNextEvents.
 */
export function myNextEventsQuery(deps: Deps, me: MemberActor, limit: number) {
  return eventListRows(deps, me)
    .where(and(gte(events.endsAt, deps.now()), joinedOrWaiting(deps, me)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit);
}
export const myNextEvents = (deps: Deps, me: MemberActor, rows: EventListRow[]): EventDto[] =>
  rows.map((r) => listRowDto(r, me, deps.now()));

/** /activities-member: the events the member joined, waits for or created, upcoming first. */
export async function listMySchedule(deps: Deps, actor: Actor): Promise<EventDto[]> {
  const me = requireMember(actor);
  const mine = or(eq(events.createdBy, me.id), joinedOrWaiting(deps, me));
  const rows = await eventListRows(deps, me).where(mine).orderBy(asc(events.startsAt), asc(events.id));
  const now = deps.now();
  const list = rows.map((r) => listRowDto(r, me, now));
  // Upcoming events first (soonest first), then past ones (most recent first).
  return [...list.filter((e) => !e.is_past), ...list.filter((e) => e.is_past).reverse()];
}

/** The events (of those `eventCondition` allows, all when omitted) the member holds a pending invitation to. */
function pendingInvitations(deps: Deps, userId: number, eventCondition?: SQL) {
  return deps.db
    .selectDistinct({ eventId: tokens.eventId })
    .from(tokens)
    .where(
      and(
        eq(tokens.purpose, 'event_invitation'),
        eq(tokens.userId, userId),
        eventCondition,
        isNull(tokens.usedAt),
        gt(tokens.expiresAt, deps.now()),
      ),
    );
}

/** An event page is asked for by id or by slug (its value is SLOT.ref). */
export type EventRefKind = 'id' | 'slug';

/**
 * The event page's reads: the event, its participants, her pending invitation, its waitlist;
 * `ref` (the id or the lower-case slug) is a slot when they are built once.
 */
export function eventPageQueries(deps: Deps, me: MemberActor, by: EventRefKind, ref: number | string | typeof SLOT.ref = SLOT.ref) {
  const where = by === 'id' ? eq(events.id, ref as number) : eq(events.slug, ref as string);
  const idOf = deps.db.select({ id: events.id }).from(events).where(where);
  return [
    eventsWithCreator(deps).where(where).limit(1),
    participantsOf(deps, me, inArray(eventParticipants.eventId, idOf)),
    pendingInvitations(deps, me.id, inArray(tokens.eventId, idOf)),
    waitlistOf(deps, inArray(eventWaitlist.eventId, idOf), me),
    deps.db
      .select({ status: eventJoinRequests.status })
      .from(eventJoinRequests)
      .where(and(inArray(eventJoinRequests.eventId, idOf), eq(eventJoinRequests.userId, me.id))),
  ] as const;
}
export const eventPageRow = builtOnce((deps, me, by: EventRefKind) => eventPageQueries(deps, me, by)[0]);
export const eventPageParticipants = builtOnce((deps, me, by: EventRefKind) => eventPageQueries(deps, me, by)[1]);
export const eventPageInvitation = builtOnce((deps, me, by: EventRefKind) => eventPageQueries(deps, me, by)[2]);
export const eventPageWaitlist = builtOnce((deps, me, by: EventRefKind) => eventPageQueries(deps, me, by)[3]);
export const eventPageJoinRequest = builtOnce((deps, me, by: EventRefKind) => eventPageQueries(deps, me, by)[4]);

/**
 * The event page, by id or slug: the event, its participants and whether the viewer holds an
 * invitation, in one D1 round trip.
 */
export async function getEvent(deps: Deps, actor: Actor, ref: number | string): Promise<EventDetailDto> {
  const me = requireMember(actor);
  if (typeof ref === 'string' && !EVENT_REF_PATTERN.test(ref)) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  const byId = typeof ref === 'number' || /^\d{1,15}$/.test(ref);
  const by: EventRefKind = byId ? 'id' : 'slug';
  const slots = { ...slotsOf(deps, me), ref: byId ? Number(ref) : String(ref).toLowerCase() };
  // Built once per isolate (ADR 0020): the event, its participants, her invitation, its waitlist.
  const [rows, people, invitation, waiting, asked] = await readBatch(deps, [
    eventPageRow(me, by).with(slots),
    eventPageParticipants(me, by).with(slots),
    eventPageInvitation(me, by).with(slots),
    eventPageWaitlist(me, by).with(slots),
    eventPageJoinRequest(me, by).with(slots),
  ]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  const place = waiting.findIndex((w) => w.user_id === me.id) + 1;
  return toEventDto(
    row.event,
    row,
    people.map((p) => ({ user_id: p.user_id, name: p.name, photo_url: memberPhotoUrl(p.photoKey) })),
    { actor: me, hasInvitation: invitation.length > 0, waitlistPlace: place || null, joinRequest: asked[0]?.status ?? null },
    deps.now(),
    waiting.map((w) => ({ user_id: w.user_id, name: w.name, photo_url: memberPhotoUrl(w.photoKey) })),
  );
}

/** The stored row, or 404. */
export async function findEventRow(deps: Deps, id: number): Promise<EventRow> {
  const [row] = await deps.db.select().from(events).where(eq(events.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Writes

type EventFieldsInput = Omit<CreateEventInput, 'banner_image_id'>;

/** Physical events keep address fields and no link; virtual ones a link and no address. */
function placeValues(
  isPhysical: boolean,
  input: EventFieldsInput,
): Pick<EventValues, 'location' | 'zip_code' | 'city' | 'state' | 'country' | 'virtual_link'> {
  if (!isPhysical)
    return { location: null, zip_code: null, city: null, state: null, country: null, virtual_link: input.virtual_link || null };
  return {
    location: input.location || EVENT_CREATE_DEFAULTS.location,
    zip_code: input.zip_code || null,
    city: input.city || null,
    state: input.state || null,
    country: input.country || null,
    virtual_link: null,
  };
}

/** SPEC 5: the defaults of an empty create form; "today" is today in the event's zone. */
export function valuesForCreate(input: CreateEventInput, now: number): EventValues {
  const timeZone = input.time_zone || 'UTC';
  const isPhysical = input.is_physical ?? true;
  return {
    title: input.title || EVENT_CREATE_DEFAULTS.title,
    type: input.type && input.type !== 'none' ? input.type : EVENT_CREATE_DEFAULTS.type,
    exclusivity: input.exclusivity || 'open',
    description: input.description || EVENT_CREATE_DEFAULTS.description,
    note: input.note || null,
    color: (input.color || DEFAULT_EVENT_COLOR).toLowerCase(),
    event_date: input.event_date || todayInZone(now, timeZone),
    end_date: input.end_date || null,
    start_time: input.start_time || EVENT_CREATE_DEFAULTS.start_time,
    end_time: input.end_time || EVENT_CREATE_DEFAULTS.end_time,
    time_zone: timeZone,
    is_physical: isPhysical,
    ...placeValues(isPhysical, input),
    capacity: input.capacity ?? null,
  };
}

/**
 * SPEC 5: an edit sends empty date or time fields as the old values; a field left out keeps its
 * value; an empty title, type, colour or zone keeps the old one too (they cannot be blank).
 */
export function valuesForUpdate(old: EventRow, input: UpdateEventInput): EventValues {
  const keep = <T>(value: T | null | undefined | '', previous: T): T =>
    value === undefined || value === null || value === '' ? previous : value;
  const isPhysical = input.is_physical ?? old.isPhysical;
  const merged: EventFieldsInput = {
    location: input.location === undefined ? old.location : input.location,
    zip_code: input.zip_code === undefined ? old.zipCode : input.zip_code,
    city: input.city === undefined ? old.city : input.city,
    state: input.state === undefined ? old.state : input.state,
    country: input.country === undefined ? old.country : input.country,
    virtual_link: input.virtual_link === undefined ? old.virtualLink : input.virtual_link,
  };
  return {
    title: keep(input.title, old.title),
    type: input.type === 'none' ? old.type : keep(input.type, old.type),
    exclusivity: keep(input.exclusivity, old.exclusivity),
    description: input.description === undefined || input.description === null ? old.description : input.description,
    note: input.note === undefined ? old.note : input.note || null,
    color: keep(input.color, old.color).toLowerCase(),
    event_date: keep(input.date ?? input.event_date, old.eventDate),
    // An end date can be cleared: '' and null both mean "ends on the start day".
    end_date: input.end_date === undefined ? old.endDate : input.end_date || null,
    start_time: keep(input.start_time, old.startTime),
    end_time: keep(input.end_time, old.endTime),
    time_zone: keep(input.time_zone, old.timeZone),
    is_physical: isPhysical,
    ...placeValues(isPhysical, merged),
    // Left out keeps the capacity; null or '' removes the limit.
    capacity: input.capacity === undefined ? old.capacity : input.capacity,
  };
}

function assertValid(values: EventValues): void {
  const errors = eventValuesErrors(values);
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('BAD_REQUEST', first, { fieldErrors: errors });
}

function toColumns(v: EventValues) {
  return {
    title: v.title,
    type: v.type,
    exclusivity: v.exclusivity,
    description: v.description,
    note: v.note,
    color: v.color,
    eventDate: v.event_date,
    endDate: v.end_date,
    startTime: v.start_time,
    endTime: v.end_time,
    timeZone: v.time_zone,
    startsAt: zonedTimeToUtc(v.event_date, v.start_time, v.time_zone),
    endsAt: zonedTimeToUtc(v.end_date ?? v.event_date, v.end_time, v.time_zone),
    isPhysical: v.is_physical,
    location: v.location,
    zipCode: v.zip_code,
    city: v.city,
    state: v.state,
    country: v.country,
    virtualLink: v.virtual_link,
    capacity: v.capacity,
  };
}

export const BANNER_NOT_OF_EVENT = /*i18n*/ "The banner must be one of this event's images.";

function bannerRefusal(): AppError {
  return new AppError('BAD_REQUEST', BANNER_NOT_OF_EVENT, { fieldErrors: { banner_image_id: [BANNER_NOT_OF_EVENT] } });
}

/** The image as the event's banner: a photo (not a video) tagged with this very event. */
function bannerOfEvent(eventId: number, imageId: number): SQL {
  return and(eq(images.id, imageId), eq(images.associatedEventId, eventId), eq(images.kind, 'image'), eq(images.context, 'gallery'))!;
}

/**
 * The banner rule (issue 14): banner_image_id names one of the event's own images, or null to
 * clear it. A new event has no images yet, so create refuses any; the update re-checks it in the
 * same statement that writes it (bannerColumn), so an image moved away meanwhile is not taken.
 */
async function assertBannerOfEvent(deps: Deps, eventId: number | null, imageId: number | null | undefined): Promise<void> {
  if (imageId === null || imageId === undefined) return;
  if (eventId === null) throw bannerRefusal();
  const [row] = await deps.db.select({ id: images.id }).from(images).where(bannerOfEvent(eventId, imageId)).limit(1);
  if (!row) throw bannerRefusal();
}

/** The banner column's new value: the image while it is still the event's, else none. */
function bannerColumn(eventId: number, imageId: number | null): SQL | null {
  return imageId === null ? null : sql`(SELECT ${images.id} FROM ${images} WHERE ${bannerOfEvent(eventId, imageId)})`;
}

/** The title's slug, or the first free "-2", "-3"… variant of it. */
async function freeSlug(deps: Deps, title: string): Promise<string> {
  const base = slugify(title);
  // slugify leaves only [a-z0-9-], so the base holds no LIKE wildcard.
  const taken = new Set(
    (
      await deps.db
        .select({ slug: events.slug })
        .from(events)
        .where(or(eq(events.slug, base), like(events.slug, `${base}-%`)))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function isUniqueViolation(err: unknown): boolean {
  const text = String(err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? '')}` : err);
  return /UNIQUE constraint failed: events\.slug/i.test(text);
}

/** Founding members, Travel Hosts and admins create events (DECISIONS); Standard gets 403. */
export async function createEvent(deps: Deps, actor: Actor, input: CreateEventInput): Promise<EventDetailDto> {
  const me = requireMember(actor);
  ensure(eventPolicy.create(me), /*i18n*/ 'Only Founding members, Travel Hosts and admins can create events.');
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  const values = valuesForCreate(input, deps.now());
  assertValid(values);
  await assertBannerOfEvent(deps, null, input.banner_image_id);
  await assertEventCircle(deps, me, input.circle_id);
  const now = deps.now();
  // Two members creating the same title at once may pick the same slug: try again on a clash.
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(deps, values.title);
    try {
      const [row] = await deps.db
        .insert(events)
        .values({
          ...toColumns(values),
          slug,
          createdBy: me.id,
          circleId: input.circle_id ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: events.id });
      await notify(deps, me.id, { kind: 'new_event', eventId: row!.id });
      return getEvent(deps, me, row!.id);
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** The creator or an admin; the slug is kept when the title changes. */
export async function updateEvent(deps: Deps, actor: Actor, input: UpdateEventInput): Promise<EventDetailDto> {
  const me = requireMember(actor);
  const old = await findEventRow(deps, input.id);
  ensure(eventPolicy.edit(me, old), /*i18n*/ 'Only the event’s creator or an admin can edit it.');
  const values = valuesForUpdate(old, input);
  assertValid(values);
  if (input.banner_image_id !== undefined) {
    ensure(eventPolicy.changeBanner(me, old), /*i18n*/ 'Only the event’s creator or an admin can change its banner.');
    await assertBannerOfEvent(deps, old.id, input.banner_image_id);
  }
  // Moving it into a circle (issue 39): one of hers; out of it: null.
  if (input.circle_id !== undefined && input.circle_id !== old.circleId) await assertEventCircle(deps, me, input.circle_id);
  const lowered = values.capacity !== null && (old.capacity === null || values.capacity < old.capacity);
  if (lowered) {
    const count = await participantCount(deps, old.id);
    if (count > values.capacity!) throw capacityRefusal(count);
  }
  const patch = {
    ...toColumns(values),
    ...(input.banner_image_id !== undefined ? { bannerImageId: bannerColumn(old.id, input.banner_image_id) } : {}),
    ...(input.circle_id !== undefined ? { circleId: input.circle_id } : {}),
    updatedAt: deps.now(),
  };
  // The capacity check rides on the update (and its audit entry), so a Join racing the edit
  // cannot leave more participants than places; a raised or removed limit fills the free places
  // from the waitlist in the same batch.
  const fits = capacityFitsSql(old.id, values.capacity);
  const audit =
    me.isAdmin && old.createdBy !== me.id
      ? [auditEntryIf(deps, me, 'event.update', { type: 'event', id: old.id }, { title: values.title }, fits)]
      : [];
  const [promote, forget] = fillFreePlaces(deps, [old.id], deps.now());
  const [updated, promoted] = await deps.db.batch([
    deps.db
      .update(events)
      .set(patch)
      .where(and(eq(events.id, old.id), fits))
      .returning({ id: events.id }),
    promote,
    forget,
    ...audit,
  ]);
  if (updated.length === 0) {
    await findEventRow(deps, old.id); // deleted meanwhile: 404
    throw capacityRefusal(await participantCount(deps, old.id));
  }
  await notifyPromoted(deps, promoted as Promotion[]);
  await notify(deps, me.id, { kind: 'event_changed', eventId: old.id, changes: changesOf(old, values) });
  publishChange(deps, `event-${old.id}`, 'event');
  return getEvent(deps, me, old.id);
}

/** What its participants are told changed (issue 23 `event_changed`): the date, the time, the place. */
function changesOf(old: EventRow, values: EventValues): EventChange[] {
  const now = toColumns(values);
  const differs = (keys: (keyof typeof now & keyof EventRow)[]) => keys.some((k) => (old[k] ?? null) !== (now[k] ?? null));
  const changes: EventChange[] = [];
  if (differs(['eventDate', 'endDate'])) changes.push('date');
  // Another zone moves the same wall time to another moment.
  if (differs(['startTime', 'endTime', 'timeZone'])) changes.push('time');
  if (differs(['isPhysical', 'location', 'zipCode', 'city', 'state', 'country', 'virtualLink'])) changes.push('place');
  return changes;
}

function capacityRefusal(count: number): AppError {
  return new AppError('BAD_REQUEST', capacityBelowCountMessage(count), { fieldErrors: { capacity: [capacityBelowCountMessage(count)] } });
}

/** The creator or an admin. Participants, invitations and comments go with it (cascade). */
export async function deleteEvent(deps: Deps, actor: Actor, input: { id: number }): Promise<{ ok: true }> {
  const me = requireMember(actor);
  const old = await findEventRow(deps, input.id);
  ensure(eventPolicy.delete(me, old), /*i18n*/ 'Only the event’s creator or an admin can delete it.');
  await deps.db.batch([
    // First: who took part or waited goes with the event.
    eventDeletedNews(deps, me.id, old.id),
    deps.db.delete(events).where(eq(events.id, old.id)),
    auditEntry(deps, me, 'event.delete', { type: 'event', id: old.id }, { title: old.title, slug: old.slug, createdBy: old.createdBy }),
  ]);
  await wakeNotifications(deps);
  publishChange(deps, `event-${old.id}`, 'event');
  return { ok: true };
}
