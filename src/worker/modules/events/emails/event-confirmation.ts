import type { EventRow } from '../../../db/schema/events';
import { i18n } from '../../../platform/i18n';
import { buttonHtml, escapeHtml } from '../../mail/layout';
import { eventDetailsHtml } from './event-details';

/** Sent on request after joining; the .ics file is attached by the caller, and her ticket (issue 43) shown inline. */
export function eventConfirmationEmail(opts: { event: EventRow; memberName: string; link: string; ticketHtml?: string }) {
  const { event } = opts;
  return {
    subject: i18n._('Confirmed: {title}', { title: event.title }),
    bodyHtml: `<p>${i18n._('Dear {name},', { name: escapeHtml(opts.memberName) })}</p>
<p>${i18n._('You are on the list for <strong>{title}</strong>. We look forward to seeing you.', { title: escapeHtml(event.title) })}</p>
${eventDetailsHtml(event)}
${opts.ticketHtml ?? ''}
<p>${i18n._('The attached calendar file adds the event to your calendar.')}</p>
${buttonHtml(opts.link, i18n._('View the event'))}`,
  };
}
