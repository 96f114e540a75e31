import type { EventRow } from '../../../db/schema/events';
import { buttonHtml, escapeHtml } from '../../mail/layout';
import { eventDetailsHtml } from './event-details';

/** A member invites another to an event; the link joins (and is the only way into an invite-only event). */
export function eventInvitationEmail(opts: { event: EventRow; inviterName: string; inviteeName: string; link: string }) {
  const { event } = opts;
  return {
    subject: `You're invited: ${event.title}`,
    bodyHtml: `<p>Dear ${escapeHtml(opts.inviteeName)},</p>
<p>${escapeHtml(opts.inviterName)} invites you to <strong>${escapeHtml(event.title)}</strong>.</p>
${eventDetailsHtml(event)}
${buttonHtml(opts.link, 'Accept the invitation')}
<p style="font-size:13px;color:#6b5d57">The link is yours alone and works once, for 14 days.</p>`,
  };
}
