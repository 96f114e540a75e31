import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import {
  nightsBetween,
  type ListStaysQuery,
  type RequestStay,
  type StaysPage,
  type StayStatus,
  type StayView,
  type UpdateStay,
} from '../../../shared/schemas/homes';
import { homes, homeStays } from '../../db/schema/homes';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import type { Deps } from '../../platform/deps';
import { ensure, requireAdmin, requireMember } from '../../platform/guards';
import { enforceRateLimit } from '../../platform/rate-limit';
import { enqueueRenderedEmail, type EmailText } from '../mail/enqueue';
import { appLink } from '../mail/layout';
import { stayAcceptedEmail, stayCancelledEmail, stayDeclinedEmail, stayRequestedEmail } from './emails/stay-emails';
import { HOME_NOT_FOUND, todayOf } from './homes';
import { homePolicy, stayIsOver, stayPolicy } from './policies';
import { notify } from '../notifications/record';

/**
 * Stay requests (DECISIONS "Travel Host homes"): a member asks for dates within one availability
 * window; the host accepts or declines; the guest cancels hers, the host an accepted one. Two
 * accepted stays of a home never overlap: the accept is one conditional UPDATE (… WHERE NOT
 * EXISTS an accepted overlapping stay), so of two racing accepts D1 applies exactly one and the
 * other changes no row (409). Overlapping pending requests stay pending and are flagged. Every
 * step emails the other side through the queue.
 */

const STAY_NOT_FOUND = /*i18n*/ 'Stay not found.';
const guest = alias(users, 'guest');
const host = alias(users, 'host');

/** An accepted stay of the same home, other than the row's own, overlaps these dates. */
const overlapSql = (status: 'accepted' | 'pending') =>
  sql`"o"."home_id" = "home_stays"."home_id" AND "o"."id" <> "home_stays"."id" AND "o"."status" = ${status}
    AND "o"."start_date" < "home_stays"."end_date" AND "o"."end_date" > "home_stays"."start_date"`;

function stayFields() {
  return {
    id: homeStays.id,
    homeId: homeStays.homeId,
    guestId: homeStays.guestId,
    hostId: homeStays.hostId,
    startDate: homeStays.startDate,
    endDate: homeStays.endDate,
    guests: homeStays.guests,
    message: homeStays.message,
    hostMessage: homeStays.hostMessage,
    status: homeStays.status,
    createdAt: homeStays.createdAt,
    homeTitle: homes.title,
    city: homes.city,
    country: homes.country,
    address: homes.address,
    guestName: guest.name,
    guestEmail: guest.email,
    guestLanguage: guest.language,
    hostName: host.name,
    hostEmail: host.email,
    hostLanguage: host.language,
    conflicts: sql<number>`EXISTS (SELECT 1 FROM "home_stays" AS "o" WHERE ${overlapSql('accepted')})`,
    pendingOverlaps: sql<number>`(SELECT count(*) FROM "home_stays" AS "o" WHERE ${overlapSql('pending')})`,
  };
}

function staysQuery(deps: Deps, where: SQL | undefined) {
  return deps.db
    .select(stayFields())
    .from(homeStays)
    .innerJoin(homes, eq(homes.id, homeStays.homeId))
    .innerJoin(guest, eq(guest.id, homeStays.guestId))
    .innerJoin(host, eq(host.id, homeStays.hostId))
    .where(where);
}

type StayRow = Awaited<ReturnType<typeof staysQuery>>[number];

function toView(r: StayRow, me: MemberActor, today: string): StayView {
  const viewerRole = r.hostId === me.id ? 'host' : r.guestId === me.id ? 'guest' : 'admin';
  const addressVisible = me.isAdmin || r.hostId === me.id || (r.guestId === me.id && r.status === 'accepted');
  const pending = r.status === 'pending';
  return {
    id: r.id,
    home: { id: r.homeId, title: r.homeTitle, city: r.city, country: r.country, address: addressVisible ? r.address : null },
    guest: { id: r.guestId, name: r.guestName },
    host: { id: r.hostId, name: r.hostName },
    start_date: r.startDate,
    end_date: r.endDate,
    nights: nightsBetween(r.startDate, r.endDate),
    guests: r.guests,
    message: r.message,
    host_message: r.hostMessage,
    status: r.status,
    created_at: new Date(r.createdAt).toISOString(),
    conflicts_with_accepted: pending && Boolean(r.conflicts),
    // How many others asked for these dates is for the host deciding, never for a guest (issue 30).
    overlapping_pending: stayPolicy.answer(me, r) ? Number(r.pendingOverlaps) : null,
    viewer_role: viewerRole,
    past: stayIsOver(r, today),
    can_accept: stayPolicy.accept(me, r, today),
    can_decline: stayPolicy.answer(me, r),
    can_cancel: stayPolicy.cancel(me, r, today),
  };
}

async function findStay(deps: Deps, me: MemberActor, id: number): Promise<StayRow> {
  const [row] = await staysQuery(deps, eq(homeStays.id, id)).limit(1);
  if (!row || !stayPolicy.see(me, row)) throw new AppError('NOT_FOUND', STAY_NOT_FOUND);
  return row;
}

const factsOf = (r: Pick<StayRow, 'homeTitle' | 'city' | 'country' | 'startDate' | 'endDate' | 'guests'>) => ({
  homeTitle: r.homeTitle,
  city: r.city,
  country: r.country,
  startDate: r.startDate,
  endDate: r.endDate,
  nights: nightsBetween(r.startDate, r.endDate),
  guests: r.guests,
});

/** POST /api/homes/{id}/stays: any member but the host, at a listed home, within one window. */
export async function requestStay(deps: Deps, actor: Actor, input: RequestStay): Promise<StayView> {
  const me = requireMember(actor);
  const { homeId, start_date: startDate, end_date: endDate } = input;
  const fits = sql`EXISTS (SELECT 1 FROM "home_availability" AS "w" WHERE "w"."home_id" = "homes"."id" AND "w"."start_date" <= ${startDate} AND "w"."end_date" >= ${endDate})`;
  const taken = sql`EXISTS (SELECT 1 FROM "home_stays" AS "s" WHERE "s"."home_id" = "homes"."id" AND "s"."status" = 'accepted' AND "s"."start_date" < ${endDate} AND "s"."end_date" > ${startDate})`;
  const [found] = await deps.db
    .select({
      id: homes.id,
      hostId: homes.hostId,
      state: homes.state,
      title: homes.title,
      city: homes.city,
      country: homes.country,
      maxGuests: homes.maxGuests,
      hostName: users.name,
      hostEmail: users.email,
      hostLanguage: users.language,
      fits: fits.mapWith(Boolean),
      taken: taken.mapWith(Boolean),
    })
    .from(homes)
    .innerJoin(users, eq(users.id, homes.hostId))
    .where(eq(homes.id, homeId))
    .limit(1);
  if (!found || !homePolicy.see(me, found)) throw new AppError('NOT_FOUND', HOME_NOT_FOUND);
  if (found.hostId === me.id) throw new AppError('FORBIDDEN', /*i18n*/ 'You cannot request a stay at your own home.');
  ensure(homePolicy.request(me, found), /*i18n*/ 'This home is not taking requests.');
  const field = (name: string, message: string) => new AppError('BAD_REQUEST', message, { fieldErrors: { [name]: [message] } });
  if (startDate < todayOf(deps)) throw field('start_date', 'The check-in day has passed.');
  if (input.guests > found.maxGuests)
    throw field('guests', `This home takes at most ${found.maxGuests} guest${found.maxGuests === 1 ? '' : 's'}.`);
  if (!found.fits) throw field('start_date', 'These dates are not within the home’s availability.');
  if (found.taken) throw new AppError('CONFLICT', /*i18n*/ 'These dates are already booked.');
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `homes:${me.id}`);

  const now = deps.now();
  // The same conditions, in the write itself: a home hidden or booked meanwhile inserts nothing.
  const inserted = await deps.db.all<{ id: number }>(sql`
    INSERT INTO "home_stays" ("home_id", "guest_id", "host_id", "start_date", "end_date", "guests", "message", "status", "created_at")
    SELECT "homes"."id", ${me.id}, "homes"."host_id", ${startDate}, ${endDate}, ${input.guests}, ${input.message}, 'pending', ${now}
    FROM "homes"
    WHERE "homes"."id" = ${homeId} AND "homes"."state" = 'listed' AND "homes"."host_id" <> ${me.id} AND ${fits} AND NOT ${taken}
    RETURNING "id"`);
  const id = inserted[0]?.id;
  if (id === undefined) throw new AppError('CONFLICT', /*i18n*/ 'These dates were just booked, or the home stopped taking requests.');

  const stay = factsOf({ homeTitle: found.title, city: found.city, country: found.country, startDate, endDate, guests: input.guests });
  const link = appLink(deps.env.APP_ORIGIN, '/homes/requests');
  await enqueueRenderedEmail(deps, {
    kind: 'home_stay',
    render: () => stayRequestedEmail({ stay, hostName: found.hostName, guestName: me.name, message: input.message, link }),
    recipients: [{ email: found.hostEmail, name: found.hostName, userId: found.hostId, language: found.hostLanguage }],
    senderId: me.id,
  });
  await notify(deps, me.id, { kind: 'stay', stayId: id, step: 'requested', recipientIds: [found.hostId] });
  return toView(await findStay(deps, me, id), me, todayOf(deps));
}

/** A stay request answered (or withdrawn) already: its status in words. */
const ALREADY_ANSWERED =
  /*i18n*/ 'This request is already {status, select, accepted {accepted} declined {declined} cancelled {cancelled} other {answered}}.';

const ALLOWED_FROM: Record<UpdateStay['status'], StayStatus[]> = {
  accepted: ['pending'],
  declined: ['pending'],
  cancelled: ['pending', 'accepted'],
};

/**
 * PATCH /api/stays/{id} {status}: the host accepts or declines a pending request; the guest
 * cancels hers (pending or accepted); the host or an admin cancels an accepted stay. Each write is
 * conditional on the status it starts from, and an accept on no accepted overlap, checked by the
 * rows it changed.
 */
export async function updateStay(deps: Deps, actor: Actor, input: UpdateStay): Promise<StayView> {
  const me = requireMember(actor);
  const stay = await findStay(deps, me, input.id);
  const answered = () => new AppError('CONFLICT', ALREADY_ANSWERED, { values: { status: stay.status } });
  if (input.status === 'cancelled') {
    if (!ALLOWED_FROM.cancelled.includes(stay.status)) throw answered();
    if (stayIsOver(stay, todayOf(deps))) throw new AppError('CONFLICT', /*i18n*/ 'This stay is over.');
    ensure(
      stayPolicy.cancel(me, stay, todayOf(deps)),
      stay.hostId === me.id ? 'Decline a pending request instead.' : 'Only the guest or the host can cancel this stay.',
    );
  } else {
    ensure(stay.hostId === me.id, /*i18n*/ 'Only the host can answer this request.');
    if (stay.status !== 'pending') throw answered();
    if (input.status === 'accepted' && stay.startDate < todayOf(deps))
      throw new AppError('BAD_REQUEST', /*i18n*/ 'The check-in day has passed.');
  }
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `homes:${me.id}`);

  const now = deps.now();
  const fromStatuses = ALLOWED_FROM[input.status];
  const noAcceptedOverlap = sql`NOT EXISTS (SELECT 1 FROM "home_stays" AS "o" WHERE ${overlapSql('accepted')})`;
  // One conditional statement; the rows it returned say whether it applied. (The re-read is not
  // batched with it: D1's batch answers rows keyed by column name, and guest and host share names.)
  const changed = await deps.db
    .update(homeStays)
    .set({
      status: input.status,
      decidedAt: now,
      ...(stay.hostId === me.id ? { hostMessage: input.message } : {}),
    })
    .where(
      and(eq(homeStays.id, stay.id), inArray(homeStays.status, fromStatuses), input.status === 'accepted' ? noAcceptedOverlap : undefined),
    )
    .returning({ id: homeStays.id });
  const after = await findStay(deps, me, stay.id);
  if (changed.length === 0) {
    if (input.status === 'accepted' && after.status === 'pending') {
      throw new AppError('CONFLICT', /*i18n*/ 'These dates overlap a stay you already accepted.');
    }
    throw new AppError('CONFLICT', ALREADY_ANSWERED, { values: { status: after.status } });
  }

  await sendStepEmail(deps, me, after, input);
  await notify(deps, me.id, {
    kind: 'stay',
    stayId: stay.id,
    step: input.status,
    recipientIds: [stay.guestId, stay.hostId].filter((id) => id !== me.id),
  });
  return toView(after, me, todayOf(deps));
}

async function sendStepEmail(deps: Deps, me: MemberActor, stay: StayRow, input: UpdateStay) {
  const stayFacts = factsOf(stay);
  const toGuest = { email: stay.guestEmail, name: stay.guestName, userId: stay.guestId, language: stay.guestLanguage };
  const toHost = { email: stay.hostEmail, name: stay.hostName, userId: stay.hostId, language: stay.hostLanguage };
  let render: () => EmailText;
  let recipient = toGuest;
  if (input.status === 'accepted') {
    render = () =>
      stayAcceptedEmail({
        stay: stayFacts,
        guestName: stay.guestName,
        hostName: stay.hostName,
        address: stay.address,
        message: input.message,
        link: appLink(deps.env.APP_ORIGIN, `/homes/${stay.homeId}`),
      });
  } else if (input.status === 'declined') {
    render = () =>
      stayDeclinedEmail({
        stay: stayFacts,
        guestName: stay.guestName,
        hostName: stay.hostName,
        message: input.message,
        link: appLink(deps.env.APP_ORIGIN, '/homes'),
      });
  } else {
    // A cancellation goes to the other side; an admin's to both.
    const recipients = me.id === stay.guestId ? [toHost] : me.id === stay.hostId ? [toGuest] : [toGuest, toHost];
    for (const r of recipients) {
      const link = appLink(deps.env.APP_ORIGIN, '/homes/requests');
      await enqueueRenderedEmail(deps, {
        kind: 'home_stay',
        render: () => stayCancelledEmail({ stay: stayFacts, recipientName: r.name, byName: me.name, message: input.message, link }),
        recipients: [r],
        senderId: me.id,
      });
    }
    return;
  }
  if (me.id === stay.guestId) recipient = toHost;
  await enqueueRenderedEmail(deps, { kind: 'home_stay', render, recipients: [recipient], senderId: me.id });
}

/**
 * "Your club" on /home (issue 31): her stays as a guest that have not ended (pending requests and
 * accepted stays), soonest first (home_stays_guest_idx). The statement, for the caller's batch.
 */
export function myUpcomingStaysQuery(deps: Deps, me: MemberActor, limit: number) {
  return staysQuery(
    deps,
    and(eq(homeStays.guestId, me.id), inArray(homeStays.status, ['pending', 'accepted']), sql`"home_stays"."end_date" >= ${todayOf(deps)}`),
  )
    .orderBy(asc(homeStays.startDate), asc(homeStays.id))
    .limit(limit);
}
export const myUpcomingStays = (me: MemberActor, rows: StayRow[], today: string): StayView[] => rows.map((r) => toView(r, me, today));

/** How many stay requests wait for her answer as a host (home_stays_host_idx): for the caller's batch. */
export function stayRequestsToAnswerQuery(deps: Deps, me: MemberActor) {
  return deps.db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(homeStays)
    .where(and(eq(homeStays.hostId, me.id), eq(homeStays.status, 'pending')));
}

/**
 * GET /api/stays: the member's stays, as guest, as host or both (default), newest first, keyset
 * by id (home_stays_guest_idx, home_stays_host_idx); role=all is every stay, for admins. One
 * statement per page.
 */
export async function listStays(deps: Deps, actor: Actor, input: ListStaysQuery): Promise<StaysPage> {
  const me = requireMember(actor);
  const role = input.role;
  if (role === 'all') requireAdmin(actor);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['n']);
  const whose =
    role === 'guest'
      ? eq(homeStays.guestId, me.id)
      : role === 'host'
        ? eq(homeStays.hostId, me.id)
        : role === 'all'
          ? undefined
          : or(eq(homeStays.guestId, me.id), eq(homeStays.hostId, me.id));
  const rows = await staysQuery(deps, and(whose, after ? sql`"home_stays"."id" < ${after[0]}` : undefined))
    .orderBy(desc(homeStays.id))
    .limit(size + 1);
  const today = todayOf(deps);
  return toPage(
    rows,
    size,
    (r) => [r.id],
    (r) => toView(r, me, today),
  );
}
