import { NAME_PLACEHOLDER } from '../../../../shared/schemas/mail';
import type { EventRow } from '../../../db/schema/events';
import { buttonHtml, escapeHtml } from '../../mail/layout';
import { eventDetailsHtml } from './event-details';

/** A place opened at a full event and the first member waiting has it (greeted by name when sent). */
export function waitlistPlaceEmail(opts: { event: EventRow; link: string }) {
  const { event } = opts;
  return {
    subject: `A place for you: ${event.title}`,
    bodyHtml: `<p>Dear ${NAME_PLACEHOLDER},</p>
<p>Good news: a place has opened up at <strong>${escapeHtml(event.title)}</strong>, and it is yours. You were next on the waitlist, so you are now among the participants.</p>
${eventDetailsHtml(event)}
${buttonHtml(opts.link, 'View the event')}
<p style="font-size:13px;color:#6b5d57">If you can no longer come, please leave the event on its page, so the place goes to the next member waiting.</p>`,
  };
}
