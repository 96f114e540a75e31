import type { EventRow } from '../../../db/schema/events';
import { buttonHtml, escapeHtml } from '../../mail/layout';
import { eventDetailsHtml } from './event-details';

/** Sent on request after joining; the .ics file is attached by the caller, and her ticket (issue 43) shown inline. */
export function eventConfirmationEmail(opts: { event: EventRow; memberName: string; link: string; ticketHtml?: string }) {
  const { event } = opts;
  return {
    subject: `Confirmed: ${event.title}`,
    bodyHtml: `<p>Dear ${escapeHtml(opts.memberName)},</p>
<p>You are on the list for <strong>${escapeHtml(event.title)}</strong>. We look forward to seeing you.</p>
${eventDetailsHtml(event)}
${opts.ticketHtml ?? ''}
<p>The attached calendar file adds the event to your calendar.</p>
${buttonHtml(opts.link, 'View the event')}`,
  };
}
