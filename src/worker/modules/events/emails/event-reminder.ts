import { NAME_PLACEHOLDER } from '../../../../shared/schemas/mail';
import { zonedParts } from '../../../../shared/date-format';
import type { EventRow } from '../../../db/schema/events';
import { buttonHtml, escapeHtml } from '../../mail/layout';
import { eventDetailsHtml } from './event-details';

/** The day-before reminder to the participants (greeted by name when sent); times in the event's zone. */
export function eventReminderEmail(opts: { event: EventRow; link: string }) {
  const { event } = opts;
  const start = zonedParts(event.startsAt, event.timeZone);
  return {
    subject: `Reminder: ${event.title}, ${start.date} at ${start.time} ${start.zone}`,
    bodyHtml: `<p>Dear ${NAME_PLACEHOLDER},</p>
<p>A friendly reminder that <strong>${escapeHtml(event.title)}</strong> is coming up on ${escapeHtml(start.date)} at ${escapeHtml(`${start.time} ${start.zone}`)}. We look forward to seeing you there.</p>
${eventDetailsHtml(event)}
${buttonHtml(opts.link, 'View the event')}
<p style="font-size:13px;color:#6b5d57">If your plans have changed, please leave the event on its page, so its host knows and a member waiting can have your place.</p>`,
  };
}
