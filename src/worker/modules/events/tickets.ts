import { and, eq } from 'drizzle-orm';
import { qrPath, qrSvg } from '../../../shared/qr';
import type { TicketDto } from '../../../shared/schemas/check-in';
import type { Actor } from '../../platform/actor';
import { eventParticipants, events } from '../../db/schema/events';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import type { MailAttachment } from '../mail/message-body';
import { escapeHtml } from '../mail/layout';
import { encodeBilevelPng } from '../images/png';
import { EVENT_NOT_FOUND } from './events';
import { signTicket } from './ticket-token';

/** Issue 43, "Her ticket": every participant (not the waitlist) has one; leaving voids it (ticket-token.ts). */
export const NO_TICKET = /*i18n*/ 'You have no ticket for this event: tickets are for its participants.';

const ticketLabel = (title: string) => `Your ticket for ${title}`;

/** GET /api/events/{id}/ticket: her token and its QR code (SVG), for a participant; 404 for anyone else. */
export async function getTicket(deps: Deps, actor: Actor, input: { id: number }): Promise<TicketDto> {
  const me = requireMember(actor);
  const [found, mine] = await deps.db.batch([
    deps.db.select({ title: events.title }).from(events).where(eq(events.id, input.id)).limit(1),
    deps.db
      .select({ joinedAt: eventParticipants.joinedAt })
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, input.id), eq(eventParticipants.userId, me.id)))
      .limit(1),
  ]);
  if (!found[0]) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  if (!mine[0]) throw new AppError('NOT_FOUND', NO_TICKET);
  const token = await signTicket(deps.env, { eventId: input.id, memberId: me.id, serial: mine[0].joinedAt });
  return { token, qr_svg: qrSvg(token, ticketLabel(found[0].title)) };
}

/** Pixels per module of the emailed code: about 300 px square, shown at 200. */
const PNG_SCALE = 8;
const QR_CONTENT_ID = 'ticket-qr';

/**
 * The ticket as the event confirmation shows it (issue 43): the QR code as an inline PNG image
 * (mail clients draw no SVG) and the lines around it. `joinedAt` is her participation's.
 */
export async function ticketForEmail(
  deps: Deps,
  event: { id: number; title: string },
  member: { id: number; joinedAt: number },
): Promise<{ html: string; attachment: MailAttachment }> {
  const token = await signTicket(deps.env, { eventId: event.id, memberId: member.id, serial: member.joinedAt });
  const { modules, size } = qrPath(token);
  const px = size * PNG_SCALE;
  const png = encodeBilevelPng(px, px, (x, y) => modules[Math.floor(y / PNG_SCALE)]![Math.floor(x / PNG_SCALE)]!);
  let binary = '';
  for (const b of png) binary += String.fromCharCode(b);
  const html = `<div style="margin:20px 0;text-align:center">
<p style="margin:0 0 8px;font-weight:bold">Your ticket</p>
<img src="cid:${QR_CONTENT_ID}" width="200" height="200" alt="${escapeHtml(ticketLabel(event.title))}" style="display:block;margin:0 auto;border:0">
<p style="margin:8px 0 0;font-size:13px;color:#6b5d57">Show this code at the door. A screenshot works too.</p>
</div>`;
  return {
    html,
    attachment: {
      filename: `ticket-${event.id}.png`,
      contentType: 'image/png',
      content: btoa(binary),
      base64: true,
      contentId: QR_CONTENT_ID,
    },
  };
}
