import type { EventRow } from '../../../db/schema/events';
import { i18n } from '../../../platform/i18n';
import { buttonHtml, escapeHtml } from '../../mail/layout';
import { eventDetailsHtml } from './event-details';

/** A member invites another to an event; the link joins (and is the only way into an invite-only event). */
export function eventInvitationEmail(opts: { event: EventRow; inviterName: string; inviteeName: string; link: string }) {
  const { event } = opts;
  return {
    subject: i18n._("You're invited: {title}", { title: event.title }),
    bodyHtml: `<p>${i18n._('Dear {name},', { name: escapeHtml(opts.inviteeName) })}</p>
<p>${i18n._('{inviter} invites you to <strong>{title}</strong>.', { inviter: escapeHtml(opts.inviterName), title: escapeHtml(event.title) })}</p>
${eventDetailsHtml(event)}
${buttonHtml(opts.link, i18n._('Accept the invitation'))}
<p style="font-size:13px;color:#6b5d57">${i18n._('The link is yours alone and works once, for 14 days.')}</p>`,
  };
}
