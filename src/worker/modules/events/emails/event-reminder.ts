import { NAME_PLACEHOLDER } from '../../../../shared/schemas/mail';
import { zonedParts } from '../../../../shared/date-format';
import type { EventRow } from '../../../db/schema/events';
import { i18n } from '../../../platform/i18n';
import { buttonHtml, escapeHtml } from '../../mail/layout';
import { eventDetailsHtml } from './event-details';

/** The day-before reminder to the participants (greeted by name when sent); times in the event's zone. */
export function eventReminderEmail(opts: { event: EventRow; link: string }) {
  const { event } = opts;
  const start = zonedParts(event.startsAt, event.timeZone);
  const time = `${start.time} ${start.zone}`;
  return {
    subject: i18n._('Reminder: {title}, {date} at {time}', { title: event.title, date: start.date, time }),
    bodyHtml: `<p>${i18n._('Dear {name},', { name: NAME_PLACEHOLDER })}</p>
<p>${i18n._('A friendly reminder that <strong>{title}</strong> is coming up on {date} at {time}. We look forward to seeing you there.', { title: escapeHtml(event.title), date: escapeHtml(start.date), time: escapeHtml(time) })}</p>
${eventDetailsHtml(event)}
${buttonHtml(opts.link, i18n._('View the event'))}
<p style="font-size:13px;color:#6b5d57">${i18n._('If your plans have changed, please leave the event on its page, so its host knows and a member waiting can have your place.')}</p>`,
  };
}
