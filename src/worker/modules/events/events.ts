import { and, asc, eq, gt, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_EVENT_COLOR } from '../../../shared/constants';
import { todayInZone } from '../../../shared/event-format';
import {
  eventValuesErrors,
  type CreateEventInput,
  type EventDetailDto,
  type EventDto,
  type EventParticipantDto,
  type EventValues,
  type UpdateEventInput,
} from '../../../shared/schemas/events';
import { EVENT_REF_PATTERN, slugify } from '../../../shared/slug';
import { zonedTimeToUtc } from '../../../shared/time-zone';
import type { Actor, MemberActor } from '../../platform/actor';
import { eventParticipants, events, type EventRow } from '../../db/schema/events';
import { images } from '../../db/schema/images';
import { tokens } from '../../db/schema/membership';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { enforceRateLimit } from '../../platform/rate-limit';
import { ensure, requireMember } from '../../platform/guards';
import { eventPolicy, eventViewer } from './policies';
import { auditEntry } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { imageUrl } from '../images/image-storage';

/** Who hosts an event whose creator deleted her account. */
export const FORMER_MEMBER = 'Former member';
export const EVENT_NOT_FOUND = 'Event not found';
/** The refusal of an invite-only event's details (eventPolicy.seeDetails) where a 403 is the answer. */
export const DETAILS_WITHHELD = 'The details of this event are shared with its invited members.';

// ---------------------------------------------------------------------------------------------
// Reads

const eventColumns = {
  event: events,
  creatorName: users.name,
  bannerKey: sql<string | null>`coalesce(${images.displayKey}, ${images.r2Key})`,
};

/** Events with their creator's name and the banner image's key (joined, so still one statement). */
function eventsWithCreator(deps: Deps) {
  return deps.db
    .select(eventColumns)
    .from(events)
    .leftJoin(users, eq(users.id, events.createdBy))
    .leftJoin(images, eq(images.id, events.bannerImageId));
}

/** Participants with their names, in joining order; `which` limits the events (all when omitted). */
function participantsOf(deps: Deps, which?: SQL) {
  return deps.db
    .select({ eventId: eventParticipants.eventId, user_id: users.id, name: users.name })
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
  joined: { creatorName: string | null; bannerKey: string | null },
  participants: EventParticipantDto[],
  viewer: { actor: MemberActor; hasInvitation: boolean },
  now: number,
): EventDto {
  const flags = eventViewer(viewer.actor, row, {
    joined: participants.some((p) => p.user_id === viewer.actor.id),
    hasInvitation: viewer.hasInvitation,
  });
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
    banner_image_id: open ? row.bannerImageId : null,
    image_url: open && joined.bannerKey ? imageUrl(joined.bannerKey) : null,
    created_by: row.createdBy,
    // The creator deleted her account: the event stays, hosted by 'Former member' (DECISIONS).
    creator_name: row.createdBy === null ? FORMER_MEMBER : joined.creatorName,
    participants: open ? participants : [],
    participant_count: open ? participants.length : null,
    is_past: row.endsAt < now,
    viewer: flags,
  };
}

function groupParticipants(rows: { eventId: number; user_id: number; name: string }[]) {
  const byEvent = new Map<number, EventParticipantDto[]>();
  for (const r of rows) {
    let list = byEvent.get(r.eventId);
    if (!list) byEvent.set(r.eventId, (list = []));
    list.push({ user_id: r.user_id, name: r.name });
  }
  return byEvent;
}

/** Upcoming events first (soonest first), then past ones (most recent first). */
function upcomingThenPast(list: EventDto[]): EventDto[] {
  const upcoming = list.filter((e) => !e.is_past);
  const past = list.filter((e) => e.is_past).reverse();
  return [...upcoming, ...past];
}

/**
 * The /calendar list: every event (invite-only ones included and marked), with participants.
 * One D1 round trip whatever the number of events: the two selects go in one batch.
 */
export async function listEvents(deps: Deps, actor: Actor, input: { search?: string } = {}): Promise<EventDto[]> {
  const me = requireMember(actor);
  const search = input.search?.trim();
  const filter = search ? like(events.title, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  return queryEvents(deps, me, filter);
}

/** /activities-member: the events the member joined or created, upcoming first. */
export async function listMySchedule(deps: Deps, actor: Actor): Promise<EventDto[]> {
  const me = requireMember(actor);
  const mine = or(
    eq(events.createdBy, me.id),
    inArray(
      events.id,
      deps.db.select({ id: eventParticipants.eventId }).from(eventParticipants).where(eq(eventParticipants.userId, me.id)),
    ),
  );
  return queryEvents(deps, me, mine);
}

async function queryEvents(deps: Deps, me: MemberActor, filter: SQL | undefined): Promise<EventDto[]> {
  const eventQuery = eventsWithCreator(deps).where(filter).orderBy(asc(events.startsAt), asc(events.id));
  const ids = deps.db.select({ id: events.id }).from(events).where(filter);
  const [rows, people, invitations] = await deps.db.batch([
    eventQuery,
    participantsOf(deps, filter ? inArray(eventParticipants.eventId, ids) : undefined),
    // The viewer's pending invitations: they decide can_join on invite-only events.
    pendingInvitations(deps, me.id),
  ]);
  const byEvent = groupParticipants(people);
  const invited = new Set(invitations.map((i) => i.eventId));
  const now = deps.now();
  return upcomingThenPast(
    rows.map((r) => toEventDto(r.event, r, byEvent.get(r.event.id) ?? [], { actor: me, hasInvitation: invited.has(r.event.id) }, now)),
  );
}

function refCondition(ref: number | string): SQL {
  if (typeof ref === 'number') return eq(events.id, ref);
  return /^\d{1,15}$/.test(ref) ? eq(events.id, Number(ref)) : eq(events.slug, ref.toLowerCase());
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

/**
 * The event page, by id or slug: the event, its participants and whether the viewer holds an
 * invitation, in one D1 round trip.
 */
export async function getEvent(deps: Deps, actor: Actor, ref: number | string): Promise<EventDetailDto> {
  const me = requireMember(actor);
  if (typeof ref === 'string' && !EVENT_REF_PATTERN.test(ref)) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  const where = refCondition(ref);
  const idOf = deps.db.select({ id: events.id }).from(events).where(where);
  const [rows, people, invitation] = await deps.db.batch([
    eventsWithCreator(deps).where(where).limit(1),
    participantsOf(deps, inArray(eventParticipants.eventId, idOf)),
    pendingInvitations(deps, me.id, inArray(tokens.eventId, idOf)),
  ]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return toEventDto(
    row.event,
    row,
    people.map((p) => ({ user_id: p.user_id, name: p.name })),
    { actor: me, hasInvitation: invitation.length > 0 },
    deps.now(),
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
    location: input.location || 'Unset',
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
    title: input.title || 'New Event',
    type: input.type && input.type !== 'none' ? input.type : 'entertainment',
    exclusivity: input.exclusivity || 'open',
    description: input.description || 'Default description',
    note: input.note || null,
    color: (input.color || DEFAULT_EVENT_COLOR).toLowerCase(),
    event_date: input.event_date || todayInZone(now, timeZone),
    end_date: input.end_date || null,
    start_time: input.start_time || '16:00',
    end_time: input.end_time || '21:00',
    time_zone: timeZone,
    is_physical: isPhysical,
    ...placeValues(isPhysical, input),
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
  };
}

async function assertImageExists(deps: Deps, imageId: number | null | undefined): Promise<void> {
  if (!imageId) return;
  const [row] = await deps.db.select({ id: images.id }).from(images).where(eq(images.id, imageId)).limit(1);
  if (!row)
    throw new AppError('BAD_REQUEST', 'The banner image does not exist.', {
      fieldErrors: { banner_image_id: ['The banner image does not exist.'] },
    });
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
  ensure(eventPolicy.create(me), 'Only Founding members, Travel Hosts and admins can create events.');
  await enforceRateLimit(deps.env.MEMBER_WRITE_LIMITER, `member:${me.id}`);
  const values = valuesForCreate(input, deps.now());
  assertValid(values);
  await assertImageExists(deps, input.banner_image_id);
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
          bannerImageId: input.banner_image_id ?? null,
          createdBy: me.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: events.id });
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
  ensure(eventPolicy.edit(me, old), 'Only the event’s creator or an admin can edit it.');
  const values = valuesForUpdate(old, input);
  assertValid(values);
  if (input.banner_image_id) await assertImageExists(deps, input.banner_image_id);
  const patch = {
    ...toColumns(values),
    ...(input.banner_image_id !== undefined ? { bannerImageId: input.banner_image_id } : {}),
    updatedAt: deps.now(),
  };
  const update = deps.db.update(events).set(patch).where(eq(events.id, old.id));
  if (me.isAdmin && old.createdBy !== me.id) {
    await deps.db.batch([update, auditEntry(deps, me, 'event.update', { type: 'event', id: old.id }, { title: values.title })]);
  } else {
    await update.run();
  }
  return getEvent(deps, me, old.id);
}

/** The creator or an admin. Participants, invitations and comments go with it (cascade). */
export async function deleteEvent(deps: Deps, actor: Actor, input: { id: number }): Promise<{ ok: true }> {
  const me = requireMember(actor);
  const old = await findEventRow(deps, input.id);
  ensure(eventPolicy.delete(me, old), 'Only the event’s creator or an admin can delete it.');
  await deps.db.batch([
    deps.db.delete(events).where(eq(events.id, old.id)),
    auditEntry(deps, me, 'event.delete', { type: 'event', id: old.id }, { title: old.title, slug: old.slug, createdBy: old.createdBy }),
  ]);
  return { ok: true };
}
