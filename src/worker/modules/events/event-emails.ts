import { and, eq } from 'drizzle-orm';
import type { EventAnnouncementInput } from '../../../shared/schemas/events';
import type { Actor } from '../../platform/actor';
import { eventParticipants, events } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { enforceRateLimit } from '../../platform/rate-limit';
import { enqueueEmail, enqueueRenderedEmail } from '../mail/enqueue';
import { appLink } from '../mail/layout';
import { emailBodyHtml } from '../mail/sanitize';
import { eventAnnouncementEmail } from './emails/event-announcement';
import { eventConfirmationEmail } from './emails/event-confirmation';
import { ensure, requireMember } from '../../platform/guards';
import { eventDetailsVisibleSql, eventPolicy } from './policies';
import { auditEntry } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { DETAILS_WITHHELD, EVENT_NOT_FOUND, findEventRow } from './events';
import { buildIcs, icsFilename } from './ics';
import { ticketForEmail } from './tickets';
import { optedOutSql } from '../mail/email-preferences';
import { receivesClubNewsSql, todayOf } from '../membership/terms';
import { columnRef } from '../../db/column-ref';

const LAPSED_PARTICIPANT = /*i18n*/ 'That member’s membership has lapsed: the club sends her no email about events until it is renewed.';

/**
 * The 'Welcome to {event}!' modal's Send Confirmation Email: the event's details and an .ics
 * file, to a participant. A member asks for their own; the creator or an admin may send one to
 * any participant whose membership has not lapsed (receivesClubNewsSql).
 */
export async function sendConfirmation(deps: Deps, actor: Actor, input: { eventId: number; userId?: number }) {
  const me = requireMember(actor);
  const targetId = input.userId ?? me.id;
  const [found, targets] = await deps.db.batch([
    deps.db.select().from(events).where(eq(events.id, input.eventId)).limit(1),
    deps.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        language: users.language,
        joinedAt: eventParticipants.joinedAt,
        receives: receivesClubNewsSql(columnRef(users.id), todayOf(deps)).mapWith(Boolean).as('receives'),
      })
      .from(eventParticipants)
      .innerJoin(users, eq(users.id, eventParticipants.userId))
      .where(and(eq(eventParticipants.eventId, input.eventId), eq(eventParticipants.userId, targetId))),
  ]);
  const event = found[0];
  if (!event) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  if (targetId !== me.id) ensure(eventPolicy.confirmForOthers(me, event), /*i18n*/ 'You can only ask for your own confirmation.');
  const target = targets[0];
  if (!target)
    throw new AppError(
      'BAD_REQUEST',
      targetId === me.id ? 'Join the event first to get a confirmation.' : 'That member has not joined this event.',
    );
  if (!target.receives) throw new AppError('BAD_REQUEST', LAPSED_PARTICIPANT);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);

  const link = appLink(deps.env.APP_ORIGIN, `/events/${event.id}`);
  // Issue 43: her ticket, the QR code inline.
  const ticket = await ticketForEmail(deps, event, { id: target.id, joinedAt: target.joinedAt });
  await enqueueRenderedEmail(deps, {
    kind: 'event_confirmation',
    render: () => eventConfirmationEmail({ event, memberName: target.name, link, ticketHtml: ticket.html }),
    recipients: [{ email: target.email, name: target.name, userId: target.id, language: target.language }],
    senderId: me.id,
    eventId: event.id,
    attachments: [
      {
        filename: icsFilename(event),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: buildIcs([event], { origin: deps.env.APP_ORIGIN, now: deps.now() }),
      },
      ticket.attachment,
    ],
  });
  return { ok: true as const, message: 'Confirmation email sent.' };
}

/** Draft Announcement Email: the creator or an admin writes to every participant (but a lapsed one: receivesClubNewsSql). */
export async function sendAnnouncement(deps: Deps, actor: Actor, input: EventAnnouncementInput) {
  const me = requireMember(actor);
  const event = await findEventRow(deps, input.eventId);
  ensure(eventPolicy.announce(me, event), /*i18n*/ 'Only the event’s creator or an admin can email its participants.');
  await enforceRateLimit(deps.env, 'MAIL_SEND_LIMITER', `member:${me.id}`);
  const recipients = await deps.db
    .select({ userId: users.id, name: users.name, email: users.email, optedOut: optedOutSql(users.id, 'announcements') })
    .from(eventParticipants)
    .innerJoin(users, eq(users.id, eventParticipants.userId))
    .where(and(eq(eventParticipants.eventId, event.id), receivesClubNewsSql(columnRef(users.id), todayOf(deps))));
  if (recipients.length === 0) throw new AppError('BAD_REQUEST', /*i18n*/ 'No participants yet: there is nobody to send this to.');
  const mail = eventAnnouncementEmail({
    event,
    subject: input.subject,
    safeBodyHtml: emailBodyHtml(input.body),
    link: appLink(deps.env.APP_ORIGIN, `/events/${event.id}`),
  });
  const { messageId } = await enqueueEmail(deps, { kind: 'event_announcement', ...mail, recipients, senderId: me.id, eventId: event.id });
  if (me.isAdmin && event.createdBy !== me.id) {
    await auditEntry(deps, me, 'event.announce', { type: 'event', id: event.id }, { messageId, recipients: recipients.length }).run();
  }
  return { ok: true as const, recipients: recipients.length, message: 'Email sent successfully.' };
}

/**
 * "Add to calendar": the .ics carries the address, the virtual link and the note, so it is for
 * those who see the event's details (eventPolicy.seeDetails); others get 403 (the event itself is
 * listed to every member, so its existence is no secret). One statement.
 */
export async function eventIcs(deps: Deps, actor: Actor, input: { id: number }) {
  const me = requireMember(actor);
  const [found] = await deps.db
    .select({ event: events, visible: eventDetailsVisibleSql(me, events.id, deps.now()).mapWith(Boolean) })
    .from(events)
    .where(eq(events.id, input.id))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  ensure(found.visible, DETAILS_WITHHELD);
  const event = found.event;
  return { filename: icsFilename(event), content: buildIcs([event], { origin: deps.env.APP_ORIGIN, now: deps.now() }) };
}
