import { NAME_PLACEHOLDER } from '../../../../shared/schemas/mail';
import type { EventRow } from '../../../db/schema/events';
import { i18n } from '../../../platform/i18n';
import { buttonHtml, escapeHtml } from '../../mail/layout';
import { eventDetailsHtml } from './event-details';

/** A place opened at a full event and the first member waiting has it (greeted by name when sent). */
export function waitlistPlaceEmail(opts: { event: EventRow; link: string }) {
  const { event } = opts;
  return {
    subject: i18n._('A place for you: {title}', { title: event.title }),
    bodyHtml: `<p>${i18n._('Dear {name},', { name: NAME_PLACEHOLDER })}</p>
<p>${i18n._('Good news: a place has opened up at <strong>{title}</strong>, and it is yours. You were next on the waitlist, so you are now among the participants.', { title: escapeHtml(event.title) })}</p>
${eventDetailsHtml(event)}
${buttonHtml(opts.link, i18n._('View the event'))}
<p style="font-size:13px;color:#6b5d57">${i18n._('If you can no longer come, please leave the event on its page, so the place goes to the next member waiting.')}</p>`,
  };
}
